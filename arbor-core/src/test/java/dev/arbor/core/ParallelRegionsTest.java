package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Parallel states (SCXML §3.4; docs/architecture.md, "The configuration" and "The step"): every
 * region is active together; entries run in document order, exits in reverse document order; an
 * event is offered to each active atomic state in document order and may fire one transition per
 * region; a transition from one region that leaves the parallel state exits every region; one
 * transition may target states in several regions; a transition of a common ancestor is taken once.
 */
class ParallelRegionsTest {

    enum Ev { X, Y, Q, Z, W, LEAVE, GO, GO_REVERSED, BACK, RESTART, RESTART_LOCAL }

    /**
     * <pre>
     * root ─ P (parallel) ─┬─ R1 ─┬─ A1   X→A2, Q (internal), Y [guard logs]
     *                      │      └─ A2
     *                      ├─ R2 ─┬─ B1   X→B2, LEAVE→OUT, Y [guard logs]
     *                      │      └─ B2
     *                      └─ R3 ── C1    Y [guard logs]
     *        P: Z (internal), Q (internal), W→OUT
     *        R1: RESTART→A2 (external), RESTART_LOCAL→A2 (local)
     *      ─ OUT   GO→{A2,B2}, GO_REVERSED→{B2,A2}, BACK→P
     * </pre>
     */
    static Chart<Trace> chart() {
        return Chart.<Trace>builder("parallel")
                .initial("P")
                .parallel("P", p -> {
                    p.on(Ev.Z).action(say("p-z"));
                    p.on(Ev.Q).action(say("p-q"));
                    p.on(Ev.W).action(say("p-w")).target("OUT");
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.on(Ev.RESTART).action(say("r1-restart")).target("A2");
                        r.on(Ev.RESTART_LOCAL).action(say("r1-restart-local")).target("A2").local();
                        r.state("A1", a -> {
                            a.on(Ev.X).action(say("a1-x")).target("A2");
                            a.on(Ev.Q).action(say("a1-q"));
                            a.on(Ev.Y).guard((t, e) -> { t.log("guard A1"); return false; }).target("A2");
                        });
                        r.state("A2");
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1", b -> {
                            b.on(Ev.X).action(say("b1-x")).target("B2");
                            b.on(Ev.LEAVE).action(say("b1-leave")).target("OUT");
                            b.on(Ev.Y).guard((t, e) -> { t.log("guard B1"); return false; }).target("B2");
                        });
                        r.state("B2");
                    });
                    p.state("R3", r -> r.state("C1",
                            c -> c.on(Ev.Y).guard((t, e) -> { t.log("guard C1"); return false; }).target("OUT")));
                })
                .state("OUT", o -> {
                    o.on(Ev.GO).action(say("out-go")).target("A2", "B2");
                    o.on(Ev.GO_REVERSED).action(say("out-go-reversed")).target("B2", "A2");
                    o.on(Ev.BACK).action(say("out-back")).target("P");
                })
                .build();
    }

    static final List<String> INITIAL = List.of("P", "R1", "A1", "R2", "B1", "R3", "C1");
    static final List<String> EXIT_ALL_OF_P = List.of(
            "exit C1", "exit R3", "exit B1", "exit R2", "exit A1", "exit R1", "exit P");

    static List<String> concat(List<String> a, String... b) {
        List<String> out = new java.util.ArrayList<>(a);
        out.addAll(List.of(b));
        return out;
    }

    @Test
    void enteringAParallelStateEntersEveryRegionInDocumentOrder() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        assertThat(t.take()).containsExactly(
                "enter root", "enter P", "enter R1", "enter A1", "enter R2", "enter B1", "enter R3", "enter C1");
        assertThat(m.activeStates()).containsExactlyElementsOf(INITIAL);
        assertThat(m.activeLeaves()).containsExactly("A1", "B1", "C1");
        assertThat(m.isIn("R1")).isTrue();
        assertThat(m.isIn("R2")).isTrue();
        assertThat(m.isIn("R3")).isTrue();
        assertThat(m.isIn("A2")).isFalse();
    }

    @Test
    void leavingTheParallelStateExitsEveryRegionInReverseDocumentOrder() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.W); // P's own transition, reached from A1 first
        assertThat(t.take()).containsExactlyElementsOf(concat(EXIT_ALL_OF_P, "p-w", "enter OUT"));
        assertThat(m.activeStates()).containsExactly("OUT");
    }

    @Test
    void aTransitionFromOneRegionThatLeavesTheParallelStateExitsAllRegions() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.LEAVE); // declared on B1 only; its domain is the root
        assertThat(t.take()).containsExactlyElementsOf(concat(EXIT_ALL_OF_P, "b1-leave", "enter OUT"));
        assertThat(m.activeStates()).containsExactly("OUT");
    }

    @Test
    void anEventIsOfferedToEachRegionsLeafInDocumentOrder() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.Y); // every guard fails: the leaves are asked A1, B1, C1, then nobody handles it
        assertThat(t.take()).containsExactly("guard A1", "guard B1", "guard C1", "unhandled Y");
        assertThat(m.activeStates()).containsExactlyElementsOf(INITIAL);
    }

    @Test
    void transitionsInTwoRegionsOnTheSameEventBothFireInSelectionOrder() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.X);
        // exits of both (reverse document order), actions in selection order, entries in document order
        assertThat(t.take()).containsExactly("exit B1", "exit A1", "a1-x", "b1-x", "enter A2", "enter B2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B2", "R3", "C1");
    }

    @Test
    void aLeafsTransitionAndACommonAncestorsTransitionBothRunWhenNeitherExitsAnything() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.Q); // A1 handles Q itself; B1 and C1 bubble to P, whose transition is taken once
        assertThat(t.take()).containsExactly("a1-q", "p-q");
        assertThat(m.activeStates()).containsExactlyElementsOf(INITIAL);
    }

    @Test
    void anEventHandledByACommonAncestorIsHandledOnce() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.Z); // reached from A1, B1 and C1: one transition, one action
        assertThat(t.take()).containsExactly("p-z");
        assertThat(m.activeStates()).containsExactlyElementsOf(INITIAL);
    }

    @Test
    void oneTransitionMayTargetStatesInSeveralRegions() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        m.fire(Ev.W);
        t.take();

        m.fire(Ev.GO); // targets A2 and B2; R3 gets its default entry
        assertThat(t.take()).containsExactly("exit OUT", "out-go",
                "enter P", "enter R1", "enter A2", "enter R2", "enter B2", "enter R3", "enter C1");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B2", "R3", "C1");
    }

    @Test
    void targetsListedOutOfDocumentOrderAreStillEnteredInDocumentOrder() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        m.fire(Ev.W);
        t.take();

        m.fire(Ev.GO_REVERSED);
        assertThat(t.take()).containsExactly("exit OUT", "out-go-reversed",
                "enter P", "enter R1", "enter A2", "enter R2", "enter B2", "enter R3", "enter C1");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B2", "R3", "C1");
    }

    @Test
    void targetingTheParallelStateEntersEveryRegionByDefault() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        m.fire(Ev.X);
        m.fire(Ev.W);
        t.take();

        m.fire(Ev.BACK);
        assertThat(t.take()).containsExactly("exit OUT", "out-back",
                "enter P", "enter R1", "enter A1", "enter R2", "enter B1", "enter R3", "enter C1");
        assertThat(m.activeStates()).containsExactlyElementsOf(INITIAL);
    }

    @Test
    void anExternalTransitionFromARegionToItsDescendantReentersTheWholeParallelState() {
        // SCXML's transition domain is the least common *compound* ancestor: parallel states are
        // skipped, so the domain of R1 -> A2 is the root and P is exited and re-entered.
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        m.fire(Ev.X); // B1 -> B2, to show that R2 is re-entered by default
        t.take();

        m.fire(Ev.RESTART);
        assertThat(t.take()).containsExactly(
                "exit C1", "exit R3", "exit B2", "exit R2", "exit A2", "exit R1", "exit P",
                "r1-restart",
                "enter P", "enter R1", "enter A2", "enter R2", "enter B1", "enter R3", "enter C1");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B1", "R3", "C1");
    }

    @Test
    void aLocalTransitionFromARegionToItsDescendantStaysInsideTheRegion() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.RESTART_LOCAL);
        assertThat(t.take()).containsExactly("exit A1", "r1-restart-local", "enter A2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B1", "R3", "C1");
    }

    /**
     * A leaf of a region targets its parallel ancestor: locally, the parallel state stays and every
     * region is re-entered by default; externally, the parallel state itself is exited and re-entered.
     */
    @Test
    void aTransitionFromARegionsLeafToItsParallelAncestorReentersEveryRegion() {
        Chart<Trace> chart = Chart.<Trace>builder("leaf-to-parallel")
                .initial("P")
                .parallel("P", p -> {
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.state("A1", a -> a.on(Ev.X).target("A2"));
                        r.state("A2", a -> {
                            a.on(Ev.RESTART_LOCAL).action(say("a2-up-local")).target("P").local();
                            a.on(Ev.RESTART).action(say("a2-up")).target("P");
                        });
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1", b -> b.on(Ev.X).target("B2"));
                        r.state("B2");
                    });
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        m.fire(Ev.X);
        t.take();

        m.fire(Ev.RESTART_LOCAL);
        assertThat(t.take()).containsExactly(
                "exit B2", "exit R2", "exit A2", "exit R1", "a2-up-local", "enter R1", "enter A1", "enter R2", "enter B1");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A1", "R2", "B1");

        m.fire(Ev.X);
        t.take();
        m.fire(Ev.RESTART);
        assertThat(t.take()).containsExactly(
                "exit B2", "exit R2", "exit A2", "exit R1", "exit P", "a2-up",
                "enter P", "enter R1", "enter A1", "enter R2", "enter B1");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A1", "R2", "B1");
    }

    /** A transition from one region into another has the root as domain: the parallel state is re-entered. */
    @Test
    void aTransitionFromOneRegionIntoAnotherReentersTheParallelState() {
        Chart<Trace> chart = Chart.<Trace>builder("cross-region")
                .initial("P")
                .parallel("P", p -> {
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.state("A1", a -> a.on(Ev.X).target("A2"));
                        r.state("A2", a -> a.on(Ev.GO).action(say("a2-to-b2")).target("B2"));
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1");
                        r.state("B2");
                    });
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        m.fire(Ev.X);
        t.take();

        m.fire(Ev.GO); // R1 goes back to its initial A1: the whole of P was exited
        assertThat(t.take()).containsExactly(
                "exit B1", "exit R2", "exit A2", "exit R1", "exit P", "a2-to-b2",
                "enter P", "enter R1", "enter A1", "enter R2", "enter B2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A1", "R2", "B2");
    }

    /** A region may be an atomic state: it is an active leaf and is offered events like any other. */
    @Test
    void anAtomicRegionIsALeafOfferedEventsInDocumentOrder() {
        Chart<Trace> chart = Chart.<Trace>builder("atomic-region")
                .initial("P")
                .parallel("P", p -> {
                    p.state("L", l -> l.on(Ev.X).action(say("l-x")));
                    p.state("R", r -> {
                        r.initial("M1");
                        r.state("M1", s -> s.on(Ev.X).action(say("m1-x")).target("M2"));
                        r.state("M2");
                    });
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly("enter root", "enter P", "enter L", "enter R", "enter M1");
        assertThat(m.activeLeaves()).containsExactly("L", "M1");

        m.fire(Ev.X);
        assertThat(t.take()).containsExactly("exit M1", "l-x", "m1-x", "enter M2");
        assertThat(m.activeStates()).containsExactly("P", "L", "R", "M2");
    }

    /** A parallel state nested in a compound one: leaving the compound exits the regions first. */
    @Test
    void aParallelStateInsideACompoundStateIsExitedWithItsRegionsFirst() {
        Chart<Trace> chart = Chart.<Trace>builder("nested-parallel")
                .initial("C")
                .state("C", c -> {
                    c.initial("P");
                    c.on(Ev.LEAVE).action(say("c-leave")).target("D");
                    c.parallel("P", p -> {
                        p.state("R1", r -> r.state("A"));
                        p.state("R2", r -> r.state("B"));
                    });
                })
                .state("D", d -> d.on(Ev.BACK).action(say("d-back")).target("B"))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly(
                "enter root", "enter C", "enter P", "enter R1", "enter A", "enter R2", "enter B");

        m.fire(Ev.LEAVE);
        assertThat(t.take()).containsExactly(
                "exit B", "exit R2", "exit A", "exit R1", "exit P", "exit C", "c-leave", "enter D");

        m.fire(Ev.BACK); // targeting one region's leaf enters its ancestors and the sibling region
        assertThat(t.take()).containsExactly(
                "exit D", "d-back", "enter C", "enter P", "enter R1", "enter A", "enter R2", "enter B");
        assertThat(m.activeStates()).containsExactly("C", "P", "R1", "A", "R2", "B");
    }
}
