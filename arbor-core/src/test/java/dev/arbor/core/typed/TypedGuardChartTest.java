package dev.arbor.core.typed;

import static dev.arbor.core.typed.Recorder.note;
import static dev.arbor.core.typed.Recorder.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The README's guard, built through the typed face: the same trace, step by step, as the chart
 * built with the untyped builder from the same declarations, and its machine's queries answered
 * in the chart's own types.
 */
class TypedGuardChartTest {

    enum Ev { SEE_ENEMY, LOST_ENEMY, ARRIVED }

    enum St { PATROL, WALK, WAIT, COMBAT, PATROL_HISTORY }

    /**
     * <pre>
     * root ─ PATROL (initial WALK, shallow history PATROL_HISTORY)  SEE_ENEMY / shout → COMBAT
     *          ├─ WALK   ARRIVED → WAIT
     *          └─ WAIT   when rested / stretch → WALK (polled by update())
     *      ─ COMBAT  entry: draw sword, exit: sheathe sword;  LOST_ENEMY → PATROL_HISTORY
     * </pre>
     */
    static TypedChart<Recorder, St, Ev> typed() {
        return TypedChart.builder("guard", Recorder.class, St.class, Ev.class)
                .initial(St.PATROL)
                .state(St.PATROL, p -> {
                    p.initial(St.WALK);
                    p.history(St.PATROL_HISTORY, HistoryType.SHALLOW);
                    p.onEntry(note("patrol entry"));
                    p.on(Ev.SEE_ENEMY).action(say("shout")).target(St.COMBAT);
                    p.state(St.WALK, w -> w.on(Ev.ARRIVED).target(St.WAIT));
                    p.state(St.WAIT, w -> w.when(r -> r.rested).action(say("stretch")).target(St.WALK));
                })
                .state(St.COMBAT, c -> {
                    c.onEntry(note("draw sword"));
                    c.onExit(note("sheathe sword"));
                    c.on(Ev.LOST_ENEMY).target(St.PATROL_HISTORY);
                })
                .build();
    }

    /** The same declarations, through the untyped builder. */
    static Chart<Recorder> untyped() {
        return Chart.<Recorder>builder("guard")
                .initial(St.PATROL)
                .state(St.PATROL, p -> {
                    p.initial(St.WALK);
                    p.history(St.PATROL_HISTORY, HistoryType.SHALLOW);
                    p.onEntry(note("patrol entry"));
                    p.on(Ev.SEE_ENEMY).action(say("shout")).target(St.COMBAT);
                    p.state(St.WALK, w -> w.on(Ev.ARRIVED).target(St.WAIT));
                    p.state(St.WAIT, w -> w.when(r -> r.rested).action(say("stretch")).target(St.WALK));
                })
                .state(St.COMBAT, c -> {
                    c.onEntry(note("draw sword"));
                    c.onExit(note("sheathe sword"));
                    c.on(Ev.LOST_ENEMY).target(St.PATROL_HISTORY);
                })
                .build();
    }

    static TypedMachine<Recorder, St, Ev> started(Recorder r) {
        TypedMachine<Recorder, St, Ev> npc = typed().newMachine(r);
        npc.addListener(r).start();
        return npc;
    }

    @Test
    void theGuardPatrolsFightsAndResumesItsPatrol() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> npc = started(r);
        assertThat(r.take()).containsExactly("enter root", "enter PATROL", "patrol entry", "enter WALK");

        npc.fire(Ev.ARRIVED);
        assertThat(r.take()).containsExactly("exit WALK", "enter WAIT");

        npc.update();
        assertThat(r.take()).as("not rested: the polled transition does not hold").isEmpty();

        r.rested = true;
        npc.update();
        assertThat(r.take()).containsExactly("exit WAIT", "stretch", "enter WALK");

        npc.fire(Ev.ARRIVED);
        npc.fire(Ev.SEE_ENEMY);
        assertThat(r.take()).containsExactly(
                "exit WALK", "enter WAIT",
                "exit WAIT", "exit PATROL", "shout", "enter COMBAT", "draw sword");
        assertThat(npc.isIn(St.COMBAT)).isTrue();
        assertThat(npc.isIn(St.PATROL)).isFalse();

        npc.fire(Ev.ARRIVED);
        assertThat(r.take()).containsExactly("unhandled ARRIVED");

        npc.fire(Ev.LOST_ENEMY);
        assertThat(r.take()).as("the shallow history resumes WAIT")
                .containsExactly("exit COMBAT", "sheathe sword", "enter PATROL", "patrol entry", "enter WAIT");

        npc.update();
        assertThat(r.take()).containsExactly("exit WAIT", "stretch", "enter WALK");
    }

    /** One script of events and ticks, run on a machine given as its two inputs. */
    static List<String> script(Recorder r, Consumer<Ev> fire, Runnable update) {
        fire.accept(Ev.ARRIVED);
        update.run();
        r.rested = true;
        update.run();
        fire.accept(Ev.ARRIVED);
        fire.accept(Ev.SEE_ENEMY);
        fire.accept(Ev.ARRIVED);
        fire.accept(Ev.LOST_ENEMY);
        r.rested = false;
        fire.accept(Ev.SEE_ENEMY);
        fire.accept(Ev.LOST_ENEMY);
        update.run();
        return r.take();
    }

    @Test
    void theTypedChartMakesTheSameTraceAsTheUntypedOneForTheSameInputs() {
        Recorder typedOwner = new Recorder();
        TypedMachine<Recorder, St, Ev> typed = started(typedOwner);
        Recorder untypedOwner = new Recorder();
        Machine<Recorder> untyped = untyped().newMachine(untypedOwner);
        untyped.addListener(untypedOwner).start();

        List<String> typedTrace = script(typedOwner, typed::fire, typed::update);
        List<String> untypedTrace = script(untypedOwner, untyped::fire, untyped::update);

        assertThat(typedTrace).hasSizeGreaterThan(20).isEqualTo(untypedTrace);
        assertThat(typed.activeStates()).isEqualTo(untyped.activeStates());
    }

    @Test
    void theTypedChartCompilesToTheSameStatesAndTransitionsAsTheUntypedOne() {
        Chart<Recorder> a = typed().chart();
        Chart<Recorder> b = untyped();
        assertThat(a.stateCount()).isEqualTo(b.stateCount());
        assertThat(a.transitionCount()).isEqualTo(b.transitionCount());
        for (int s = 0; s < a.stateCount(); s++) {
            assertThat(a.stateInfo(s)).isEqualTo(b.stateInfo(s));
        }
        for (int t = 0; t < a.transitionCount(); t++) {
            assertThat(a.describeTransition(t)).isEqualTo(b.describeTransition(t));
        }
    }

    @Test
    void theMachineAnswersInTheChartsOwnTypes() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> npc = started(r);
        List<St> states = npc.activeStates();
        List<St> leaves = npc.activeLeaves();
        assertThat(states).containsExactly(St.PATROL, St.WALK);
        assertThat(leaves).containsExactly(St.WALK);
        assertThat(npc.owner()).isSameAs(r);
        assertThat(npc.machine().owner()).isSameAs(r);
        assertThat(npc.chart().name()).isEqualTo("guard");
        assertThat(npc).hasToString(npc.machine().toString());
    }
}
