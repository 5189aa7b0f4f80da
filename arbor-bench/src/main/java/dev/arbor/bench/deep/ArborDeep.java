package dev.arbor.bench.deep;

import dev.arbor.bench.peers.QhsmOwner;
import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.StateBuilder;

/** The deep chart in Arbor, declared from {@link DeepChart#MODEL}: states keyed by name, c7's history {@code "c7.h"}. */
public final class ArborDeep implements DeepImpl {

    public static final Chart<QhsmOwner> CHART = chart(DeepChart.MODEL);
    static final String HISTORY = "c7.h";

    private final Machine<QhsmOwner> machine;

    public ArborDeep(QhsmOwner owner) {
        this.machine = CHART.newMachine(owner);
    }

    static Chart<QhsmOwner> chart(DeepChart m) {
        var b = Chart.<QhsmOwner>builder("deep").allowUnreachable(); // the a leaves of c1…c6 and r.a are never targeted
        declare(b, m, 0);
        return b.build();
    }

    private static void declare(StateBuilder<QhsmOwner> sb, DeepChart m, int s) {
        if (s != 0) {
            String entry = m.entryRecord[s];
            String exit = m.exitRecord[s];
            sb.onEntry(h -> h.rec(entry)).onExit(h -> h.rec(exit));
        }
        if (m.isComposite(s)) {
            sb.initial(m.name[m.initial[s]]);
        }
        if (s == m.composite[DeepChart.COMPOSITES]) {
            sb.history(HISTORY, HistoryType.SHALLOW);
        }
        for (DeepChart.Transition t : m.transitions) {
            if (t.source() != s) {
                continue;
            }
            String record = t.record();
            var tb = sb.on(t.event()).action((h, e) -> h.rec(record));
            if (t.target() >= 0) {
                tb.target(t.toHistory() ? HISTORY : m.name[t.target()]);
            }
        }
        for (int c = s + 1; c < m.stateCount(); c++) {
            if (m.parent[c] == s) {
                int child = c;
                sb.state(m.name[c], cb -> declare(cb, m, child));
            }
        }
    }

    @Override
    public void start() {
        machine.start();
    }

    @Override
    public void fire(DeepSig signal) {
        machine.fire(signal);
    }

    @Override
    public String leaf() {
        return (String) machine.activeLeaves().get(0);
    }

    @Override
    public QhsmOwner owner() {
        return machine.owner();
    }
}
