package dev.arbor.bench.peers;

import java.util.ArrayList;
import java.util.List;

/**
 * The owner every peer's actions work on: QHsmTst's extended state variable {@code foo}, and the
 * trace. Every entry, exit, initial and transition action of every peer calls {@link #rec} with a
 * constant string, so the work an action does is the same across peers: one counter increment,
 * plus one list append while tracing is on (the equivalence test). Benchmarks turn tracing off,
 * so what they measure is the engine.
 */
public final class QhsmOwner implements Recorder {
    /** QHsmTst's guard variable. */
    public boolean foo;
    /** How many action records were made; keeps the actions' work observable to the JIT. */
    public long count;
    private boolean tracing;
    private final List<String> trace = new ArrayList<>();

    public QhsmOwner() {}

    public QhsmOwner(boolean tracing) {
        this.tracing = tracing;
    }

    /** One action record, such as {@code "s1-ENTRY"} or {@code "s1-D"}. */
    @Override
    public void rec(String record) {
        count++;
        if (tracing) {
            trace.add(record);
        }
    }

    /** For expression languages (Commons SCXML's JEXL) that read {@code owner.foo} as a bean property. */
    public boolean isFoo() {
        return foo;
    }

    public void setFoo(boolean foo) {
        this.foo = foo;
    }

    public void setTracing(boolean on) {
        tracing = on;
        if (!on) {
            trace.clear();
        }
    }

    public boolean isTracing() {
        return tracing;
    }

    /** The records made since the last call. */
    public List<String> drainTrace() {
        List<String> out = List.copyOf(trace);
        trace.clear();
        return out;
    }
}
