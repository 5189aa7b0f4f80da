package dev.arbor.core;

import dev.arbor.core.semantics.Moves;
import dev.arbor.core.semantics.StateCheck;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link Machine#moveTo} over generated chart versions: a random chart (compound and parallel
 * states, shallow and deep history), then versions made by random edits (delete a subtree, add a
 * state, rename a state). A machine is driven by random programmatic moves (goTo, including to
 * history states, push and pop) and moved onto each version in turn. After every move: the
 * configuration and the history records are valid for the new chart; every active state whose
 * path survives is still active and was neither exited nor entered; the exits and entries heard
 * by the listener are exactly the report's gone and entered states. Seeded: a failure names its
 * seed and replays.
 */
class MigrationGeneratedTest {

    private static final int SEEDS = 300;
    private static final int VERSIONS = 4;

    /** A state of a generated chart: atomic without children, else compound (or parallel). */
    static final class Node {
        String name;
        boolean parallel;
        final List<Node> children = new ArrayList<>();
        /** The history pseudo-states of a compound: name and deep or not. */
        final List<String> histories = new ArrayList<>();
        final List<Boolean> deep = new ArrayList<>();
        int initial; // index of the initial child of a compound

        Node(String name) {
            this.name = name;
        }

        Node copy() {
            Node n = new Node(name);
            n.parallel = parallel;
            n.initial = initial;
            n.histories.addAll(histories);
            n.deep.addAll(deep);
            for (Node c : children) {
                n.children.add(c.copy());
            }
            return n;
        }

        boolean compound() {
            return !children.isEmpty() && !parallel;
        }

        void all(List<Node> out) {
            out.add(this);
            for (Node c : children) {
                c.all(out);
            }
        }

        /** Children became none: an atomic state has no history. */
        void settle() {
            if (children.isEmpty()) {
                parallel = false;
                histories.clear();
                deep.clear();
            }
            initial = Math.min(initial, Math.max(0, children.size() - 1));
        }
    }

    /** Makes fresh names. */
    static final class Names {
        int next;

        String state() {
            return "s" + next++;
        }

        String history() {
            return "h" + next++;
        }
    }

    static Node randomTree(Random r, Names names, int depth) {
        Node n = new Node(depth == 0 ? "root" : names.state());
        int kids = depth >= 4 ? 0 : r.nextInt(depth == 0 ? 3 : 4) + (depth == 0 ? 1 : 0);
        for (int i = 0; i < kids; i++) {
            n.children.add(randomTree(r, names, depth + 1));
        }
        n.parallel = depth > 0 && kids >= 2 && r.nextInt(4) == 0;
        n.initial = kids == 0 ? 0 : r.nextInt(kids);
        if (n.compound()) {
            if (r.nextInt(3) == 0) {
                n.histories.add(names.history());
                n.deep.add(false);
            }
            if (r.nextInt(3) == 0) {
                n.histories.add(names.history());
                n.deep.add(true);
            }
        }
        return n;
    }

    /** One to three random edits of a copy of the tree. */
    static Node edit(Node tree, Random r, Names names, List<String> edits) {
        Node root = tree.copy();
        int count = 1 + r.nextInt(3);
        for (int e = 0; e < count; e++) {
            List<Node> all = new ArrayList<>();
            root.all(all);
            Node target = all.get(r.nextInt(all.size()));
            Node parent = parentOf(root, target);
            switch (r.nextInt(3)) {
                case 0 -> { // delete a subtree (never the root's last child)
                    if (parent == null || (parent == root && root.children.size() == 1)) {
                        continue;
                    }
                    parent.children.remove(target);
                    parent.settle();
                    edits.add("delete " + target.name);
                }
                case 1 -> { // add an atomic child: an atomic state becomes compound
                    Node added = new Node(names.state());
                    target.children.add(r.nextInt(target.children.size() + 1), added);
                    edits.add("add " + added.name + " under " + target.name);
                }
                default -> { // rename
                    if (parent == null) {
                        continue;
                    }
                    String old = target.name;
                    target.name = names.state();
                    edits.add("rename " + old + " to " + target.name);
                }
            }
        }
        return root;
    }

