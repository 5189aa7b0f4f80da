package dev.arbor.core;

import dev.arbor.core.semantics.StateCheck;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.MigrationReport.DroppedRecord;
import dev.arbor.core.MigrationReport.Fallback;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Moving running machines onto a new version of their chart ({@link Machine#moveTo}, seed 004's
 * charts changed while the game runs): states are matched by path; kept states run nothing; a
 * state that is gone is exited by the old chart and falls back to its nearest kept ancestor,
 * which the new chart completes by its default, every callback tagged RELOAD; history, saved
 * configurations and plans follow; a move that cannot be made changes nothing.
 */
class MigrationTest {

    enum Ev { GO, BACK, HIT, LEAVE, DEEP, SHALLOW, BOTH }

    /** A trace that also says why each state is entered or exited when the cause is not NORMAL. */
    static final class Log extends Trace {
        Machine<Log> machine;

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            log("enter " + m.chart().stateName(state) + why(cause));
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            log("exit " + m.chart().stateName(state) + why(cause));
        }

        private static String why(Cause cause) {
            return cause == Cause.NORMAL ? "" : " (" + cause + ")";
        }
    }

    static Machine<Log> started(Chart<Log> chart) {
        Log log = new Log();
        Machine<Log> m = Trace.started(chart, log);
        log.machine = m;
        log.take();
        return m;
    }

    /** A chart's builder; versions of a chart here declare only the transitions a test takes, so some states are unreachable. */
    static ChartBuilder<Log> chart(String name) {
        return Chart.<Log>builder(name).allowUnreachable();
    }

    /** An action that appends one record. */
    static StateAction<Log> note(String record) {
        return t -> t.log(record);
    }

    /** A leaf whose entry and exit actions say so. */
    static Consumer<StateBuilder<Log>> leaf(String name) {
        return s -> s.onEntry(note(name + ".entry")).onExit(note(name + ".exit"));
    }

    /**
     * Version 1 of a guard:
     * <pre>
     * root ─ patrol (initial walk) ─ walk, run
     *      ─ fight (initial melee) ─ melee (initial jab) ─ jab, hook
     *                              ─ ranged
     * </pre>
     */
    static Chart<Log> guardV1() {
        return chart("guard")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk").initialAction(note("patrol.initial"));
                    p.on(Ev.HIT).target("hook");
                    p.state("walk", leaf("walk").andThen(s -> s.on(Ev.GO).target("run")));
                    p.state("run", leaf("run"));
                })
                .state("fight", f -> {
                    f.initial("melee").initialAction(note("fight.initial"));
                    f.state("melee", m -> {
                        m.initial("jab");
                        m.state("jab", leaf("jab"));
                        m.state("hook", leaf("hook"));
                    });
                    f.state("ranged", leaf("ranged"));
                })
                .build();
    }

    // ------------------------------------------------------------------ kept and fallen back

    @Test
    void aKeptLeafStaysActiveAndNothingRuns() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.GO);
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk").initialAction(note("patrol.initial"));
                    p.state("walk", leaf("walk"));
                    p.state("run", leaf("run"));
                    p.state("sneak", leaf("sneak")); // new, not entered
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).isEmpty();
        assertThat(m.chart()).isSameAs(v2);
        assertThat(m.activeStates()).containsExactly("patrol", "run");
        assertThat(report.kept()).containsExactly("patrol", "patrol/run");
        assertThat(report.gone()).isEmpty();
        assertThat(report.entered()).isEmpty();
        assertThat(report.changedNothing()).isTrue();
    }

    @Test
    void aRemovedLeafIsExitedByTheOldChartAndFallsBackToItsParentsInitialState() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.GO); // patrol/run
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk").initialAction(note("patrol.initial (v2)"));
                    p.state("walk", leaf("walk (v2)"));
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly(
                "exit run (RELOAD)", "run.exit",             // the old chart's exit action
                "patrol.initial (v2)",                        // the kept parent's initial transition, as v2 declares it
                "enter walk (RELOAD)", "walk (v2).entry");
        assertThat(m.activeStates()).containsExactly("patrol", "walk");
        assertThat(report.kept()).containsExactly("patrol");
        assertThat(report.gone()).containsExactly(new Fallback("patrol/run", "no longer in the chart", "patrol"));
        assertThat(report.entered()).containsExactly("patrol/walk");
        assertThat(report.changedNothing()).isFalse();
    }

    @Test
    void entriesAndExitsOfTheMoveSayReloadToActionsToo() {
        StringBuilder causes = new StringBuilder();
        Chart<Log> v1 = chart("v1").initial("a")
                .state("a", a -> a.onExit((mm, t) -> causes.append("a.exit:").append(mm.cause()).append(' ')))
                .build();
        Chart<Log> v2 = chart("v2").initial("b")
                .state("b", b -> b.onEntry((mm, t) -> causes.append("b.entry:").append(mm.cause())))
                .build();
        Machine<Log> m = started(v1);
        m.moveTo(v2);
        assertThat(causes).hasToString("a.exit:RELOAD b.entry:RELOAD");
        assertThat(m.cause()).isEqualTo(Cause.NORMAL);
    }

    @Test
    void aRemovedCompoundFallsBackFurtherUp() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.HIT); // fight/melee/hook
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.state("walk", leaf("walk"));
                })
                .state("fight", f -> {
                    f.initial("ranged").initialAction(note("fight.initial (v2)"));
                    f.state("ranged", leaf("ranged"));
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly(
                "exit hook (RELOAD)", "hook.exit", "exit melee (RELOAD)",
                "fight.initial (v2)", "enter ranged (RELOAD)", "ranged.entry");
        assertThat(m.activeStates()).containsExactly("fight", "ranged");
        assertThat(report.gone()).containsExactly(
                new Fallback("fight/melee/hook", "no longer in the chart", "fight"),
                new Fallback("fight/melee", "no longer in the chart", "fight"));
        assertThat(report.entered()).containsExactly("fight/ranged");
    }

    @Test
    void aRemovedTopStateFallsBackToTheRootsInitialContent() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.HIT);
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol").initialAction(note("root.initial"))
                .state("patrol", p -> {
                    p.initial("walk").initialAction(note("patrol.initial"));
                    p.state("walk", leaf("walk"));
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly(
                "exit hook (RELOAD)", "hook.exit", "exit melee (RELOAD)", "exit fight (RELOAD)",
                "root.initial", "enter patrol (RELOAD)", "patrol.initial", "enter walk (RELOAD)", "walk.entry");
        assertThat(report.gone()).extracting(Fallback::fallback).containsOnly("");
        assertThat(report.toString()).contains("fight -> (root) (no longer in the chart)");
    }

    @Test
    void aRenamedStateIsTreatedAsRemoved() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.GO); // patrol/run
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.state("walk", leaf("walk"));
                    p.state("sprint", leaf("sprint")); // was "run"
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly(
                "exit run (RELOAD)", "run.exit", "enter walk (RELOAD)", "walk.entry");
        assertThat(m.activeStates()).containsExactly("patrol", "walk");
        assertThat(report.gone()).containsExactly(new Fallback("patrol/run", "no longer in the chart", "patrol"));
    }

    @Test
    void aStateMovedUnderAnotherParentHasAnotherPathAndIsTreatedAsRemoved() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.GO); // patrol/run
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.state("walk", w -> {
                        w.initial("run");
                        w.state("run", leaf("run (v2)"));
                    });
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly(
                "exit run (RELOAD)", "run.exit", "enter walk (RELOAD)", "enter run (RELOAD)", "run (v2).entry");
        assertThat(report.entered()).containsExactly("patrol/walk", "patrol/walk/run");
    }

    @Test
    void anAtomicStateThatBecameCompoundIsKeptAndItsNewContentEntered() {
        Machine<Log> m = started(guardV1()); // patrol/walk
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.state("walk", w -> {
                        w.initial("left").initialAction(note("walk.initial"));
                        w.state("left", leaf("left"));
                    });
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly("walk.initial", "enter left (RELOAD)", "left.entry");
        assertThat(report.kept()).containsExactly("patrol", "patrol/walk");
        assertThat(report.entered()).containsExactly("patrol/walk/left");
    }

    // ------------------------------------------------------------------ history

    /**
     * <pre>
     * root ─ off   DEEP→work/hd, SHALLOW→work/hs
     *      ─ work (initial a)  LEAVE→off; hs shallow, hd deep
     *           ─ a (initial a1) ─ a1, a2
     *           ─ b (initial b1) ─ b1
     * </pre>
     * {@code a2} is {@code a2Name}.
     */
    static Chart<Log> workChart(String name, String a2Name) {
        return chart(name)
                .initial("off")
                .state("off", o -> {
                    o.on(Ev.DEEP).target("hd");
                    o.on(Ev.SHALLOW).target("hs");
                })
                .state("work", w -> {
                    w.initial("a");
                    w.history("hs", HistoryType.SHALLOW);
                    w.history("hd", HistoryType.DEEP);
                    w.on(Ev.LEAVE).target("off");
                    w.state("a", a -> {
                        a.initial("a1");
                        a.state("a1", s -> s.on(Ev.GO).target(a2Name));
                        a.state(a2Name);
                    });
                    w.state("b", b -> {
                        b.initial("b1");
                        b.state("b1");
                    });
                })
                .build();
    }

    /** A machine in off whose work history recorded a (shallow) and a2 (deep). */
    static Machine<Log> leftFromA2() {
        Machine<Log> m = started(workChart("work v1", "a2"));
        m.fire(Ev.DEEP);  // nothing recorded yet: work's initial content, a1
        m.fire(Ev.GO);    // a2
        m.fire(Ev.LEAVE); // records hs = {a}, hd = {a2}
        m.owner().take();
        return m;
    }

    @Test
    void historyRecordsWhoseStatesSurviveAreMapped() {
        Machine<Log> m = leftFromA2();
        MigrationReport report = m.moveTo(workChart("work v2", "a2"));
        assertThat(report.historyMapped()).containsExactly("work/hs", "work/hd");
        assertThat(report.historyDropped()).isEmpty();

        m.fire(Ev.DEEP);
        assertThat(m.activeStates()).containsExactly("work", "a", "a2");
        m.fire(Ev.LEAVE);
        m.fire(Ev.SHALLOW); // shallow: a, then a's initial state again
        assertThat(m.activeStates()).containsExactly("work", "a", "a1");
    }

    @Test
    void aDeepRecordNamingAGoneStateIsDroppedWhileTheShallowOneIsMapped() {
        Machine<Log> m = leftFromA2();
        MigrationReport report = m.moveTo(workChart("work v2", "a3")); // a2 renamed
        assertThat(report.historyMapped()).containsExactly("work/hs");
        assertThat(report.historyDropped()).containsExactly(
                new DroppedRecord("work/hd", "recorded state 'work/a/a2' is gone"));

        m.fire(Ev.DEEP); // no record: the history's default, work's initial content
        assertThat(m.activeStates()).containsExactly("work", "a", "a1");
    }

    @Test
    void aRecordOfAGoneHistoryStateIsDropped() {
        Machine<Log> m = leftFromA2();
        Chart<Log> v2 = chart("work v2")
                .initial("off")
                .state("off")
                .state("work", w -> {
                    w.initial("a");
                    w.history("hs", HistoryType.SHALLOW);
                    w.state("a", a -> {
                        a.initial("a1");
                        a.state("a1");
                        a.state("a2");
                    });
                })
                .build();
        MigrationReport report = m.moveTo(v2);
        assertThat(report.historyMapped()).containsExactly("work/hs");
        assertThat(report.historyDropped()).containsExactly(new DroppedRecord("work/hd", "the history state is gone"));
        assertThat(m.snapshot().history(v2.stateId("hs"))).containsExactly(v2.stateId("a"));
    }

    @Test
    void aKeptCompoundWhoseChildIsGoneFollowsItsInitialTransitionThroughMappedHistory() {
        // v1: root ─ m (initial z; h deep) ─ x ─ x1, x2 ;  ─ z
        //          ─ out
        Chart<Log> v1 = chart("v1")
                .initial("m")
                .state("m", mm -> {
                    mm.initial("z");
                    mm.history("h", HistoryType.DEEP);
                    mm.state("x", x -> {
                        x.initial("x1");
                        x.state("x1", s -> s.on(Ev.GO).target("x2"));
                        x.state("x2", s -> s.on(Ev.LEAVE).target("out"));
                    });
                    mm.state("z", s -> s.on(Ev.HIT).target("x"));
                })
                .state("out", s -> s.on(Ev.BOTH).target("m"))
                .build();
        // v2: z is gone, and m's initial transition goes to its deep history.
        Chart<Log> v2 = chart("v2")
                .initial("m")
                .state("m", mm -> {
                    mm.initial("h").initialAction(note("m.initial"));
                    mm.history("h", HistoryType.DEEP, "x");
                    mm.state("x", x -> {
                        x.initial("x1");
                        x.state("x1", leaf("x1"));
                        x.state("x2", leaf("x2"));
                    });
                })
                .state("out")
                .build();
        Machine<Log> m = started(v1);
        m.fire(Ev.HIT);   // x1
        m.fire(Ev.GO);    // x2
        m.fire(Ev.LEAVE); // out; h records x2
        m.fire(Ev.BOTH);  // m by default: z
        m.owner().take();

        MigrationReport report = m.moveTo(v2);
        assertThat(report.historyMapped()).containsExactly("m/h");
        assertThat(m.owner().take()).containsExactly(
                "exit z (RELOAD)", "m.initial", "enter x (RELOAD)", "enter x2 (RELOAD)", "x2.entry");
        assertThat(m.activeStates()).containsExactly("m", "x", "x2");
    }

    // ------------------------------------------------------------------ parallel regions

    /** root ─ body (parallel) ─ arms ─ a1, a2 ;  ─ legs ─ l1, l2 (l2 when GO). */
    static Chart<Log> bodyV1() {
        return chart("body v1")
                .initial("body")
                .parallel("body", b -> {
                    b.state("arms", r -> {
                        r.initial("a1");
                        r.state("a1", leaf("a1"));
                        r.state("a2", leaf("a2"));
                    });
                    b.state("legs", r -> {
                        r.initial("l1");
                        r.state("l1", leaf("l1").andThen(s -> s.on(Ev.GO).target("l2")));
                        r.state("l2", leaf("l2"));
                    });
                })
                .build();
    }

    @Test
    void anAddedRegionIsEnteredByItsDefaultAndARemovedOneIsExited() {
        Machine<Log> m = started(bodyV1());
        m.fire(Ev.GO); // a1, l2

        Chart<Log> v2 = chart("body v2")
                .initial("body")
                .parallel("body", b -> {
                    b.state("arms", r -> {
                        r.initial("a1");
                        r.state("a1", leaf("a1"));
                    });
                    b.state("eyes", r -> {
                        r.initial("e1").initialAction(note("eyes.initial"));
                        r.state("e1", leaf("e1"));
                    });
                })
                .build();
        m.owner().take();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly(
                "exit l2 (RELOAD)", "l2.exit", "exit legs (RELOAD)",
                "enter eyes (RELOAD)", "eyes.initial", "enter e1 (RELOAD)", "e1.entry");
        assertThat(m.activeStates()).containsExactly("body", "arms", "a1", "eyes", "e1");
        assertThat(report.kept()).containsExactly("body", "body/arms", "body/arms/a1");
        assertThat(report.gone()).containsExactly(
                new Fallback("body/legs/l2", "no longer in the chart", "body"),
                new Fallback("body/legs", "no longer in the chart", "body"));
        assertThat(report.entered()).containsExactly("body/eyes", "body/eyes/e1");
    }

    @Test
    void aParallelStateThatBecameCompoundKeepsItsFirstActiveChild() {
        Machine<Log> m = started(bodyV1());
        m.owner().take();

        Chart<Log> v2 = chart("body v2")
                .initial("body")
                .state("body", b -> {
                    b.initial("legs");
                    b.state("arms", r -> {
                        r.initial("a1");
                        r.state("a1", leaf("a1"));
                    });
                    b.state("legs", r -> {
                        r.initial("l1");
                        r.state("l1", leaf("l1"));
                    });
                })
                .build();
        MigrationReport report = m.moveTo(v2);

        assertThat(m.owner().take()).containsExactly("exit l1 (RELOAD)", "l1.exit", "exit legs (RELOAD)");
        assertThat(m.activeStates()).containsExactly("body", "arms", "a1");
        assertThat(report.gone()).containsExactly(
                new Fallback("body/legs/l1", "its parent left", "body"),
                new Fallback("body/legs", "'body' now holds one active child", "body"));
    }

    // ------------------------------------------------------------------ what else names states

    @Test
    void pushedAndPreviousConfigurationsAreMappedAndCompleted() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.GO);      // patrol/run; previous = patrol/walk
        m.push("hook");     // saves patrol/run
        m.owner().take();

        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.state("walk", leaf("walk"));
                    p.state("sprint", leaf("sprint"));
                })
                .state("fight", f -> {
                    f.initial("melee");
                    f.state("melee", mm -> {
                        mm.initial("jab");
                        mm.state("jab", leaf("jab"));
                        mm.state("hook", leaf("hook"));
                    });
                })
                .build();
        MigrationReport report = m.moveTo(v2);
        assertThat(m.owner().take()).isEmpty();
        assertThat(report.carried()).containsExactly("previous configuration (revert)", "1 pushed configuration (pop)");

        m.pop(); // the saved patrol/run, with run gone: patrol's initial state
        assertThat(m.activeStates()).containsExactly("patrol", "walk");
        assertThat(m.owner().take()).containsExactly(
                "exit hook", "hook.exit", "exit melee", "exit fight", "enter patrol", "enter walk", "walk.entry");
    }

    /** A behaviour that logs its callbacks under its name, with the cause when it is not NORMAL. */
    record Says(String name) implements Behavior<Log> {
        @Override
        public void onEnter(Log owner, Activity<Log> activity) {
            owner.log(name + ".enter" + why(activity));
        }

        @Override
        public void onUpdate(Log owner, Activity<Log> activity) {
            owner.log(name + ".update");
        }

        @Override
        public void onExit(Log owner, Activity<Log> activity) {
            owner.log(name + ".exit" + why(activity));
        }

        private static String why(Activity<Log> activity) {
            Cause cause = activity.machine().cause();
            return cause == Cause.NORMAL ? "" : " (" + cause + ")";
        }
    }

    /** root ─ patrol (initial walk) ─ walk, using the given behaviours. */
    static Chart<Log> walking(String name, Says... behaviors) {
        return chart(name)
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.state("walk", w -> {
                        for (Says b : behaviors) {
                            w.use(b);
                        }
                    });
                })
                .build();
    }

    @Test
    void aKeptStateWhoseBehavioursChangedExitsTheOldOnesAndEntersTheNewOnes() {
        Machine<Log> m = started(walking("v1", new Says("step v1"), new Says("look")));
        m.owner().take();

        MigrationReport report = m.moveTo(walking("v2", new Says("step v2"), new Says("look"), new Says("hum")));

        assertThat(m.owner().take()).containsExactly(
                "step v1.exit (RELOAD)",                          // changed: the old chart's instance stops
                "step v2.enter (RELOAD)", "hum.enter (RELOAD)");  // changed and added: the new ones start
        assertThat(report.behaviorsRestarted()).singleElement().hasToString(
                "patrol/walk (exited Says[name=step v1]; entered Says[name=step v2], Says[name=hum])");
        assertThat(report.kept()).containsExactly("patrol", "patrol/walk");
        assertThat(report.changedNothing()).isFalse();

        m.update();
        assertThat(m.owner().take()).containsExactly("step v2.update", "look.update", "hum.update");
    }

    @Test
    void aRemovedBehaviourOfAKeptStateIsExited() {
        Machine<Log> m = started(walking("v1", new Says("look")));
        m.owner().take();

        MigrationReport report = m.moveTo(walking("v2"));

        assertThat(m.owner().take()).containsExactly("look.exit (RELOAD)");
        assertThat(report.behaviorsRestarted()).singleElement().hasToString("patrol/walk (exited Says[name=look]; entered none)");
        m.update();
        assertThat(m.owner().take()).isEmpty();
    }

    @Test
    void aBehaviourAddedToAKeptStateWithoutBehavioursIsEnteredAndRuns() {
        Machine<Log> m = started(walking("v1"));
        m.owner().take();

        m.moveTo(walking("v2", new Says("look")));
        assertThat(m.owner().take()).containsExactly("look.enter (RELOAD)");
        m.update();
        assertThat(m.owner().take()).containsExactly("look.update");
    }

    @Test
    void unchangedBehavioursCarryOnWithoutCallbacks() {
        Machine<Log> m = started(walking("v1", new Says("look")));
        m.owner().take();

        MigrationReport report = m.moveTo(walking("v2", new Says("look"))); // another instance, the same label
        assertThat(m.owner().take()).isEmpty();
        assertThat(report.behaviorsRestarted()).isEmpty();
        assertThat(report.changedNothing()).isTrue();
    }

    @Test
    void aKeptStateThatBecameFinalRaisesItsCompletion() {
        Machine<Log> m = started(chart("v1")
                .initial("job")
                .state("job", j -> {
                    j.initial("work");
                    j.state("work");
                })
                .state("rest")
                .build());
        m.owner().take();

        Chart<Log> v2 = chart("v2")
                .initial("job")
                .state("job", j -> {
                    j.initial("work");
                    j.finalState("work");
                    j.onDone().target("rest");
                })
                .state("rest", leaf("rest"))
                .build();
        m.moveTo(v2);

        assertThat(m.activeStates()).containsExactly("rest");
        assertThat(m.owner().take()).containsExactly(
                "exit work (RELOAD)", "exit job (RELOAD)", "enter rest (RELOAD)", "rest.entry");
    }

    /** A behaviour that finishes once its state has been active for {@code ticks} ticks. */
    static Behavior<Log> takes(int ticks) {
        return new Behavior<>() {
            @Override
            public boolean isFinished(Log owner, Activity<Log> activity) {
                return activity.ticks() >= ticks;
            }
        };
    }

    /** root ─ idle (GO: a plan of the steps in order) ─ duty (initial a) ─ the steps, each taking one tick. */
    static Chart<Log> planChart(String name, String... steps) {
        return chart(name)
                .initial("idle")
                .state("idle", s -> s.on(Ev.GO).plan(steps[0], (Object[]) java.util.Arrays.copyOfRange(steps, 1, steps.length)))
                .state("duty", d -> {
                    d.initial("a");
                    for (String step : steps) {
                        d.state(step, s -> s.use(takes(1)));
                    }
                })
                .build();
    }

    @Test
    void aPlanInProgressCarriesOnInTheNewChart() {
        Machine<Log> m = started(planChart("v1", "a", "b", "c"));
        m.fire(Ev.GO); // a; b and c to follow
        MigrationReport report = m.moveTo(planChart("v2", "a", "b", "c"));
        assertThat(report.carried()).containsExactly(
                "previous configuration (revert)", "2 plan entries", "clocks (behaviours, timers) of the kept states");

        m.update(); // a has been active one tick: finished, the plan's next step follows
        assertThat(m.activeStates()).containsExactly("duty", "b");
        m.update();
        assertThat(m.activeStates()).containsExactly("duty", "c");
    }

    @Test
    void aStoppedMachineCarriesNoBehaviourClocksAndTheReportSaysNone() {
        Machine<Log> m = started(planChart("v1", "a", "b"));
        m.fire(Ev.GO); // a, with its behaviour's clock running
        m.stop();
        MigrationReport report = m.moveTo(planChart("v2", "a", "b"));
        assertThat(report.carried()).noneMatch(line -> line.contains("clock"));
    }

    @Test
    void onlyKeptStatesWithBehavioursHaveClocksToCarry() {
        Machine<Log> m = started(planChart("v1", "a", "b"));
        m.fire(Ev.GO);
        m.update(); // a finished: b, then the plan is done
        m.update(); // b finished: the plan is done; duty stays with b
        m.goTo("idle"); // no state with behaviours is active
        MigrationReport report = m.moveTo(planChart("v2", "a", "b"));
        assertThat(report.carried()).noneMatch(line -> line.contains("clock"));
    }

    @Test
    void aPlanStepWhoseStateIsGoneIsClearedAndThePlanSkipsIt() {
        Machine<Log> m = started(planChart("v1", "a", "b", "c"));
        m.fire(Ev.GO);
        MigrationReport report = m.moveTo(planChart("v2", "a", "c"));
        assertThat(report.cleared()).containsExactly("plan step 'duty/b' (state gone)");
        assertThat(report.carried()).contains("1 plan entry");

        m.update();
        assertThat(m.activeStates()).containsExactly("duty", "c");
    }

    /** root ─ big (initial s0) ─ s0 … s(n-1). */
    static Chart<Log> wide(String name, int n) {
        ChartBuilder<Log> b = chart(name).initial("big");
        b.state("big", big -> {
            big.initial("s0");
            for (int i = 0; i < n; i++) {
                big.state("s" + i);
            }
        });
        return b.build();
    }

    @Test
    void aMoveBetweenChartsOfDifferentSizesResizesWhatTheMachineHolds() {
        Chart<Log> large = wide("large", 100); // more than 64 states: several words of bits
        Chart<Log> small = wide("small", 3);
        Machine<Log> m = started(large);
        m.goTo("s70");
        m.push("s2"); // saves big/s70

        m.moveTo(small);
        assertThat(m.activeStates()).containsExactly("big", "s2");
        assertThat(StateCheck.problem(small, m.snapshot())).isNull();
        m.pop(); // s70 is gone from the saved configuration: big's initial state
        assertThat(m.activeStates()).containsExactly("big", "s0");
        m.revert();
        assertThat(m.activeStates()).containsExactly("big", "s2");

        m.moveTo(large);
        m.goTo("s99");
        m.revert();
        assertThat(m.activeStates()).containsExactly("big", "s2");
        assertThat(StateCheck.problem(large, m.snapshot())).isNull();
    }

    @Test
    void aMachineWithoutListenerMovedFromASmallChartToALargeOneCanStillRevert() {
        Chart<Log> small = chart("small")
                .initial("big")
                .state("big", big -> {
                    big.initial("s0");
                    big.state("s0", s -> s.on(Ev.GO).target("s1"));
                    big.state("s1");
                })
                .build();
        Machine<Log> m = small.newMachine(new Log()); // no listener: the machine holds its state bits only
        m.start();
        m.fire(Ev.GO); // big/s1; previous: big/s0

        m.moveTo(wide("large", 100));
        m.revert();
        assertThat(m.activeStates()).containsExactly("big", "s0");
    }

    @Test
    void aMachineNotStartedJustTakesTheNewChart() {
        Machine<Log> m = guardV1().newMachine(new Log());
        Chart<Log> v2 = workChart("work", "a2");
        MigrationReport report = m.moveTo(v2);
        assertThat(report.kept()).isEmpty();
        assertThat(report.entered()).isEmpty();
        assertThat(m.isStarted()).isFalse();
        m.start();
        assertThat(m.activeStates()).containsExactly("off");
    }

    @Test
    void theNewChartsDispatchServesTheMachineAfterTheMove() {
        Machine<Log> m = started(guardV1());
        for (int i = 0; i < 3; i++) {
            m.fire(Ev.BACK); // unhandled: warms the old chart's dispatch
        }
        Chart<Log> v2 = chart("guard v2")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.state("walk", s -> s.on(Ev.GO).target("crawl"));
                    p.state("crawl", leaf("crawl"));
                })
                .build();
        m.moveTo(v2);
        m.owner().take();
        m.fire(Ev.GO);
        assertThat(m.owner().take()).containsExactly("exit walk", "enter crawl", "crawl.entry");
        assertThat(m.activeStates()).containsExactly("patrol", "crawl");
    }

    // ------------------------------------------------------------------ refused moves

    @Test
    void aMoveAskedFromInsideAnActionIsRefusedAndNothingChanges() {
        Chart<Log> v2 = workChart("other", "a2");
        Chart<Log> v1 = chart("v1")
                .initial("a")
                .state("a", a -> a.on(Ev.GO).action((t, e) -> t.machine.moveTo(v2)).target("b"))
                .state("b")
                .build();
        Machine<Log> m = started(v1);
        MachineState before = m.snapshot();

        assertThatThrownBy(() -> m.fire(Ev.GO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("moveTo() called from inside a step");
        assertThat(m.chart()).isSameAs(v1);
        assertThat(m.activeStates()).containsExactly("b"); // the step itself finished, on v1
        assertThat(before.active()).containsExactly(0, v1.stateId("a"));
    }

    @Test
    void aHaltedMachineIsNotMoved() {
        Chart<Log> v1 = chart("v1")
                .initial("a")
                .state("a", a -> a.on(Ev.GO).target("end"))
                .finalState("end")
                .build();
        Machine<Log> m = started(v1);
        m.fire(Ev.GO);
        MachineState before = m.snapshot();

        assertThatThrownBy(() -> m.moveTo(guardV1()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("halted");
        assertThat(m.chart()).isSameAs(v1);
        assertThat(m.snapshot()).isEqualTo(before);
    }

    // ------------------------------------------------------------------ failures during the move

    static Chart<Log> failingV2(ErrorPolicy policy) {
        return chart("guard v2")
                .errorPolicy(policy)
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.on("error.execution").action((t, e) -> t.log("caught " + ((ExecutionError) e).error().getMessage()));
                    p.state("walk", w -> {
                        w.initial("left");
                        w.onEntry(t -> {
                            throw new IllegalStateException("walk entry failed");
                        });
                        w.state("left", leaf("left"));
                    });
                })
                .build();
    }

    @Test
    void anEntryActionThatThrowsLeavesAWholeConfigurationThenTheErrorIsRethrown() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.GO); // patrol/run
        m.owner().take();
        Chart<Log> v2 = failingV2(ErrorPolicy.RETHROW);

        assertThatThrownBy(() -> m.moveTo(v2)).hasMessage("walk entry failed");
        assertThat(m.owner().take()).containsExactly(
                "exit run (RELOAD)", "run.exit", "enter walk (RELOAD)", "enter left (RELOAD)", "left.entry");
        assertThat(m.owner().errors()).containsExactly("walk: walk entry failed");
        assertThat(m.chart()).isSameAs(v2);
        assertThat(m.activeStates()).containsExactly("patrol", "walk", "left");
        assertThat(StateCheck.problem(v2, m.snapshot())).isNull();
    }

    @Test
    void withRaiseErrorEventTheErrorIsAnEventOfTheNewChart() {
        Machine<Log> m = started(guardV1());
        m.fire(Ev.GO);
        m.owner().take();

        MigrationReport report = m.moveTo(failingV2(ErrorPolicy.RAISE_ERROR_EVENT));
        assertThat(m.owner().take()).containsExactly(
                "exit run (RELOAD)", "run.exit", "enter walk (RELOAD)", "enter left (RELOAD)", "left.entry",
                "caught walk entry failed");
        assertThat(report.entered()).containsExactly("patrol/walk", "patrol/walk/left");
        assertThat(m.activeStates()).containsExactly("patrol", "walk", "left");
    }

    @Test
    void anOldExitActionThatThrowsDoesNotStopTheMove() {
        Chart<Log> v1 = chart("v1")
                .initial("a")
                .state("a", a -> a.onExit(t -> {
                    throw new IllegalStateException("a exit failed");
                }))
                .build();
        Chart<Log> v2 = chart("v2").initial("b").state("b", leaf("b")).build();
        Machine<Log> m = started(v1);

        assertThatThrownBy(() -> m.moveTo(v2)).hasMessage("a exit failed");
        assertThat(m.owner().take()).containsExactly("exit a (RELOAD)", "enter b (RELOAD)", "b.entry");
        assertThat(m.chart()).isSameAs(v2);
        assertThat(m.activeStates()).containsExactly("b");
    }

    // ------------------------------------------------------------------ the report

    @Test
    void theReportReadsAsAList() {
        Machine<Log> m = leftFromA2();
        m.fire(Ev.DEEP); // work/a/a2
        Chart<Log> v2 = chart("work v2")
                .initial("off")
                .state("off")
                .state("work", w -> {
                    w.initial("a");
                    w.history("hs", HistoryType.SHALLOW);
                    w.history("hd", HistoryType.DEEP);
                    w.state("a", a -> {
                        a.initial("a1");
                        a.state("a1");
                    });
                })
                .build();
        assertThat(m.moveTo(v2)).hasToString("""
                moved from chart 'work v1' to 'work v2'
                  kept: work, work/a
                  gone: work/a/a2 -> work/a (no longer in the chart)
                  entered: work/a/a1
                  behaviours restarted: none
                  history mapped: work/hs
                  history dropped: work/hd (recorded state 'work/a/a2' is gone)
                  carried: previous configuration (revert)
                  cleared: none""");
    }
}
