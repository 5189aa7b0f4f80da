package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * History pseudo-states (SCXML §3.10; docs/architecture.md, "The configuration"): a transition to a
 * history state enters what its parent had active when last exited — its active children (shallow,
 * with their initial transitions followed again below them) or its active atomic descendants
 * (deep). A history that has never been recorded enters its default targets, or, when it has none,
 * its parent's initial content. History is recorded every time the parent is exited, before
 * anything is exited.
 */
class HistoryTest {

    enum Ev { PLAIN, SHALLOW, DEEP, BARE, DEEPER_DEFAULT, NEXT, SWITCH, LEAVE, RESTORE, REGION, WHOLE, DEEPER, INSIDE }

    /**
     * <pre>
     * root ─ OFF   PLAIN→M, SHALLOW→HS, DEEP→HD, BARE→HN, DEEPER_DEFAULT→HX
     *      ─ M (initial M1)  LEAVE→OFF, RESTORE→HD
     *          HS shallow (default M2), HD deep (default M2), HN shallow (no default),
     *          HX shallow (default M2b)
     *          ├─ M1 (initial M1a) ─ M1a NEXT→M1b, INSIDE→HD;  M1b SWITCH→M2b
     *          └─ M2 (initial M2a) ─ M2a NEXT→M2b, M2b
     * </pre>
     */
    static Chart<Trace> chart() {
        return Chart.<Trace>builder("history")
                .initial("OFF")
                .state("OFF", o -> {
                    o.on(Ev.PLAIN).target("M");
                    o.on(Ev.SHALLOW).target("HS");
                    o.on(Ev.DEEP).target("HD");
                    o.on(Ev.BARE).target("HN");
                    o.on(Ev.DEEPER_DEFAULT).target("HX");
                })
                .state("M", m -> {
                    m.initial("M1");
                    m.history("HS", HistoryType.SHALLOW, "M2");
                    m.history("HD", HistoryType.DEEP, "M2");
                    m.history("HN", HistoryType.SHALLOW);
                    m.history("HX", HistoryType.SHALLOW, "M2b");
                    m.on(Ev.LEAVE).target("OFF");
                    m.on(Ev.RESTORE).target("HD");
                    m.state("M1", s -> {
                        s.initial("M1a");
                        s.state("M1a", a -> {
                            a.on(Ev.NEXT).target("M1b");
                            a.on(Ev.INSIDE).target("HD");
                        });
                        s.state("M1b", b -> b.on(Ev.SWITCH).target("M2b"));
                    });
                    m.state("M2", s -> {
                        s.initial("M2a");
                        s.state("M2a", a -> a.on(Ev.NEXT).target("M2b"));
                        s.state("M2b");
                    });
                })
                .build();
    }

    /** A machine in OFF, with M visited once and left while M1b was active. */
    static Machine<Trace> leftFromM1b(Trace t) {
        Machine<Trace> m = Trace.started(chart(), t);
        m.fire(Ev.PLAIN);
        m.fire(Ev.NEXT);
        t.take();
        m.fire(Ev.LEAVE);
        assertThat(t.take()).containsExactly("exit M1b", "exit M1", "exit M", "enter OFF");
        return m;
    }

    @Test
    void aNeverVisitedShallowHistoryEntersItsDefault() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        assertThat(t.take()).containsExactly("enter root", "enter OFF");

