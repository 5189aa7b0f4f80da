package dev.arbor.core.typed;

import static dev.arbor.core.typed.Recorder.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.UnknownEvents;
import dev.arbor.core.Variable;
import org.junit.jupiter.api.Test;

/**
 * A typed machine is a face of an untyped {@link Machine}: moves, ticks, posted events,
 * snapshots, variables and reload reach the same machine, and what the face reports is in the
 * chart's own types. A typed chart's state keys are all of its state type, checked when it is
 * built or wrapped.
 */
class TypedMachineTest {

    enum Ev { ALARM, CALM }

    enum St { IDLE, FIGHT, SLEEP, GUARD }

    /**
     * <pre>
     * root ─ IDLE   ALARM / alarm → FIGHT;  when variable alarms ≥ 2 → FIGHT
     *      ─ FIGHT  CALM → IDLE
     *      ─ SLEEP  (entered by push alone)
     * </pre>
     */
    static TypedChart<Recorder, St, Ev> chart() {
        return TypedChart.builder("watch", Recorder.class, St.class, Ev.class)
                .variable(Variable.integer("alarms", 0, 3, 0))
                .allowUnreachable() // SLEEP is entered by push alone
                .initial(St.IDLE)
                .state(St.IDLE, s -> {
                    s.on(Ev.ALARM).action(say("alarm")).target(St.FIGHT);
                    s.when((m, r) -> m.variables().getInt("alarms") >= 2).action(say("too many alarms")).target(St.FIGHT);
                })
                .state(St.FIGHT, s -> s.on(Ev.CALM).target(St.IDLE))
                .state(St.SLEEP)
                .build();
    }

    static TypedMachine<Recorder, St, Ev> started(TypedChart<Recorder, St, Ev> chart, Recorder r) {
        TypedMachine<Recorder, St, Ev> m = chart.newMachine(r);
        m.addListener(r).start();
        r.take();
        return m;
    }

    /** Events of a type no enum covers whole: a constant the chart names, a record it does not. */
    interface Signal {}

    enum Bell implements Signal { RING }

    record Whistle() implements Signal {}

    @Test
    void anEventOfTheTypeThatNoTransitionNamesFollowsTheChartsUnknownEventsPolicy() {
        TypedMachine<Recorder, St, Signal> strict = bellChart().unknownEvents(UnknownEvents.REJECT).build()
                .newMachine(new Recorder());
        strict.start();
        assertThatThrownBy(() -> strict.fire(new Whistle())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Whistle").hasMessageContaining("bells");
        assertThat(strict.activeLeaves()).containsExactly(St.IDLE);

        TypedMachine<Recorder, St, Signal> lenient = bellChart().unknownEvents(UnknownEvents.IGNORE).build()
                .newMachine(new Recorder());
        lenient.start();
        lenient.fire(new Whistle());
        lenient.fire(Bell.RING);
        assertThat(lenient.activeLeaves()).containsExactly(St.FIGHT);
    }

    private static TypedChartBuilder<Recorder, St, Signal> bellChart() {
        return TypedChart.builder("bells", Recorder.class, St.class, Signal.class)
                .allowUnreachable()
                .initial(St.IDLE)
                .state(St.IDLE, s -> s.on(Bell.RING).target(St.FIGHT))
                .state(St.FIGHT);
    }

    @Test
    void movesNameStatesOfTheChartsStateType() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(chart(), r);

        m.goTo(St.FIGHT);
        assertThat(r.take()).containsExactly("exit IDLE", "enter FIGHT");
        m.revert();
        assertThat(r.take()).as("a blip: back to the configuration before").containsExactly("exit FIGHT", "enter IDLE");

        m.push(St.SLEEP);
        assertThat(r.take()).containsExactly("exit IDLE", "enter SLEEP");
        assertThat(m.pushedDepth()).isEqualTo(1);
        m.pop();
        assertThat(r.take()).containsExactly("exit SLEEP", "enter IDLE");
        assertThat(m.pushedDepth()).isZero();
    }

    @Test
    void postedEventsAreFiredByTheNextTickOrDrain() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(chart(), r);

        m.post(Ev.ALARM);
        assertThat(r.take()).as("posting fires nothing yet").isEmpty();
        m.update();
        assertThat(r.take()).containsExactly("exit IDLE", "alarm", "enter FIGHT");

