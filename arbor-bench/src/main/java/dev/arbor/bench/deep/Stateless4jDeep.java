package dev.arbor.bench.deep;

import com.github.oxo42.stateless4j.StateConfiguration;
import com.github.oxo42.stateless4j.StateMachine;
import com.github.oxo42.stateless4j.StateMachineConfig;
import dev.arbor.bench.peers.QhsmOwner;

/**
 * The deep chart in stateless4j 2.6.0. States are the model's int ids (boxed; all within the
 * Integer cache), the root a real superstate of c1 and the r leaves, entered from a pre-start
 * state by a start trigger. stateless4j has no initial transitions and no history: targets are
 * already leaves in this chart except c7's history, which is a {@code permitDynamic} destination
 * read from a field that c7's exit action writes (the leaf being left), the way a stateless4j user
 * writes history by hand. Its leaf-to-leaf exits and entries are the same as the others' here.
 */
public final class Stateless4jDeep implements DeepImpl {

    private static final DeepChart M = DeepChart.MODEL;
    private static final Integer PRE = -1;
    private static final Object START = new Object();

    private final QhsmOwner o;
    private final StateMachine<Integer, Object> machine;
    /** c7's history, written by c7's exit action. */
    private int c7Last = M.initial[M.composite[DeepChart.COMPOSITES]];

    public Stateless4jDeep(QhsmOwner owner) {
        this.o = owner;
        StateMachineConfig<Integer, Object> c = new StateMachineConfig<>();
        int firstLeaf = 0;
        while (M.isComposite(firstLeaf)) {
            firstLeaf = M.initial[firstLeaf];
        }
        c.configure(PRE).permit(START, firstLeaf);
        int c7 = M.composite[DeepChart.COMPOSITES];
        for (int s = 0; s < M.stateCount(); s++) {
            StateConfiguration<Integer, Object> sc = c.configure(s);
            if (s != 0) {
                String entry = M.entryRecord[s];
                String exit = M.exitRecord[s];
                sc.substateOf(M.parent[s]).onEntry(() -> o.rec(entry));
                if (s == c7) {
                    sc.onExit(t -> {
                        c7Last = t.getSource();
                        o.rec(exit);
                    });
                } else {
                    sc.onExit(() -> o.rec(exit));
                }
            }
            for (DeepChart.Transition t : M.transitions) {
                if (t.source() != s) {
                    continue;
                }
                String record = t.record();
                if (t.target() < 0) {
                    sc.permitInternal(t.event(), () -> o.rec(record));
                } else if (t.toHistory()) {
                    sc.permitDynamic(t.event(), () -> c7Last, () -> o.rec(record));
                } else {
                    sc.permit(t.event(), t.target(), () -> o.rec(record));
                }
            }
        }
        machine = new StateMachine<>(PRE, c);
    }

    @Override
    public void start() {
        machine.fire(START);
    }

    @Override
    public void fire(DeepSig signal) {
        machine.fire(signal);
    }

    @Override
    public String leaf() {
        return M.name[machine.getState()];
    }

    @Override
    public QhsmOwner owner() {
        return o;
    }
}