    static Node parentOf(Node at, Node child) {
        for (Node c : at.children) {
            if (c == child) {
                return at;
            }
            Node p = parentOf(c, child);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    static Chart<Trace> build(Node root, String name) {
        ChartBuilder<Trace> b = Chart.<Trace>builder(name).allowUnreachable();
        b.initial(root.children.get(root.initial).name);
        for (Node c : root.children) {
            if (c.parallel) {
                b.parallel(c.name, body(c));
            } else {
                b.state(c.name, body(c));
            }
        }
        return b.build();
    }

    static Consumer<StateBuilder<Trace>> body(Node n) {
        return s -> {
            if (n.compound()) {
                s.initial(n.children.get(n.initial).name);
                for (int i = 0; i < n.histories.size(); i++) {
                    s.history(n.histories.get(i), n.deep.get(i) ? HistoryType.DEEP : HistoryType.SHALLOW);
                }
            }
            for (Node c : n.children) {
                if (c.parallel) {
                    s.parallel(c.name, body(c));
                } else {
                    s.state(c.name, body(c));
                }
            }
        };
    }

    /** A few random programmatic moves: to any state (history states included), push, pop. */
    static void drive(Machine<Trace> m, Random r) {
        Chart<Trace> chart = m.chart();
        int moves = r.nextInt(6);
        for (int i = 0; i < moves; i++) {
            int target = 1 + r.nextInt(chart.stateCount() - 1);
            int what = r.nextInt(6);
            if (what == 0) {
                m.push(chart.stateKey(target));
            } else if (what == 1 && m.pushedDepth() > 0) {
                m.pop();
            } else {
                m.goTo(chart.stateKey(target));
            }
            assertValid(m);
        }
    }

    static void assertValid(Machine<Trace> m) {
        Chart<Trace> chart = m.chart();
        assertThat(StateCheck.problem(chart, m.snapshot()))
                .as("state of %s", m).isNull();
    }

    static Set<String> activePaths(Machine<Trace> m) {
        Set<String> out = new LinkedHashSet<>();
        for (int st = 1; st < m.chart().stateCount(); st++) {
            if (m.isIn(st)) {
                out.add(m.chart().statePath(st));
            }
        }
        return out;
    }

    static Set<String> paths(Chart<?> chart) {
        Set<String> out = new LinkedHashSet<>();
        for (int st = 1; st < chart.stateCount(); st++) {
            if (chart.kind(st) != StateKind.SHALLOW_HISTORY && chart.kind(st) != StateKind.DEEP_HISTORY) {
                out.add(chart.statePath(st));
            }
        }
        return out;
    }

    /** Hears the exits and entries of moves onto new charts, by path in the chart the machine is on at the time. */
    static final class Moves implements MachineListener {
        final List<String> exited = new ArrayList<>();
        final List<String> entered = new ArrayList<>();

        @Override
        public void onExit(Machine<?> machine, int state, Cause cause) {
            if (cause == Cause.RELOAD) {
                exited.add(machine.chart().statePath(state));
            }
        }

        @Override
        public void onEntry(Machine<?> machine, int state, Cause cause) {
            if (cause == Cause.RELOAD) {
                entered.add(machine.chart().statePath(state));
            }
        }
    }

    @Test
    void everyMoveOntoAnEditedVersionKeepsTheSurvivingStatesAndEndsInAValidConfiguration() {
        int[] seen = new int[5]; // gone, entered, history mapped, history dropped, pushed configurations carried
        for (int seed = 0; seed < SEEDS; seed++) {
            Random r = new Random(seed);
            Names names = new Names();
            Node tree = randomTree(r, names, 0);
            Chart<Trace> chart = build(tree, "v0");
            Machine<Trace> m = chart.newMachine(new Trace());
            Moves heard = new Moves();
            m.addListener(heard);
            m.start();
            List<String> edits = new ArrayList<>();
            for (int v = 1; v <= VERSIONS; v++) {
                drive(m, r);
                tree = edit(tree, r, names, edits);
                Chart<Trace> next = build(tree, "v" + v);
                Set<String> before = activePaths(m);
                Set<String> surviving = new LinkedHashSet<>(before);
                surviving.retainAll(paths(next));

                heard.exited.clear();
                heard.entered.clear();
                MigrationReport report = m.moveTo(next);
                String where = "seed " + seed + ", version " + v + " after " + edits + "\n" + report;

                assertValid(m);
                Set<String> after = activePaths(m);
                assertThat(after).as(where).containsAll(surviving);
                assertThat(report.kept()).as(where).containsExactlyInAnyOrderElementsOf(surviving);
                Set<String> gone = new LinkedHashSet<>(before);
                gone.removeAll(surviving);
                assertThat(report.gone()).extracting(MigrationReport.Fallback::state).as(where)
                        .containsExactlyInAnyOrderElementsOf(gone);
                Set<String> entered = new LinkedHashSet<>(after);
                entered.removeAll(surviving);
                assertThat(report.entered()).as(where).containsExactlyElementsOf(entered);
                assertThat(heard.exited).as(where).containsExactlyElementsOf(
                        report.gone().stream().map(MigrationReport.Fallback::state).toList());
                assertThat(heard.entered).as(where).containsExactlyElementsOf(report.entered());
                for (MigrationReport.Fallback f : report.gone()) {
                    assertThat(f.fallback().isEmpty() || surviving.contains(f.fallback())).as(where).isTrue();
                    assertThat(f.state()).as(where).startsWith(f.fallback());
                }
                seen[0] += report.gone().size();
                seen[1] += report.entered().size();
                seen[2] += report.historyMapped().size();
                seen[3] += report.historyDropped().size();
                seen[4] += m.pushedDepth();
                edits.clear();
            }
            drive(m, r); // the machine keeps working on the last version
        }
        for (int n : seen) {
            assertThat(n).as("the generator reaches every case (gone, entered, history mapped and dropped, pushed): %s",
                    java.util.Arrays.toString(seen)).isGreaterThan(20);
        }
    }
}
