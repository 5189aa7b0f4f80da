package dev.arbor.bench.deep;

import java.util.ArrayList;
import java.util.List;

/**
 * Workload 2's chart, built programmatically: depth 8, fan-out 4, with cross-level transitions
 * and a history state. Every implementation ({@link DeepPeer}) is built from this one model, so
 * all of them have the same states and the same transitions.
 *
 * <pre>
 * root ── c1 ── c2 ── … ── c7 ── c7.a, c7.b, c7.c, c7.d      (depth 8; c7 has a history state)
 *   │      │                 (each ck also has leaves ck.a, ck.b, ck.c, at depth k + 1)
 *   r.a, r.b, r.c           (depth 1)
 * </pre>
 *
 * Every composite has four children: the next composite of the spine (its initial child) and
 * three leaves (c7: four leaves, the first initial). So the initial configuration is
 * c1/…/c7/c7.a, eight levels deep. Transitions:
 * <ul>
 *   <li>{@code M}, on each c7 leaf: to the next c7 leaf (a → b → c → d → a).</li>
 *   <li>{@code T}, on the root: internal, with an action. It bubbles from depth 8 to the root.</li>
 *   <li>{@code Xk} (k = 0…6), on c7: to leaf b of level k (r.b for k = 0, ck.b otherwise). It exits
 *       the c7 leaf and c7 … c(k+1): a cross-level transition up.</li>
 *   <li>{@code N}, on each b leaf: to its sibling c.</li>
 *   <li>{@code R}, on each c leaf: to c7's (shallow) history, which re-enters c(k+1) … c7 and the c7
 *       leaf that was active when {@code Xk} left: a cross-level transition down, through history.</li>
 * </ul>
 * The event cycle ({@link #CYCLE}) is, for k = 0…6: M T Xk N R — 35 events, every transition kind,
 * every level. All transitions are declared on states whose exits and entries are the same under
 * UML's external, QP's local and stateless4j's leaf-to-leaf rules, so every implementation makes
 * the same trace.
 */
public final class DeepChart {

    public static final int DEPTH = 8;
    public static final int FANOUT = 4;
    /** The composites of the spine: c1 … c7. */
    public static final int COMPOSITES = DEPTH - 1;

    /** State 0 is the root; the others in document order. */
    public final String[] name;
    public final int[] parent;
    public final int[] depth;
    /** The initial child of a composite (the root included), or -1 for a leaf. */
    public final int[] initial;
    public final String[] entryRecord;
    public final String[] exitRecord;
    /** The id of composite ck (index k, 1…7; index 0 is the root). */
    public final int[] composite = new int[COMPOSITES + 1];
    /** The ids of the leaves of ck (k = 0: the root's r.a, r.b, r.c). */
    public final int[][] leaves = new int[COMPOSITES + 1][];
    /** The declared transitions. */
    public final List<Transition> transitions = new ArrayList<>();

    /**
     * One transition: its source state, event, target state (-1: internal), and whether the target
     * is c7's history rather than the state itself.
     */
    public record Transition(int source, DeepSig event, int target, boolean toHistory, String record) {}

    /** The one model. */
    public static final DeepChart MODEL = new DeepChart();

    /** The benchmark's event cycle: for k = 0…6, M T Xk N R. */
    public static final List<DeepSig> CYCLE = cycle();

    private static List<DeepSig> cycle() {
        List<DeepSig> out = new ArrayList<>();
        for (int k = 0; k < COMPOSITES; k++) {
            out.add(DeepSig.M);
            out.add(DeepSig.T);
            out.add(DeepSig.x(k));
            out.add(DeepSig.N);
            out.add(DeepSig.R);
        }
        return List.copyOf(out);
    }

    private DeepChart() {
        List<String> names = new ArrayList<>();
        List<Integer> parents = new ArrayList<>();
        names.add("root");
        parents.add(-1);
        composite[0] = 0;
        for (int k = 0; k <= COMPOSITES; k++) {
            int owner = composite[k];
            int nLeaves = k == COMPOSITES ? FANOUT : FANOUT - 1;
            if (k < COMPOSITES) {
                composite[k + 1] = names.size();
                names.add("c" + (k + 1));
                parents.add(owner);
            }
            leaves[k] = new int[nLeaves];
            for (int j = 0; j < nLeaves; j++) {
                leaves[k][j] = names.size();
                names.add((k == 0 ? "r" : "c" + k) + "." + (char) ('a' + j));
                parents.add(owner);
            }
        }
        int n = names.size();
        name = names.toArray(new String[0]);
        parent = new int[n];
        depth = new int[n];
        initial = new int[n];
        entryRecord = new String[n];
        exitRecord = new String[n];
        for (int s = 0; s < n; s++) {
            parent[s] = parents.get(s);
            depth[s] = s == 0 ? 0 : depth[parent[s]] + 1;
            initial[s] = -1;
            entryRecord[s] = name[s] + "-ENTRY";
            exitRecord[s] = name[s] + "-EXIT";
        }
        for (int k = 0; k < COMPOSITES; k++) {
            initial[composite[k]] = composite[k + 1];
        }
        initial[composite[COMPOSITES]] = leaves[COMPOSITES][0];

        int c7 = composite[COMPOSITES];
        int[] c7Leaves = leaves[COMPOSITES];
        for (int j = 0; j < c7Leaves.length; j++) {
            transitions.add(new Transition(c7Leaves[j], DeepSig.M, c7Leaves[(j + 1) % c7Leaves.length], false,
                    name[c7Leaves[j]] + "-M"));
        }
        transitions.add(new Transition(0, DeepSig.T, -1, false, "root-T"));
        for (int k = 0; k < COMPOSITES; k++) {
            transitions.add(new Transition(c7, DeepSig.x(k), leaves[k][1], false, "c7-X" + k));
            transitions.add(new Transition(leaves[k][1], DeepSig.N, leaves[k][2], false, name[leaves[k][1]] + "-N"));
            transitions.add(new Transition(leaves[k][2], DeepSig.R, c7, true, name[leaves[k][2]] + "-R"));
        }
    }

    public int stateCount() {
        return name.length;
    }

    public boolean isComposite(int state) {
        return initial[state] >= 0;
    }

    /** Whether {@code state} is {@code ancestor} or lies inside it. */
    public boolean isWithin(int state, int ancestor) {
        for (int s = state; s >= 0; s = parent[s]) {
            if (s == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** The id of the state with this name. */
    public int id(String stateName) {
        for (int s = 0; s < name.length; s++) {
            if (name[s].equals(stateName)) {
                return s;
            }
        }
        throw new IllegalArgumentException(stateName);
    }
}