        m.fire(Ev.SHALLOW);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M2", "enter M2a");
        assertThat(m.activeStates()).containsExactly("M", "M2", "M2a");
    }

    @Test
    void aNeverVisitedDeepHistoryEntersItsDefault() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.DEEP);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M2", "enter M2a");
        assertThat(m.activeStates()).containsExactly("M", "M2", "M2a");
    }

    @Test
    void aHistoryWithoutDefaultFallsBackToItsParentsInitial() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.BARE);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M1", "enter M1a");
        assertThat(m.activeStates()).containsExactly("M", "M1", "M1a");
    }

    @Test
    void aDefaultMayTargetADeeperDescendant() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        t.take();

        m.fire(Ev.DEEPER_DEFAULT);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M2", "enter M2b");
        assertThat(m.activeStates()).containsExactly("M", "M2", "M2b");
    }

    @Test
    void deepHistoryRestoresTheNestedLeaf() {
        Trace t = new Trace();
        Machine<Trace> m = leftFromM1b(t);

        m.fire(Ev.DEEP);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M1", "enter M1b");
        assertThat(m.activeStates()).containsExactly("M", "M1", "M1b");
    }

    @Test
    void shallowHistoryRestoresTheChildAndFollowsItsInitialTransitionAgain() {
        Trace t = new Trace();
        Machine<Trace> m = leftFromM1b(t);

        m.fire(Ev.SHALLOW);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M1", "enter M1a");
        assertThat(m.activeStates()).containsExactly("M", "M1", "M1a");
    }

    @Test
    void aRecordedHistoryNoLongerUsesItsDefault() {
        Trace t = new Trace();
        Machine<Trace> m = leftFromM1b(t);

        m.fire(Ev.DEEPER_DEFAULT); // HX's default is M2b, but M1 was recorded
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M1", "enter M1a");
        assertThat(m.activeStates()).containsExactly("M", "M1", "M1a");
    }

    @Test
    void historyIsRecordedAgainAtEveryExit() {
        Trace t = new Trace();
        Machine<Trace> m = leftFromM1b(t);
        m.fire(Ev.DEEP);
        m.fire(Ev.SWITCH); // M1b -> M2b
        t.take();
        m.fire(Ev.LEAVE);
        assertThat(t.take()).containsExactly("exit M2b", "exit M2", "exit M", "enter OFF");

        m.fire(Ev.DEEP);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M2", "enter M2b");
        m.fire(Ev.LEAVE);
        t.take();

        m.fire(Ev.SHALLOW);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M2", "enter M2a");
        assertThat(m.activeStates()).containsExactly("M", "M2", "M2a");
    }

    @Test
    void aTransitionFromTheParentToItsOwnHistoryRecordsBeforeItReenters() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        m.fire(Ev.PLAIN);
        m.fire(Ev.NEXT);
        t.take();

        m.fire(Ev.RESTORE); // M -> HD is external: M is exited (recording M1b) and re-entered
        assertThat(t.take()).containsExactly(
                "exit M1b", "exit M1", "exit M", "enter M", "enter M1", "enter M1b");
        assertThat(m.activeStates()).containsExactly("M", "M1", "M1b");
    }

    @Test
    void targetingTheParentsHistoryFromInsideUsesWhatWasRecordedBefore() {
        // M1a -> HD has domain M: M is not exited, so nothing is recorded in this step and the
        // never-recorded HD enters its default, M2.
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        m.fire(Ev.PLAIN);
        t.take();

        m.fire(Ev.INSIDE);
        assertThat(t.take()).containsExactly("exit M1a", "exit M1", "enter M2", "enter M2a");
        assertThat(m.activeStates()).containsExactly("M", "M2", "M2a");
    }

    @Test
    void historyBelongsToTheMachineNotToTheSharedChart() {
        Chart<Trace> chart = chart();
        Trace t1 = new Trace();
        Trace t2 = new Trace();
        Machine<Trace> m1 = Trace.started(chart, t1);
        Machine<Trace> m2 = Trace.started(chart, t2);
        m1.fire(Ev.PLAIN);
        m1.fire(Ev.NEXT);
        m1.fire(Ev.LEAVE); // m1 records M1b; m2 has recorded nothing
        t2.take();

        m2.fire(Ev.DEEP);
        assertThat(t2.take()).containsExactly("exit OFF", "enter M", "enter M2", "enter M2a");
        m1.fire(Ev.DEEP);
        assertThat(m1.activeStates()).containsExactly("M", "M1", "M1b");
    }

    // ------------------------------------------------------------------ history and regions

    /**
     * <pre>
     * root ─ P (parallel)  LEAVE→OUT;  PH deep history of P (no default)
     *          ├─ R1 (initial A1); R1H deep history of R1 (no default)
     *          │    ├─ A1  NEXT→A2
     *          │    └─ A2 (initial A2x) ─ A2x DEEPER→A2y, A2y
     *          └─ R2 (initial B1) ─ B1 NEXT→B2, B2
     *      ─ OUT   REGION→R1H, WHOLE→PH
     * </pre>
     */
    static Chart<Trace> regions() {
        return Chart.<Trace>builder("history-in-regions")
                .initial("P")
                .parallel("P", p -> {
                    p.history("PH", HistoryType.DEEP);
                    p.on(Ev.LEAVE).target("OUT");
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.history("R1H", HistoryType.DEEP);
                        r.state("A1", a -> a.on(Ev.NEXT).target("A2"));
                        r.state("A2", a -> {
                            a.initial("A2x");
                            a.state("A2x", x -> x.on(Ev.DEEPER).target("A2y"));
                            a.state("A2y");
                        });
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1", b -> b.on(Ev.NEXT).target("B2"));
                        r.state("B2");
                    });
                })
                .state("OUT", o -> {
                    o.on(Ev.REGION).target("R1H");
                    o.on(Ev.WHOLE).target("PH");
                })
                .build();
    }

    static Machine<Trace> regionsLeftFromA2yAndB2(Trace t) {
        Machine<Trace> m = Trace.started(regions(), t);
        assertThat(t.take()).containsExactly("enter root", "enter P", "enter R1", "enter A1", "enter R2", "enter B1");
        m.fire(Ev.NEXT);
        assertThat(t.take()).containsExactly("exit B1", "exit A1", "enter A2", "enter A2x", "enter B2");
        m.fire(Ev.DEEPER);
        assertThat(t.take()).containsExactly("exit A2x", "enter A2y");
        m.fire(Ev.LEAVE);
        assertThat(t.take()).containsExactly(
                "exit B2", "exit R2", "exit A2y", "exit A2", "exit R1", "exit P", "enter OUT");
        return m;
    }

    @Test
    void historyInsideARegionRestoresThatRegionAndEntersTheOthersByDefault() {
        Trace t = new Trace();
        Machine<Trace> m = regionsLeftFromA2yAndB2(t);

        m.fire(Ev.REGION);
        assertThat(t.take()).containsExactly(
                "exit OUT", "enter P", "enter R1", "enter A2", "enter A2y", "enter R2", "enter B1");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "A2y", "R2", "B1");
    }

    @Test
    void deepHistoryOfAParallelStateRestoresEveryRegion() {
        Trace t = new Trace();
        Machine<Trace> m = regionsLeftFromA2yAndB2(t);

        m.fire(Ev.WHOLE);
        assertThat(t.take()).containsExactly(
                "exit OUT", "enter P", "enter R1", "enter A2", "enter A2y", "enter R2", "enter B2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "A2y", "R2", "B2");
    }

    @Test
    void aNeverVisitedHistoryOfAParallelStateEntersEveryRegionByDefault() {
        Chart<Trace> chart = Chart.<Trace>builder("parallel-history-default")
                .initial("OUT")
                .parallel("P", p -> {
                    p.history("PH", HistoryType.SHALLOW);
                    p.state("R1", r -> r.state("A"));
                    p.state("R2", r -> r.state("B"));
                })
                .state("OUT", o -> o.on(Ev.WHOLE).target("PH"))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.WHOLE);
        assertThat(t.take()).containsExactly("exit OUT", "enter P", "enter R1", "enter A", "enter R2", "enter B");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A", "R2", "B");
    }

    @Test
    void deepHistoryRestoresEveryLeafOfAParallelStateInsideTheParent() {
        Chart<Trace> chart = Chart.<Trace>builder("deep-history-parallel-inside")
                .initial("OFF")
                .state("OFF", o -> {
                    o.on(Ev.PLAIN).target("M");
                    o.on(Ev.DEEP).target("HD");
                    o.on(Ev.SHALLOW).target("HS");
                })
                .state("M", m -> {
                    m.initial("Q");
                    m.history("HD", HistoryType.DEEP);
                    m.history("HS", HistoryType.SHALLOW);
                    m.on(Ev.LEAVE).target("OFF");
                    m.parallel("Q", q -> {
                        q.state("Q1", r -> {
                            r.initial("a1");
                            r.state("a1", a -> a.on(Ev.NEXT).target("a2"));
                            r.state("a2");
                        });
                        q.state("Q2", r -> {
                            r.initial("b1");
                            r.state("b1", b -> b.on(Ev.NEXT).target("b2"));
                            r.state("b2");
                        });
                    });
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        m.fire(Ev.PLAIN);
        m.fire(Ev.NEXT);
        t.take();
        m.fire(Ev.LEAVE);
        assertThat(t.take()).containsExactly(
                "exit b2", "exit Q2", "exit a2", "exit Q1", "exit Q", "exit M", "enter OFF");

        m.fire(Ev.DEEP);
        assertThat(t.take()).containsExactly(
                "exit OFF", "enter M", "enter Q", "enter Q1", "enter a2", "enter Q2", "enter b2");
        assertThat(m.activeStates()).containsExactly("M", "Q", "Q1", "a2", "Q2", "b2");

        m.fire(Ev.LEAVE);
        t.take();
        m.fire(Ev.SHALLOW); // remembers Q only: its regions start over
        assertThat(t.take()).containsExactly(
                "exit OFF", "enter M", "enter Q", "enter Q1", "enter a1", "enter Q2", "enter b1");
    }

    @Test
    void anInitialTransitionMayTargetTheStatesOwnHistoryToResume() {
        Chart<Trace> chart = Chart.<Trace>builder("resume")
                .initial("OFF")
                .state("OFF", o -> o.on(Ev.PLAIN).target("M"))
                .state("M", m -> {
                    m.initial("H"); // entering M resumes where it was left
                    m.history("H", HistoryType.SHALLOW, "M1");
                    m.on(Ev.LEAVE).target("OFF");
                    m.state("M1", s -> s.on(Ev.NEXT).target("M2"));
                    m.state("M2");
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.PLAIN);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M1");
        m.fire(Ev.NEXT);
        m.fire(Ev.LEAVE);
        t.take();
        m.fire(Ev.PLAIN);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M2");
        assertThat(m.activeStates()).containsExactly("M", "M2");
    }

    @Test
    void anInitialTransitionToTheStatesOwnHistoryWithoutADefaultIsRejectedAtBuildTime() {
        // The history's fallback is its parent's initial content, which is the history itself:
        // entering M could never reach an atomic state. (allowUnreachable() so that the rejection
        // cannot come from M1 and M2 being unreachable as a side effect.)
        assertThatThrownBy(() -> Chart.<Trace>builder("resume-without-default")
                .allowUnreachable()
                .initial("OFF")
                .state("OFF", o -> o.on(Ev.PLAIN).target("M"))
                .state("M", m -> {
                    m.initial("H");
                    m.history("H", HistoryType.SHALLOW);
                    m.state("M1", s -> s.on(Ev.NEXT).target("M2"));
                    m.state("M2");
                })
                .build())
                .isInstanceOf(ChartDefinitionException.class)
                .satisfies(e -> assertThat(((ChartDefinitionException) e).problems())
                        .extracting(ChartDefinitionException.Problem::state)
                        .containsAnyOf("M", "H"));
    }

    // ------------------------------------------------------------------ failures

    @Test
    void historyIsRecordedEvenWhenExitActionsThrow() {
        Chart<Trace> chart = Chart.<Trace>builder("history-exit-throws")
                .initial("OFF")
                .state("OFF", o -> {
                    o.on(Ev.PLAIN).target("M");
                    o.on(Ev.DEEP).target("H");
                })
                .state("M", m -> {
                    m.initial("M1");
                    m.history("H", HistoryType.DEEP);
                    m.onExit(t -> {
                        throw new IllegalStateException("M exit failed");
                    });
                    m.on(Ev.LEAVE).target("OFF");
                    m.state("M1", s -> {
                        s.initial("M1a");
                        s.state("M1a", a -> a.on(Ev.NEXT).target("M1b"));
                        s.state("M1b", b -> b.onExit(t -> {
                            throw new IllegalStateException("M1b exit failed");
                        }));
                    });
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        m.fire(Ev.PLAIN);
        m.fire(Ev.NEXT);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.LEAVE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("M1b exit failed");
        assertThat(t.take()).containsExactly("exit M1b", "exit M1", "exit M", "enter OFF");
        assertThat(t.errors()).containsExactly("M1b: M1b exit failed", "M: M exit failed");
        assertThat(m.activeStates()).containsExactly("OFF");

        m.fire(Ev.DEEP);
        assertThat(t.take()).containsExactly("exit OFF", "enter M", "enter M1", "enter M1b");
        assertThat(m.activeStates()).containsExactly("M", "M1", "M1b");
    }
}
