package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Conflicting transitions in parallel regions (SCXML §3.13 and Appendix D
 * {@code removeConflictingTransitions}; docs/architecture.md, "The step"): transitions are selected
 * from each active atomic state in document order; a selected transition whose exit set overlaps
 * that of one selected earlier is dropped, unless its source is a descendant of the earlier one's
 * source, in which case it preempts the earlier one. Targetless transitions exit nothing and so
 * never conflict.
 */
class ConflictsTest {

    enum Ev { X, Y, Z, V, T, W, NOP }

    /**
     * <pre>
     * root ─ P (parallel)   Z→OUT "p-z",  T (internal) "p-t",  W→OUT "p-w"
     *          ├─ R1 ─ A1   X→OUT, Y→OUT, V (internal), W→A2;  always [leave]→OUT
     *          │     └─ A2
     *          ├─ R2 ─ B1   X→B2, Y→OUT2, Z→B2, V→OUT, T→B2;  always [leave]→B2
     *          │     └─ B2
     *          └─ R3 ─ C1
     *      ─ OUT,  OUT2
     * </pre>
     */
    static Chart<Trace> chart() {
        return Chart.<Trace>builder("conflicts")
                .initial("P")
                .parallel("P", p -> {
                    p.on(Ev.Z).action(say("p-z")).target("OUT");
                    p.on(Ev.T).action(say("p-t"));
                    p.on(Ev.W).action(say("p-w")).target("OUT");
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.state("A1", a -> {
                            a.on(Ev.X).action(say("a1-x")).target("OUT");
                            a.on(Ev.Y).action(say("a1-y")).target("OUT");
                            a.on(Ev.V).action(say("a1-v"));
                            a.on(Ev.W).action(say("a1-w")).target("A2");
                            a.always().guard(t -> t.flag("leave")).action(say("a1-always")).target("OUT");
                        });
                        r.state("A2");
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1", b -> {
                            b.on(Ev.X).action(say("b1-x")).target("B2");
                            b.on(Ev.Y).action(say("b1-y")).target("OUT2");
                            b.on(Ev.Z).action(say("b1-z")).target("B2");
                            b.on(Ev.V).action(say("b1-v")).target("OUT");
                            b.on(Ev.T).action(say("b1-t")).target("B2");
                            b.always().guard(t -> t.flag("leave")).action(say("b1-always")).target("B2");
                        });
                        r.state("B2");
                    });
                    p.state("R3", r -> r.state("C1"));
                })
                .state("OUT")
                .state("OUT2")
                .build();
    }

    static final List<String> EXIT_ALL_OF_P = List.of(
            "exit C1", "exit R3", "exit B1", "exit R2", "exit A1", "exit R1", "exit P");

    static List<String> exitAllOfPThen(String... rest) {
        List<String> out = new ArrayList<>(EXIT_ALL_OF_P);
        out.addAll(List.of(rest));
        return out;
    }

    static Machine<Trace> started(Trace t) {
        Machine<Trace> m = Trace.started(chart(), t);
        assertThat(t.take()).containsExactly(
                "enter root", "enter P", "enter R1", "enter A1", "enter R2", "enter B1", "enter R3", "enter C1");
        return m;
    }

    @Test
    void aLaterTransitionWhoseExitSetOverlapsAnEarlierOneIsDropped() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.X); // A1 -> OUT (domain root) is selected first; B1 -> B2 would exit B1 again: dropped
        assertThat(t.take()).containsExactlyElementsOf(exitAllOfPThen("a1-x", "enter OUT"));
        assertThat(m.activeStates()).containsExactly("OUT");
    }

    @Test
    void ofTwoTransitionsLeavingTheParallelStateOnlyTheFirstSelectedFires() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.Y); // A1 -> OUT and B1 -> OUT2 have overlapping exit sets: B1's is dropped
        assertThat(t.take()).containsExactlyElementsOf(exitAllOfPThen("a1-y", "enter OUT"));
        assertThat(m.activeStates()).containsExactly("OUT");
    }

    @Test
    void aDescendantsTransitionSelectedLaterPreemptsItsAncestorsTransition() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        // From A1, Z bubbles to P (P -> OUT selected first); B1's own Z -> B2 is selected second
        // and, B1 being a descendant of P, removes it; C1 reaches P's transition again (once only).
        m.fire(Ev.Z);
        assertThat(t.take()).containsExactly("exit B1", "b1-z", "enter B2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A1", "R2", "B2", "R3", "C1");
    }

    @Test
    void aDescendantsTransitionSelectedFirstKeepsItsAncestorsTransitionOut() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.W); // A1 -> A2 first; P -> OUT (from B1) overlaps and P is not a descendant of A1
        assertThat(t.take()).containsExactly("exit A1", "a1-w", "enter A2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B1", "R3", "C1");
    }

    @Test
    void aTargetlessTransitionNeverConflictsWithATransitionThatLeavesTheParallelState() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.V); // A1's internal transition and B1 -> OUT both run, actions in selection order
        assertThat(t.take()).containsExactlyElementsOf(exitAllOfPThen("a1-v", "b1-v", "enter OUT"));
        assertThat(m.activeStates()).containsExactly("OUT");
    }

    @Test
    void anAncestorsTargetlessTransitionIsNotPreemptedByADescendantsTransition() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.T); // P's internal transition (from A1) and B1 -> B2: no exit set overlaps
        assertThat(t.take()).containsExactly("exit B1", "p-t", "b1-t", "enter B2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A1", "R2", "B2", "R3", "C1");
    }

    @Test
    void eventlessTransitionsAreResolvedTheSameWay() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);
        t.set("leave", true);

        m.fire(Ev.NOP); // nobody handles NOP; then A1's eventless -> OUT wins over B1's -> B2
        assertThat(t.take()).containsExactlyElementsOf(
                concat(List.of("unhandled NOP"), exitAllOfPThen("a1-always", "enter OUT")));
        assertThat(m.activeStates()).containsExactly("OUT");
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /**
     * Conflicts inside one region of an outer parallel state, between the regions of an inner
     * parallel state: the inner region's transition to a sibling of the inner parallel state
     * (domain: the outer region) overlaps the other inner region's transition.
     */
    @Test
    void conflictsAreResolvedInNestedParallelStatesToo() {
        Chart<Trace> chart = Chart.<Trace>builder("nested-conflicts")
                .initial("OUTER")
                .parallel("OUTER", o -> {
                    o.state("LEFT", l -> {
                        l.initial("Q");
                        l.parallel("Q", q -> {
                            q.state("Q1", r -> {
                                r.initial("q1a");
                                r.state("q1a", s -> s.on(Ev.X).action(say("q1a-x")).target("q1b"));
                                r.state("q1b");
                            });
                            q.state("Q2", r -> r.state("q2a",
                                    s -> s.on(Ev.X).action(say("q2a-x")).target("AFTER")));
                        });
                        l.state("AFTER");
                    });
                    o.state("RIGHT", r -> r.state("K", k -> k.on(Ev.X).action(say("k-x"))));
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly("enter root", "enter OUTER", "enter LEFT", "enter Q",
                "enter Q1", "enter q1a", "enter Q2", "enter q2a", "enter RIGHT", "enter K");

        // q1a -> q1b (domain Q1) first; q2a -> AFTER (domain LEFT) overlaps it: dropped;
        // K's internal transition in the other outer region is unaffected.
        m.fire(Ev.X);
        assertThat(t.take()).containsExactly("exit q1a", "q1a-x", "k-x", "enter q1b");
        assertThat(m.activeStates())
                .containsExactly("OUTER", "LEFT", "Q", "Q1", "q1b", "Q2", "q2a", "RIGHT", "K");
    }
}
