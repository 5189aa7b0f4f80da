package dev.arbor.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What a run covers, as a specification: a guard's chart, a few runs of events and ticks, and
 * exactly the states and transitions each covered and missed. The chart has nested states, a
 * timer, and in {@code fight} two transitions without a target on {@code hit}: the first guarded
 * (taken while the guard has more than 50 hit points), the second taken only when that guard
 * fails; a third {@code hit} into {@code ghost} is shadowed by the second, so {@code ghost} is dead.
 */
class CoverageTest {

    static final class Guard {
        int hp = 100;

        Guard(int hp) {
            this.hp = hp;
        }
    }

    static Chart<Guard> chart() {
        return Chart.<Guard>builder("guard")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.on("alarm").target("fight");                                    // 0
                    p.state("walk", w -> {
                        w.on("look").target("watch");                                 // 1
                        w.on("ping").guard(o -> o.hp > 0);                            // 2: the state's only one on ping
                    });
                    p.state("watch", w -> {
                        w.after(2).target("walk");                                    // 3
                        w.on("look").target("walk");                                  // 4
                    });
                })
                .state("fight", f -> {
                    f.on("hit").guard(o -> o.hp > 50).action((o, e) -> o.hp -= 30);  // 5
                    f.on("hit").action((o, e) -> o.hp -= 5);                         // 6: when 5's guard fails
                    f.on("hit").target("ghost");                                      // 7: shadowed by 6
                    f.on("calm").target("patrol");                                    // 8
                })
                .state("ghost", g -> g.on("wake").target("patrol"))                   // 9
                .build();
    }

    /** The ids of the chart's declared transitions by what the test calls them. */
    private static final int ALARM = 0;
    private static final int LOOK_WALK = 1;
    private static final int PING = 2;
    private static final int TIMER = 3;
    private static final int LOOK_WATCH = 4;
    private static final int HIT_STRONG = 5;
    private static final int HIT_WEAK = 6;
    private static final int HIT_GHOST = 7;
    private static final int CALM = 8;
    private static final int WAKE = 9;

    private static List<String> names(Chart<?> chart, int[] states) {
        return IntStream.of(states).mapToObj(chart::stateName).toList();
    }

    private static List<Integer> ids(int[] transitions) {
        return IntStream.of(transitions).boxed().toList();
    }

    /** Run A: a patrol that looks out, waits for the timer, fights one strong round and calms down. */
    private static Machine<Guard> runA(Coverage<Guard> coverage) {
        Machine<Guard> m = coverage.chart().newMachine(new Guard(100));
        coverage.attach(m);
        m.start();
        m.fire("look");
        m.update();
        m.update(); // watch after 2 ticks -> walk
        assertThat(m.activeLeaves()).containsExactly("walk");
        m.fire("alarm");
        m.fire("hit"); // 100 > 50: the guarded one, hp 70
        m.fire("calm");
        assertThat(m.activeLeaves()).containsExactly("walk");
        assertThat(m.owner().hp).isEqualTo(70);
        return m;
    }

    /** Run B: a weak guard fights at once: its guard fails, the second hit is taken. */
    private static Machine<Guard> runB(Coverage<Guard> coverage) {
        Machine<Guard> m = coverage.chart().newMachine(new Guard(40));
        coverage.attach(m);
        m.start();
        m.fire("alarm");
        m.fire("hit"); // 40: the guard fails, the unguarded one, hp 35
        assertThat(m.owner().hp).isEqualTo(35);
        return m;
    }

    @Test
    void aRunCoversExactlyTheStatesItWasInAndTheTransitionsItTook() {
        Coverage<Guard> a = Coverage.of(chart());
        runA(a);
        assertThat(names(a.original(), a.statesReached())).containsExactly("patrol", "walk", "watch", "fight");
        assertThat(names(a.original(), a.missedStates())).containsExactly("ghost");
        assertThat(ids(a.transitionsTaken())).containsExactly(ALARM, LOOK_WALK, TIMER, HIT_STRONG, CALM);
        assertThat(ids(a.missedTransitions())).containsExactly(PING, LOOK_WATCH, HIT_WEAK, HIT_GHOST, WAKE);
        assertThat(a.report()).isEqualTo("states 4/5 (missed: ghost); transitions 5/10 (missed: walk \"ping\" [guard]; "
                + "watch \"look\" -> walk; fight \"hit\"; fight \"hit\" -> ghost; ghost \"wake\" -> patrol)");
    }

    @Test
    void theSecondOfTheGuardedPairIsCoveredOnlyByARunInWhichTheFirstsGuardFails() {
        Coverage<Guard> b = Coverage.of(chart());
        runB(b);
        assertThat(names(b.original(), b.statesReached())).containsExactly("patrol", "walk", "fight");
        assertThat(ids(b.transitionsTaken())).containsExactly(ALARM, HIT_WEAK);
    }

    @Test
    void twoRunsMergedCoverWhatEitherDid() {
        Coverage<Guard> a = Coverage.of(chart());
        runA(a);
        Coverage<Guard> b = Coverage.of(chart()); // the chart built again: the same shape
        runB(b);
        assertThat(a.merge(b)).isSameAs(a);
        assertThat(names(a.original(), a.missedStates())).containsExactly("ghost");
        assertThat(ids(a.transitionsTaken())).containsExactly(ALARM, LOOK_WALK, TIMER, HIT_STRONG, HIT_WEAK, CALM);
        assertThat(ids(a.missedTransitions())).containsExactly(PING, LOOK_WATCH, HIT_GHOST, WAKE);
        assertThat(ids(b.transitionsTaken())).as("the other is unchanged").containsExactly(ALARM, HIT_WEAK);
    }

    @Test
    void machinesOfOneCoverageAddUp() {
        Coverage<Guard> both = Coverage.of(chart());
        runA(both);
        runB(both);
        assertThat(ids(both.transitionsTaken())).containsExactly(ALARM, LOOK_WALK, TIMER, HIT_STRONG, HIT_WEAK, CALM);
    }

    @Test
    void theReportAgainstAnAnalysisTellsTheDeadFromTheUntested() {
        Coverage<Guard> a = Coverage.of(chart());
        runA(a);
        a.merge(runCoverage(CoverageTest::runB));
        ChartAnalysis analysis = ChartAnalysis.of(a.original());
        assertThat(analysis.complete()).isTrue();
        assertThat(a.report(analysis)).isEqualTo("""
                states 4/5 (missed: ghost); transitions 6/10 (missed: walk "ping" [guard]; watch "look" -> walk; \
                fight "hit" -> ghost; ghost "wake" -> patrol)
                dead, no run can cover them:
                  state 'ghost' is never active: no transition into it is ever taken (fight "hit" -> ghost)
                  transition fight "hit" -> ghost is never taken: it is shadowed by fight "hit", declared before it on \
                the same state, which always takes its input first
                  transition ghost "wake" -> patrol is never taken: its source 'ghost' is never active
                not covered yet, a run can cover them:
                  transition walk "ping" [guard]
                  transition watch "look" -> walk""");
    }

    @Test
    void aStateInsideADeadOneIsDeadForTheOuterOnesReason() {
        Chart<Object> house = Chart.builder("house")
                .initial("hall")
                .state("hall", h -> {
                    h.on("down");
                    h.on("down").target("cellar"); // shadowed by the one before
                })
                .state("cellar", c -> {
                    c.initial("dark");
                    c.state("dark", d -> d.on("up").target("hall"));
                })
                .build();
        Coverage<Object> c = Coverage.of(house);
        Machine<Object> m = c.chart().newMachine(null);
        c.attach(m);
        m.start();
        m.fire("down");
        ChartAnalysis analysis = ChartAnalysis.of(house);
        assertThat(analysis.deadState(house.stateId("dark")).orElseThrow().message())
                .isEqualTo("state 'dark' is never active: it is inside 'cellar', which is never active");
        assertThat(analysis.deadState(house.stateId("hall"))).isEmpty();
        assertThat(c.report(analysis)).isEqualTo("""
                states 1/3 (missed: cellar, dark); transitions 1/3 (missed: hall "down" -> cellar; dark "up" -> hall)
                dead, no run can cover them:
                  state 'cellar' is never active, nor the state inside it: no transition into it is ever taken \
                (hall "down" -> cellar)
                  state 'dark' is never active: it is inside 'cellar', which is never active
                  transition hall "down" -> cellar is never taken: it is shadowed by hall "down", declared before it \
                on the same state, which always takes its input first
                  transition dark "up" -> hall is never taken: its source 'dark' is never active""");
    }

    private static Coverage<Guard> runCoverage(java.util.function.Consumer<Coverage<Guard>> run) {
        Coverage<Guard> c = Coverage.of(chart());
        run.accept(c);
        return c;
    }

    /**
     * Without guard outcomes (a machine of the chart itself, or a recording), a targetless step is
     * named only where the chart leaves no choice, else credited to the first unguarded one: here
     * every hit goes to the second, though the engine took the first while the guard held.
     */
    @Test
    void withoutGuardOutcomesATargetlessStepIsCreditedToTheFirstUnguardedOne() {
        Chart<Guard> chart = chart();
        Coverage<Guard> plain = Coverage.of(chart);
        Machine<Guard> m = chart.newMachine(new Guard(100));
        plain.attach(m);
        m.start();
        m.fire("ping"); // walk's only transition on ping: named, though guarded
        m.fire("alarm");
        m.fire("hit"); // the engine takes the guarded one (100 > 50)...
        assertThat(m.owner().hp).isEqualTo(70);
        assertThat(ids(plain.transitionsTaken())).containsExactly(ALARM, PING, HIT_WEAK); // ...credited to the unguarded one

        Coverage<Guard> instrumented = Coverage.of(chart);
        Machine<Guard> exact = instrumented.chart().newMachine(new Guard(100));
        instrumented.attach(exact);
        exact.start();
        exact.fire("ping");
        exact.fire("alarm");
        exact.fire("hit");
        assertThat(ids(instrumented.transitionsTaken())).containsExactly(ALARM, PING, HIT_STRONG);
    }

    /** A recording of a machine's callbacks, read back, covers what the machine attached directly did. */
    @Test
    void aRecordingOfTheListenersCallbacksCoversWhatTheMachineDid() {
        Chart<Guard> chart = chart();
        List<Integer> entered = new ArrayList<>();
        List<Integer> transitions = new ArrayList<>();
        List<Coverage.Internal> internal = new ArrayList<>();
        Machine<Guard> m = chart.newMachine(new Guard(60));
        m.addListener(new MachineListener() {
            @Override
            public void onEntry(Machine<?> machine, int state, Cause cause) {
                entered.add(state);
            }

            @Override
            public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
                transitions.add(transition);
            }

            @Override
            public void onInternal(Machine<?> machine, int state, Object event, Cause cause) {
                internal.add(new Coverage.Internal(state, event));
            }
        });
        Coverage<Guard> attached = Coverage.of(chart);
        attached.attach(m);
        m.start();
        for (String e : List.of("look", "look", "alarm", "hit", "hit", "calm")) {
            m.fire(e);
        }
        Coverage<Guard> recorded = Coverage.ofRecording(chart, entered.stream().mapToInt(i -> i).toArray(),
                transitions.stream().mapToInt(i -> i).toArray(), internal);
        assertThat(ids(recorded.transitionsTaken())).containsExactly(ALARM, LOOK_WALK, LOOK_WATCH, HIT_WEAK, CALM);
        assertThat(recorded.report()).isEqualTo(attached.report());
        assertThat(names(chart, recorded.missedStates())).containsExactly("ghost");
    }

    @Test
    void aTargetlessStepBetweenGuardedOnesAloneIsNotNamedAndTheReportSaysSo() {
        Chart<Object> chart = Chart.builder("tap")
                .initial("a")
                .state("a", s -> {
                    s.on("tap").guard(o -> true);
                    s.on("tap").guard(o -> false);
                    s.on("go").target("b");
                })
                .state("b")
                .build();
        int a = chart.stateId("a");
        assertThat(Coverage.targetlessTaken(chart, a, "tap")).isEqualTo(-1);
        Coverage<Object> c = Coverage.ofRecording(chart, new int[] {a}, new int[0], List.of(new Coverage.Internal(a, "tap")));
        assertThat(c.report()).isEqualTo("states 1/2 (missed: b); transitions 0/3 (missed: a \"tap\" [guard]; "
                + "a \"tap\" [guard]; a \"go\" -> b); 1 step of a transition without a target could not be named "
                + "(no guard outcomes, and guarded ones to choose from)");
    }

    @Test
    void aMachineRunningAlreadyCountsTheStatesItIsIn() {
        Chart<Guard> chart = chart();
        Machine<Guard> m = chart.newMachine(new Guard(100));
        m.start();
        m.fire("alarm");
        Coverage<Guard> c = Coverage.of(chart).attach(m);
        assertThat(names(chart, c.statesReached())).containsExactly("fight");
        assertThat(c.transitionsTaken()).isEmpty();
        assertThat(c.detach(m)).isTrue();
        m.fire("calm");
        assertThat(c.transitionsTaken()).as("detached: nothing more is recorded").isEmpty();
    }

    @Test
    void machinesAndCoveragesOfOtherChartsAreRefused() {
        Coverage<Guard> c = Coverage.of(chart());
        Chart<Object> other = Chart.builder("other").initial("x").state("x").build();
        assertThatThrownBy(() -> c.attach(other.newMachine(null))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("runs chart 'other'");
        assertThatThrownBy(() -> c.attach(chart().newMachine(new Guard(1)))).as("another build: attach its own coverage")
                .isInstanceOf(IllegalArgumentException.class);
        Machine<Guard> m = c.chart().newMachine(new Guard(1));
        c.attach(m);
        assertThatThrownBy(() -> c.attach(m)).hasMessageContaining("attached already");
        assertThatThrownBy(() -> c.merge(Coverage.of(other))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("their states and transitions differ");
        assertThatThrownBy(() -> c.report(ChartAnalysis.of(other))).isInstanceOf(IllegalArgumentException.class);
    }
}
