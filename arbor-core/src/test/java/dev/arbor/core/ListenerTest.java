package dev.arbor.core;

import dev.arbor.core.semantics.TierSwitch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The listener SPI (docs/architecture.md, "Listeners"; {@link MachineListener}): one trace stream
 * of events, exits, transitions, entries, internal transitions, unhandled events and errors, each
 * with its {@link Cause}; several listeners are called in the order added.
 *
 * <p>The owner of these charts is the shared log itself, so the records of actions and of
 * listeners interleave in the order they happened.
 */
class ListenerTest {

    enum Ev { GO, PING, NOPE, BAD, RAISE, SKIP, BACK, FINISH }

    /** Records every callback as one line, with an optional prefix naming the listener. */
    static class Recorder implements MachineListener {
        private final String prefix;
        private final List<String> out;

        Recorder(String prefix, List<String> out) {
            this.prefix = prefix;
            this.out = out;
        }

        private String name(Machine<?> m, int state) {
            return m.chart().stateName(state);
        }

        private String transition(Machine<?> m, int t) {
            Chart<?> c = m.chart();
            StringBuilder b = new StringBuilder(c.stateName(c.transitionSource(t))).append("->");
            int[] targets = c.transitionTargets(t);
            for (int i = 0; i < targets.length; i++) {
                b.append(i == 0 ? "" : ",").append(c.stateName(targets[i]));
            }
            return b.toString();
        }

        @Override
        public void onEvent(Machine<?> m, Object event, Cause cause) {
            out.add(prefix + "event " + event + " " + cause);
        }

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            out.add(prefix + "entry " + name(m, state) + " " + cause);
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            out.add(prefix + "exit " + name(m, state) + " " + cause);
        }

        @Override
        public void onTransition(Machine<?> m, int t, Object event, Cause cause) {
            out.add(prefix + "transition " + transition(m, t) + " on " + event + " " + cause);
        }

        @Override
        public void onInternal(Machine<?> m, int state, Object event, Cause cause) {
            out.add(prefix + "internal " + name(m, state) + " on " + event + " " + cause);
        }

        @Override
        public void onUnhandled(Machine<?> m, Object event, Cause cause) {
            out.add(prefix + "unhandled " + event + " " + cause);
        }