        m.post(Ev.CALM);
        m.drainPosted();
        assertThat(r.take()).containsExactly("exit FIGHT", "enter IDLE");
    }

    @Test
    void variablesAreTheMachinesAndItsPolledTransitionsReadThem() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(chart(), r);

        m.variables().setInt("alarms", 1);
        m.update();
        assertThat(r.take()).isEmpty();
        m.variables().setInt("alarms", 2);
        m.update();
        assertThat(r.take()).containsExactly("exit IDLE", "too many alarms", "enter FIGHT");
        assertThat(m.machine().variables()).isSameAs(m.variables());
    }

    @Test
    void aSnapshotRestoredOnAnotherMachineMakesItDoWhatTheFirstWouldDo() {
        TypedChart<Recorder, St, Ev> chart = chart();
        Recorder first = new Recorder();
        TypedMachine<Recorder, St, Ev> a = started(chart, first);
        a.push(St.SLEEP);
        MachineState saved = a.snapshot();

        Recorder second = new Recorder();
        TypedMachine<Recorder, St, Ev> b = chart.newMachine(second);
        b.addListener(second);
        b.restore(saved, Cause.RESTORE);
        assertThat(second.take()).containsExactly("enter root", "enter SLEEP");
        assertThat(b.activeStates()).containsExactly(St.SLEEP);

        first.take();
        a.pop();
        b.pop();
        assertThat(second.take()).as("the pushed configuration came with the snapshot").isEqualTo(first.take())
                .containsExactly("exit SLEEP", "enter IDLE");
    }

    @Test
    void aMachineMovesOntoANewVersionOfItsTypedChart() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(chart(), r);
        m.fire(Ev.ALARM);
        r.take();
        TypedChart<Recorder, St, Ev> v2 = TypedChart.builder("watch", Recorder.class, St.class, Ev.class)
                .initial(St.IDLE)
                .state(St.IDLE, s -> s.on(Ev.ALARM).target(St.GUARD))
                .state(St.GUARD, s -> s.on(Ev.CALM).action(say("stand down")).target(St.IDLE))
                .build();

        MigrationReport report = m.moveTo(v2);
        assertThat(r.take()).as("FIGHT is gone: exited, the root's default entered")
                .containsExactly("exit FIGHT", "enter IDLE");
        assertThat(report.toString()).contains("FIGHT");
        assertThat(m.chart()).isSameAs(v2.chart());

        m.fire(Ev.ALARM);
        m.fire(Ev.CALM);
        assertThat(r.take()).containsExactly("exit IDLE", "enter GUARD", "exit GUARD", "stand down", "enter IDLE");
    }

    @Test
    void aViewIsATypedFaceOfAnUntypedMachineOfTheSameChart() {
        TypedChart<Recorder, St, Ev> chart = chart();
        Recorder r = new Recorder();
        Machine<Recorder> untyped = chart.chart().newMachine(r);
        untyped.addListener(r).start();
        r.take();

        TypedMachine<Recorder, St, Ev> view = chart.view(untyped);
        view.fire(Ev.ALARM);
        assertThat(r.take()).containsExactly("exit IDLE", "alarm", "enter FIGHT");
        assertThat(view.machine()).isSameAs(untyped);
        assertThat(untyped.isIn(St.FIGHT)).isTrue();

        Machine<Recorder> ofAnotherBuild = chart().chart().newMachine(r);
        assertThatThrownBy(() -> chart.view(ofAnotherBuild))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chart 'watch'")
                .hasMessageContaining("another build");
    }

    @Test
    void aRemovedListenerHearsNoMore() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(chart(), r);
        assertThat(m.removeListener(r)).isTrue();
        m.fire(Ev.ALARM);
        assertThat(r.take()).as("the action still runs; the listener hears nothing").containsExactly("alarm");
        assertThat(m.removeListener(r)).isFalse();
    }

    @Test
    void aStateDeclaredUntypedWithAKeyOfAnotherTypeIsRefusedWhenTheChartIsBuilt() {
        TypedChartBuilder<Recorder, St, Ev> b = TypedChart.builder("mixed", Recorder.class, St.class, Ev.class)
                .initial(St.IDLE)
                .state(St.IDLE, s -> s.on(Ev.ALARM).target(St.FIGHT))
                .state(St.FIGHT, s -> s.untyped().state("stray"));
        assertThatThrownBy(b::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'mixed': state 'FIGHT/stray' has a key of java.lang.String, not of the chart's state type "
                        + St.class.getName());
    }

    @Test
    void anUntypedChartIsWrappedOnlyWhenEveryStateKeyIsOfTheStateType() {
        Chart<Recorder> enumKeys = Chart.<Recorder>builder("enum-keys")
                .initial(St.IDLE)
                .state(St.IDLE, s -> s.on(Ev.ALARM).action(say("alarm")).target(St.FIGHT))
                .state(St.FIGHT)
                .build();
        TypedChart<Recorder, St, Ev> typed = TypedChart.of(enumKeys, St.class, Ev.class);
        assertThat(typed.chart()).isSameAs(enumKeys);
        assertThat(typed.stateType()).isEqualTo(St.class);
        assertThat(typed.eventType()).isEqualTo(Ev.class);
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(typed, r);
        m.fire(Ev.ALARM);
        assertThat(r.take()).containsExactly("exit IDLE", "alarm", "enter FIGHT");

        Chart<Recorder> stringKeys = Chart.<Recorder>builder("string-keys").initial("idle").state("idle").build();
        assertThatThrownBy(() -> TypedChart.of(stringKeys, St.class, Ev.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chart 'string-keys': state 'idle'");
    }
}
