package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's worked examples (Millington, Figure 5.19): top-level states L, M and N; L contains
 * A, B and C; transitions 1 (A→B), 2 (M→C, one level down), 3 (B→N, one level up), 4 (L→M),
 * 5 (M→N), 6 (N→L) and 7 (N→M), all polled by {@link Machine#update()}.
 *
 * <p>Each test follows one paragraph of the book, step by step. Where Arbor's semantics differ from
 * the book's text the test says so:
 * <ul>
 *   <li>Arbor enters states properly: starting enters L and then A (the book starts "in L").</li>
 *   <li>Every active state's update action runs each tick, root to leaf (the book reports only
 *       the outermost machine's "active" action after a transition), so {@code B-active} follows
 *       {@code L-active}.</li>
 *   <li>The book keeps B "suspended" inside L while the top level is in M, without exit or entry.
 *       Arbor always exits B when L is exited and remembers it with a shallow history state:
 *       transition 6 targets L's history, so returning to L re-enters B with {@code B-entry}.</li>
 *   <li>The book's descending transition reports {@code M-exit, C-entry, L-entry, 2-actions};
 *       Arbor runs exits, then the transition's actions, then entries outermost first:
 *       {@code M-exit, 2-actions, L-entry, C-entry}.</li>
 * </ul>
 */
class Seed000Test {

    enum St { L, A, B, C, M, N, L_HISTORY }

    static final class Robot {
        final boolean[] triggered = new boolean[8];
        final List<String> log = new ArrayList<>();

        /** Makes exactly transition {@code n} (and those in {@code more}) trigger on the next tick. */
        void trigger(int... ns) {
            java.util.Arrays.fill(triggered, false);
            for (int n : ns) {
                triggered[n] = true;
            }
        }

        List<String> take() {
            List<String> out = List.copyOf(log);
            log.clear();
            return out;
        }
    }

    static Chart<Robot> figure519() {
        return Chart.<Robot>builder("figure-5.19")
                .initial(St.L)
                .state(St.L, l -> {
                    l.initial(St.A);
                    logged(l, "L");
                    l.when(r -> r.triggered[4]).action((r, e) -> r.log.add("4-actions")).target(St.M);
                    l.history(St.L_HISTORY, HistoryType.SHALLOW);
                    l.state(St.A, a -> {
                        logged(a, "A");
                        a.when(r -> r.triggered[1]).action((r, e) -> r.log.add("1-actions")).target(St.B);
                    });
                    l.state(St.B, b -> {
                        logged(b, "B");
                        b.when(r -> r.triggered[3]).action((r, e) -> r.log.add("3-actions")).target(St.N);
                    });
                    l.state(St.C, c -> logged(c, "C"));
                })
                .state(St.M, m -> {
                    logged(m, "M");
                    m.when(r -> r.triggered[2]).action((r, e) -> r.log.add("2-actions")).target(St.C);
                    m.when(r -> r.triggered[5]).action((r, e) -> r.log.add("5-actions")).target(St.N);
                })
                .state(St.N, n -> {
                    logged(n, "N");
                    n.when(r -> r.triggered[6]).action((r, e) -> r.log.add("6-actions")).target(St.L_HISTORY);
                    n.when(r -> r.triggered[7]).action((r, e) -> r.log.add("7-actions")).target(St.M);
                })
                .build();
    }

    static void logged(StateBuilder<Robot> s, String name) {
        s.onEntry(r -> r.log.add(name + "-entry"));
        s.onExit(r -> r.log.add(name + "-exit"));
        s.onUpdate(r -> r.log.add(name + "-active"));
    }

    Robot robot;
    Machine<Robot> machine;

    @BeforeEach
    void start() {
        robot = new Robot();
        machine = figure519().newMachine(robot);
        machine.start();
    }

    /** One tick with exactly the given transitions triggering; returns the tick's actions. */
    List<String> tick(int... transitions) {
        robot.trigger(transitions);
        machine.update();
        return robot.take();
    }

    @Test
    void startingEntersLThenItsInitialStateA() {
        // Book: "L-active and A-entry". Arbor enters L itself too, and the tick runs both update actions.
        assertThat(robot.take()).containsExactly("L-entry", "A-entry");
        assertThat(machine.activeStates()).containsExactly(St.L, St.A);
        assertThat(tick()).containsExactly("L-active", "A-active");
    }

    @Test
    void transitionOneStaysInsideL() {
        robot.take();
        assertThat(tick(1)).containsExactly("A-exit", "1-actions", "B-entry", "L-active", "B-active");
        assertThat(machine.activeStates()).containsExactly(St.L, St.B);
    }

    @Test
    void transitionFourLeavesLAndTransitionSixReturnsToBThroughHistory() {
        robot.take();
        tick(1);
        // Book: L-exit, 4-actions, M-entry, with B kept suspended. Arbor exits B and records it.
        assertThat(tick(4)).containsExactly("B-exit", "L-exit", "4-actions", "M-entry", "M-active");
        assertThat(machine.activeStates()).containsExactly(St.M);
        assertThat(tick(5)).containsExactly("M-exit", "5-actions", "N-entry", "N-active");
        // Book: N-exit, 6-actions, L-entry, ending in [L, B] without B-entry. Arbor re-enters B.
        assertThat(tick(6)).containsExactly("N-exit", "6-actions", "L-entry", "B-entry", "L-active", "B-active");
        assertThat(machine.activeStates()).containsExactly(St.L, St.B);
    }

    @Test
    void transitionThreeGoesUpOneLevelFromBToN() {
        robot.take();
        tick(1);
        assertThat(tick(3)).containsExactly("B-exit", "L-exit", "3-actions", "N-entry", "N-active");
        assertThat(machine.activeStates()).containsExactly(St.N);
        // The book forgets B here, so transition 6 would enter A. Arbor's history recorded B when L
        // was exited, whichever level the transition came from: 6 re-enters B.
        assertThat(tick(6)).containsExactly("N-exit", "6-actions", "L-entry", "B-entry", "L-active", "B-active");
    }

    @Test
    void transitionTwoGoesDownOneLevelFromMIntoC() {
        robot.take();
        tick(1);
        tick(3);
        assertThat(tick(7)).containsExactly("N-exit", "7-actions", "M-entry", "M-active");
        // Book: M-exit, C-entry, L-entry, 2-actions. Arbor: exits, actions, entries outermost first.
        assertThat(tick(2)).containsExactly("M-exit", "2-actions", "L-entry", "C-entry", "L-active", "C-active");
        assertThat(machine.activeStates()).containsExactly(St.L, St.C);
    }

    @Test
    void outerTransitionsTakePriorityOverInnerOnesInTheSameTick() {
        robot.take();
        // Both 4 (on L) and 1 (on A) hold: the outer one fires and A's is not even tested.
        assertThat(tick(1, 4)).containsExactly("A-exit", "L-exit", "4-actions", "M-entry", "M-active");
    }

    @Test
    void levelsAreComputedByTheCompiler() {
        Chart<Robot> chart = machine.chart();
        assertThat(level(chart, "A when -> B")).isZero();          // 1: same level
        assertThat(level(chart, "M when -> C")).isEqualTo(-1);     // 2: one level down
        assertThat(level(chart, "B when -> N")).isEqualTo(1);      // 3: one level up
        assertThat(level(chart, "L when -> M")).isZero();          // 4
        assertThat(level(chart, "M when -> N")).isZero();          // 5
        assertThat(level(chart, "N when -> M")).isZero();          // 7
    }

    static int level(Chart<?> chart, String label) {
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (chart.describeTransition(t).equals(label)) {
                return chart.transitionLevel(t);
            }
        }
        throw new AssertionError("no transition " + label);
    }
}