        @Override
        public void onError(Machine<?> m, int state, Throwable error, Cause cause) {
            out.add(prefix + "error " + name(m, state) + " " + error.getMessage() + " " + cause);
        }
    }

    /**
     * <pre>
     * root ─ A   GO→B "go-action" (records the machine's cause)
     *      ─ B   PING (internal), BAD→C (action throws), RAISE (internal, raises PING), SKIP→C2, BACK→A
     *      ─ C
     *      ─ C2  always→D
     *      ─ D
     *      ─ J (initial J1) ─ J1 FINISH→JF, JF (final); J done→A;   (A FINISH→J)
     * </pre>
     */
    static Chart<List<String>> chart() {
        return Chart.<List<String>>builder("listened")
                .initial("A")
                .state("A", a -> {
                    a.on(Ev.GO).action((m, log, e) -> log.add("go-action " + m.cause())).target("B");
                    a.on(Ev.FINISH).target("J");
                })
                .state("B", b -> {
                    b.on(Ev.PING).action((log, e) -> { });
                    b.on(Ev.BAD).action((log, e) -> {
                        throw new IllegalStateException("bad-action");
                    }).target("C");
                    b.on(Ev.RAISE).action((m, log, e) -> m.raise(Ev.PING));
                    b.on(Ev.SKIP).target("C2");
                    b.on(Ev.BACK).target("A");
                })
                .state("C")
                .state("C2", c -> c.always().target("D"))
                .state("D")
                .state("J", j -> {
                    j.initial("J1");
                    j.state("J1", j1 -> j1.on(Ev.FINISH).target("JF"));
                    j.finalState("JF");
                    j.onDone().target("A");
                })
                .build();
    }

    static Machine<List<String>> started(List<String> log, MachineListener... listeners) {
        Machine<List<String>> m = chart().newMachine(log);
        for (MachineListener l : listeners) {
            m.addListener(l);
        }
        m.start();
        return m;
    }

    static List<String> take(List<String> log) {
        List<String> out = List.copyOf(log);
        log.clear();
        return out;
    }

    @Test
    void startReportsTheInitialEntries() {
        List<String> log = new ArrayList<>();
        started(log, new Recorder("", log));
        assertThat(take(log)).containsExactly("entry root NORMAL", "entry A NORMAL");
    }

    @Test
    void aTransitionReportsTheEventTheExitsTheTransitionThenTheEntries() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = started(log, new Recorder("", log));
        take(log);

        m.fire(Ev.GO);
        assertThat(take(log)).containsExactly(
                "event GO NORMAL", "exit A NORMAL", "transition A->B on GO NORMAL", "go-action NORMAL", "entry B NORMAL");
    }

    @Test
    void internalTransitionsUnhandledEventsAndErrorsAreReported() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = started(log, new Recorder("", log));
        m.fire(Ev.GO);
        take(log);

        m.fire(Ev.PING);
        assertThat(take(log)).containsExactly("event PING NORMAL", "internal B on PING NORMAL");

        m.fire(Ev.NOPE);
        assertThat(take(log)).containsExactly("event NOPE NORMAL", "unhandled NOPE NORMAL");

        assertThatThrownBy(() -> m.fire(Ev.BAD)).hasMessage("bad-action");
        assertThat(take(log)).containsExactly(
                "event BAD NORMAL", "exit B NORMAL", "transition B->C on BAD NORMAL",
                "error B bad-action NORMAL", "entry C NORMAL");
    }

    @Test
    void internalEventsAndDoneEventsAreReportedAsEventsToo() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = started(log, new Recorder("", log));
        m.fire(Ev.GO);
        take(log);

        m.fire(Ev.RAISE);
        assertThat(take(log)).containsExactly(
                "event RAISE NORMAL", "internal B on RAISE NORMAL", "event PING NORMAL", "internal B on PING NORMAL");

        m.fire(Ev.BACK);
        m.fire(Ev.FINISH);
        take(log);
        m.fire(Ev.FINISH);
        assertThat(take(log)).containsExactly(
                "event FINISH NORMAL", "exit J1 NORMAL", "transition J1->JF on FINISH NORMAL", "entry JF NORMAL",
                "event done.state.J NORMAL", "exit JF NORMAL", "exit J NORMAL",
                "transition J->A on done.state.J NORMAL", "entry A NORMAL");
    }

    @Test
    void anEventlessTransitionIsReportedWithANullEvent() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = started(log, new Recorder("", log));
        m.fire(Ev.GO);
        take(log);

        m.fire(Ev.SKIP);
        assertThat(take(log)).containsExactly(
                "event SKIP NORMAL", "exit B NORMAL", "transition B->C2 on SKIP NORMAL", "entry C2 NORMAL",
                "exit C2 NORMAL", "transition C2->D on null NORMAL", "entry D NORMAL");
    }

    @Test
    void transitionsOfOneMicrostepAreEachReportedAfterAllExitsAndJustBeforeTheirOwnAction() {
        List<String> log = new ArrayList<>();
        Chart<List<String>> chart = Chart.<List<String>>builder("two-regions")
                .initial("P")
                .parallel("P", p -> {
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.state("A1", a -> a.on(Ev.GO).action((l, e) -> l.add("a1 action")).target("A2"));
                        r.state("A2");
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1", b -> b.on(Ev.GO).action((l, e) -> l.add("b1 action")).target("B2"));
                        r.state("B2");
                    });
                })
                .build();
        Machine<List<String>> m = chart.newMachine(log);
        m.addListener(new Recorder("", log));
        m.start();
        take(log);

        m.fire(Ev.GO);
        assertThat(take(log)).containsExactly(
                "event GO NORMAL", "exit B1 NORMAL", "exit A1 NORMAL",
                "transition A1->A2 on GO NORMAL", "a1 action",
                "transition B1->B2 on GO NORMAL", "b1 action",
                "entry A2 NORMAL", "entry B2 NORMAL");
    }

    @Test
    void aReplayedEventCarriesTheReplayCauseThroughEveryCallbackAndAction() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = started(log, new Recorder("", log));
        take(log);

        m.fire(Ev.GO, Cause.REPLAY);
        assertThat(take(log)).containsExactly(
                "event GO REPLAY", "exit A REPLAY", "transition A->B on GO REPLAY", "go-action REPLAY", "entry B REPLAY");
        assertThat(m.cause()).as("outside a step").isEqualTo(Cause.NORMAL);

        m.fire(Ev.RAISE, Cause.REPLAY); // the internal event raised by the replayed step is replayed too
        assertThat(take(log)).containsExactly(
                "event RAISE REPLAY", "internal B on RAISE REPLAY", "event PING REPLAY", "internal B on PING REPLAY");

        m.fire(Ev.BACK);
        assertThat(take(log)).containsExactly(
                "event BACK NORMAL", "exit B NORMAL", "transition B->A on BACK NORMAL", "entry A NORMAL");
    }

    @Test
    void startWithACauseReportsItOnTheInitialEntries() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = chart().newMachine(log);
        m.addListener(new Recorder("", log));
        m.start(Cause.RESTORE);
        assertThat(take(log)).containsExactly("entry root RESTORE", "entry A RESTORE");
        assertThat(m.cause()).isEqualTo(Cause.NORMAL);
    }

    /** A {@link Recorder} that takes compiled microsteps whole, writing each with what the chart says it stands for. */
    static final class WholeRecorder extends Recorder {
        private final List<String> out;

        WholeRecorder(List<String> out) {
            super("", out);
            this.out = out;
        }

        @Override
        public boolean takesMicrosteps() {
            return true;
        }

        @Override
        public void onMicrostep(Machine<?> m, int leaf, int t, Object event, Cause cause) {
            Chart<?> c = m.chart();
            out.add("microstep from " + c.stateName(leaf) + " " + c.describeTransition(t) + " on " + event + " " + cause
                    + ": exits " + names(c, c.microstepExits(leaf, t)) + ", entries " + names(c, c.microstepEntries(t)));
        }

        private static List<String> names(Chart<?> c, int[] states) {
            List<String> out = new ArrayList<>();
            for (int s : states) {
                out.add(c.stateName(s));
            }
            return out;
        }
    }

    @Test
    void aListenerThatTakesMicrostepsWholeHearsACompiledOneInOneCallBeforeItsExits() {
        List<Chart<List<String>>> tiers = Tiers.of(ListenerTest::chart);
        for (int i = 0; i < tiers.size(); i++) {
            List<String> log = new ArrayList<>();
            Machine<List<String>> m = tiers.get(i).newMachine(log);
            m.addListener(new WholeRecorder(log));
            m.start();
            take(log);
            m.fire(Ev.GO);
            m.fire(Ev.BACK);
            m.fire(Ev.FINISH);
            List<String> heard = take(log);
            if (Tiers.NAMES.get(i).equals("specialized")) {
                // the machine runs its quiet code after the one call: the action follows it
                assertThat(heard).as(Tiers.NAMES.get(i)).containsExactly(
                        "event GO NORMAL", "microstep from A A GO -> B on GO NORMAL: exits [A], entries [B]", "go-action NORMAL",
                        "event BACK NORMAL", "microstep from B B BACK -> A on BACK NORMAL: exits [B], entries [A]",
                        "event FINISH NORMAL", "microstep from A A FINISH -> J on FINISH NORMAL: exits [A], entries [J, J1]");
            } else {
                // the interpreter reports state by state, to every listener
                assertThat(heard).as(Tiers.NAMES.get(i)).containsExactly(
                        "event GO NORMAL", "exit A NORMAL", "transition A->B on GO NORMAL", "go-action NORMAL", "entry B NORMAL",
                        "event BACK NORMAL", "exit B NORMAL", "transition B->A on BACK NORMAL", "entry A NORMAL",
                        "event FINISH NORMAL", "exit A NORMAL", "transition A->J on FINISH NORMAL", "entry J NORMAL",
                        "entry J1 NORMAL");
            }
        }
    }

    @Test
    void aFailureInsideAMicrostepTakenWholeIsReportedAfterItAndAnyOtherListenerHearsStateByState() {
        Chart<List<String>> specialized = Tiers.of(ListenerTest::chart).get(0);
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = specialized.newMachine(log);
        m.addListener(new WholeRecorder(log));
        m.start();
        m.fire(Ev.GO);
        take(log);
        assertThatThrownBy(() -> m.fire(Ev.BAD)).hasMessage("bad-action");
        assertThat(take(log)).containsExactly("event BAD NORMAL",
                "microstep from B B BAD -> C on BAD NORMAL: exits [B], entries [C]", "error B bad-action NORMAL");

        // with a listener that does not take microsteps whole, the machine reports each state to both
        List<String> both = new ArrayList<>();
        Machine<List<String>> n = specialized.newMachine(both);
        n.addListener(new WholeRecorder(both)).addListener(new Recorder("2:", both));
        n.start();
        n.fire(Ev.GO);
        take(both);
        n.fire(Ev.BACK);
        assertThat(take(both)).containsExactly("event BACK NORMAL", "2:event BACK NORMAL", "exit B NORMAL", "2:exit B NORMAL",
                "transition B->A on BACK NORMAL", "2:transition B->A on BACK NORMAL", "entry A NORMAL", "2:entry A NORMAL");
    }

    @Test
    void whatAMicrostepStandsForIsRefusedForAStateOrTransitionItCannotHaveAndForEntriesThroughHistory() {
        Chart<List<String>> c = chart();
        int goToB = transition(c, "A", "B");
        assertThat(c.microstepExits(c.stateId("A"), goToB)).containsExactly(c.stateId("A"));
        int finish = transition(c, "J1", "JF"); // its domain is J: A is not below it
        assertThat(c.microstepExits(c.stateId("J1"), finish)).containsExactly(c.stateId("J1"));
        assertThatThrownBy(() -> c.microstepExits(c.stateId("A"), finish))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'A'").hasMessageContaining(c.describeTransition(finish)).hasMessageContaining("domain");
        assertThatThrownBy(() -> c.microstepExits(99, goToB)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.microstepEntries(-1)).isInstanceOf(IndexOutOfBoundsException.class);

        Chart<Object> withHistory = Chart.builder("remembers").initial("P")
                .state("P", p -> {
                    p.initial("P1");
                    p.history("H", HistoryType.SHALLOW);
                    p.state("P1", p1 -> p1.on(Ev.GO).target("P2"));
                    p.state("P2");
                    p.on(Ev.SKIP).target("Q");
                })
                .state("Q", q -> q.on(Ev.BACK).target("H"))
                .build();
        int back = transition(withHistory, "Q", "H");
        assertThatThrownBy(() -> withHistory.microstepEntries(back))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("history");
    }

    private static int transition(Chart<?> c, String source, String target) {
        for (int t = 0; t < c.transitionCount(); t++) {
            int[] targets = c.transitionTargets(t);
            if (c.stateName(c.transitionSource(t)).equals(source) && targets.length == 1
                    && c.stateName(targets[0]).equals(target)) {
                return t;
            }
        }
        throw new AssertionError("no transition " + source + " -> " + target);
    }

    @Test
    void severalListenersAreCalledInTheOrderAdded() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = started(log,
                new Recorder("1:", log), new Recorder("2:", log), new Recorder("3:", log));
        assertThat(take(log)).containsExactly(
                "1:entry root NORMAL", "2:entry root NORMAL", "3:entry root NORMAL",
                "1:entry A NORMAL", "2:entry A NORMAL", "3:entry A NORMAL");

        m.fire(Ev.GO);
        assertThat(take(log)).containsExactly(
                "1:event GO NORMAL", "2:event GO NORMAL", "3:event GO NORMAL",
                "1:exit A NORMAL", "2:exit A NORMAL", "3:exit A NORMAL",
                "1:transition A->B on GO NORMAL", "2:transition A->B on GO NORMAL", "3:transition A->B on GO NORMAL",
                "go-action NORMAL",
                "1:entry B NORMAL", "2:entry B NORMAL", "3:entry B NORMAL");

        m.fire(Ev.NOPE);
        assertThat(take(log)).containsExactly(
                "1:event NOPE NORMAL", "2:event NOPE NORMAL", "3:event NOPE NORMAL",
                "1:unhandled NOPE NORMAL", "2:unhandled NOPE NORMAL", "3:unhandled NOPE NORMAL");

        m.fire(Ev.PING);
        assertThat(take(log)).containsExactly(
                "1:event PING NORMAL", "2:event PING NORMAL", "3:event PING NORMAL",
                "1:internal B on PING NORMAL", "2:internal B on PING NORMAL", "3:internal B on PING NORMAL");

        assertThatThrownBy(() -> m.fire(Ev.BAD)).hasMessage("bad-action");
        assertThat(take(log)).contains(
                "1:error B bad-action NORMAL", "2:error B bad-action NORMAL", "3:error B bad-action NORMAL");
    }

    /**
     * {@link MachineListener#onEntry}: "it has just become active, and its entry action is about to
     * run"; {@link MachineListener#onExit}: "its exit action is about to run, after which it is no
     * longer active".
     */
    @Test
    void entryAndExitAreReportedJustBeforeTheStatesOwnActionsRunWhileTheStateIsActive() {
        List<String> log = new ArrayList<>();
        Chart<List<String>> chart = Chart.<List<String>>builder("action-order")
                .initial("A")
                .state("A", a -> {
                    a.onExit(l -> l.add("A exit action"));
                    a.on(Ev.GO).action((l, e) -> l.add("go action")).target("B");
                })
                .state("B", b -> b.onEntry(l -> l.add("B entry action")))
                .build();
        Machine<List<String>> m = chart.newMachine(log);
        m.addListener(new Recorder("", log));
        m.addListener(new MachineListener() {
            @Override
            public void onEntry(Machine<?> machine, int state, Cause cause) {
                log.add("  active: " + machine.isIn(state));
            }

            @Override
            public void onExit(Machine<?> machine, int state, Cause cause) {
                log.add("  active: " + machine.isIn(state));
            }
        });
        m.start();
        take(log);

        m.fire(Ev.GO);
        assertThat(take(log)).containsExactly(
                "event GO NORMAL",
                "exit A NORMAL", "  active: true", "A exit action",
                "transition A->B on GO NORMAL", "go action",
                "entry B NORMAL", "  active: true", "B entry action");
        assertThat(m.isIn("A")).isFalse();
    }

    /**
     * {@link MachineListener#onEvent}: "An event (external, or from the internal queue) is about to
     * be processed. Ticks are reported by onUpdate"; {@link MachineListener#onUpdate}: "A state's
     * update action is about to run".
     */
    @Test
    void aTickReportsItsPolledTransitionAndEachUpdateActionButNoEvent() {
        List<String> log = new ArrayList<>();
        ChartBuilder<List<String>> b = Chart.<List<String>>builder("tick-listened").initial("A");
        b.onUpdate(l -> l.add("root update action"));
        Chart<List<String>> chart = b
                .state("A", a -> a.when(l -> true).target("B"))
                .state("B", s -> {
                    s.onUpdate(l -> l.add("B update action"));
                    s.state("B1"); // no update action: not reported
                })
                .build();
        Machine<List<String>> m = chart.newMachine(log);
        m.addListener(new Recorder("", log) {
            @Override
            public void onUpdate(Machine<?> machine, int state, Cause cause) {
                log.add("update " + machine.chart().stateName(state) + " " + cause);
            }
        });
        m.start();
        take(log);

        m.update();
        assertThat(take(log)).containsExactly(
                "exit A NORMAL", "transition A->B on null NORMAL", "entry B NORMAL", "entry B1 NORMAL",
                "update root NORMAL", "root update action",
                "update B NORMAL", "B update action");
    }

    @Test
    void everyStepEndsWithOneStepEndAfterAllItReportedEvenWhenAnActionThrew() {
        List<String> log = new ArrayList<>();
        Recorder recorder = new Recorder("", log) {
            @Override
            public void onStepEnd(Machine<?> machine) {
                log.add("step end");
            }
        };
        Machine<List<String>> m = started(log, recorder);
        assertThat(take(log)).containsExactly("entry root NORMAL", "entry A NORMAL", "step end");

        m.fire(Ev.GO);
        assertThat(take(log)).containsExactly(
                "event GO NORMAL", "exit A NORMAL", "transition A->B on GO NORMAL", "go-action NORMAL", "entry B NORMAL",
                "step end");

        m.fire(Ev.RAISE); // the raised PING is processed within the same step
        List<String> raised = take(log);
        assertThat(raised).contains("event PING NORMAL").endsWith("step end");
        assertThat(raised.stream().filter("step end"::equals)).hasSize(1);

        m.update(); // an idle tick is a step too
        assertThat(take(log)).containsExactly("step end");

        org.assertj.core.api.Assertions.catchThrowable(() -> m.fire(Ev.BAD));
        List<String> failed = take(log);
        assertThat(failed).contains("error B bad-action NORMAL").endsWith("step end");
    }

    @Test
    void aTickIsAnnouncedBeforeWhatItDoesOnTheFlatPathAndTheGeneralOne() {
        for (boolean timers : new boolean[] {false, true}) { // a timer takes a flat chart off its quickest tick path
            List<String> log = new ArrayList<>();
            Chart<List<String>> chart = Chart.<List<String>>builder("ticked")
                    .initial("A")
                    .state("A", a -> {
                        a.when(l -> l.contains("go")).target("B");
                        if (timers) {
                            a.after(100).target("B");
                        }
                    })
                    .state("B")
                    .build();
            Machine<List<String>> m = chart.newMachine(log);
            m.addListener(new Recorder("", log) {
                @Override
                public void onTick(Machine<?> machine, Cause cause) {
                    log.add("tick " + cause);
                }
            });
            m.start();
            take(log);
            m.update();
            assertThat(take(log)).as("timers: %s", timers).containsExactly("tick NORMAL");
            log.add("go");
            m.update(Cause.REPLAY);
            assertThat(take(log)).as("timers: %s", timers).containsExactly(
                    "go", "tick REPLAY", "exit A REPLAY", "transition A->B on null REPLAY", "entry B REPLAY");
        }
    }

    @Test
    void aRemovedListenerHearsNothingMoreAndTheOthersGoOnInOrder() {
        List<String> log = new ArrayList<>();
        Recorder first = new Recorder("1:", log);
        Recorder second = new Recorder("2:", log);
        Recorder third = new Recorder("3:", log);
        Machine<List<String>> m = started(log, first, second, third);
        take(log);

        assertThat(m.removeListener(second)).isTrue();
        assertThat(m.removeListener(second)).isFalse();
        m.fire(Ev.PING); // B is not active yet: unhandled
        assertThat(take(log)).containsExactly("1:event PING NORMAL", "3:event PING NORMAL",
                "1:unhandled PING NORMAL", "3:unhandled PING NORMAL");

        assertThat(m.removeListener(first)).isTrue();
        assertThat(m.removeListener(third)).isTrue();
        m.fire(Ev.GO);
        assertThat(take(log)).containsExactly("go-action NORMAL"); // nobody listens: the action alone
        assertThat(m.removeListener(first)).isFalse();
    }

    @Test
    void removingAListenerInsideAStepIsRefused() {
        List<String> log = new ArrayList<>();
        Recorder recorder = new Recorder("", log);
        Chart<List<String>> chart = Chart.<List<String>>builder("removing")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((Machine<List<String>> m, List<String> l, Ev e) -> m.removeListener(recorder))
                        .target("B"))
                .state("B")
                .build();
        Machine<List<String>> m = chart.newMachine(log);
        m.addListener(recorder);
        m.start();
        assertThatThrownBy(() -> m.fire(Ev.GO)).hasStackTraceContaining("removeListener() called from inside a step");
    }

    @Test
    void aListenerAddedDuringAStepHearsFromTheNextStepOn() {
        for (boolean specialized : new boolean[] {false, true}) {
            List<String> heard = new ArrayList<>();
            MachineListener late = new MachineListener() {
                @Override
                public void onEntry(Machine<?> m, int state, Cause cause) {
                    heard.add("enter " + m.chart().stateName(state));
                }

                @Override
                public void onExit(Machine<?> m, int state, Cause cause) {
                    heard.add("exit " + m.chart().stateName(state));
                }
            };
            Chart<Trace> chart = Chart.<Trace>builder("late-listener")
                    .initial("A")
                    .state("A", a -> a.on(Ev.GO).action((Machine<Trace> m, Trace t, Ev e) -> m.addListener(late)).target("B"))
                    .state("B", b -> b.on(Ev.BACK).target("A"))
                    .build();
            if (specialized) {
                assertThat(TierSwitch.specializeNow(chart)).isNotNull();
            } else {
                TierSwitch.neverSpecialize(chart);
            }
            Machine<Trace> m = chart.newMachine(new Trace());
            m.start();
            m.fire(Ev.GO);
            assertThat(heard).as("specialized: %s", specialized).isEmpty(); // added mid-step: not yet attached
            m.fire(Ev.BACK);
            assertThat(heard).as("specialized: %s", specialized).containsExactly("exit B", "enter A");
        }
    }
}
