package dev.arbor.core;

import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A machine is started explicitly (docs/architecture.md, "What happens to an event"): every input
 * that runs a step ({@code fire}, {@code update}, {@code raise} outside a step,
 * {@code drainPosted}, {@code goTo}, {@code push}, {@code revert}, {@code pop}) is refused by a
 * machine never started, with a message that names the chart and the call, before anything runs;
 * {@code start()} after a refusal starts it as if nothing had been asked. {@code restore} is a
 * start from a snapshot; a second start is refused; a stopped or halted machine ignores inputs.
 */
class NotStartedTest {

    enum Ev { SEE_ENEMY, CALM, END }

    enum St { PATROL, COMBAT, DONE }

    /** Records every listener call, in the owner's log, so that "nothing ran" covers the listener too. */
    static final class Everything extends Trace {
        @Override
        public void onEvent(Machine<?> machine, Object event, Cause cause) {
            log("event " + event);
        }

        @Override
        public void onTick(Machine<?> machine, Cause cause) {
            log("tick");
        }

        @Override
        public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
            log("transition " + machine.chart().describeTransition(transition));
        }

        @Override
        public void onStepEnd(Machine<?> machine) {
            log("step end");
        }
    }

    /**
     * <pre>
     * guard (initial PATROL)
     *  ├─ PATROL  entry "patrol"; SEE_ENEMY → COMBAT; update "patrolling"
     *  ├─ COMBAT  entry "fight"; CALM → PATROL; END → DONE
     *  └─ DONE    final
     * </pre>
     */
    static Chart<Trace> chart() {
        return Chart.<Trace>builder("guard")
                .initial(St.PATROL)
                .state(St.PATROL, p -> {
                    p.onEntry(note("patrol"));
                    p.onUpdate(note("patrolling"));
                    p.on(Ev.SEE_ENEMY).action(say("draw")).target(St.COMBAT);
                })
                .state(St.COMBAT, c -> {
                    c.onEntry(note("fight"));
                    c.on(Ev.CALM).target(St.PATROL);
                    c.on(Ev.END).target(St.DONE);
                })
                .finalState(St.DONE)
                .build();
    }

    static Machine<Trace> fresh(Everything owner) {
        Machine<Trace> m = chart().newMachine(owner);
        m.addListener(owner);
        return m;
    }

    private static void refused(String call, Consumer<Machine<Trace>> input) {
        Everything owner = new Everything();
        Machine<Trace> m = fresh(owner);

        assertThatThrownBy(() -> input.accept(m))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("machine of chart 'guard' is not started: call start() before " + call);
        assertThat(owner.take()).as("nothing ran: no entry action, no listener call").isEmpty();
        assertThat(m.isStarted()).isFalse();
        assertThat(m.activeStates()).isEmpty();

        m.start();
        assertThat(owner.take()).containsExactly("enter root", "enter PATROL", "patrol", "step end");
        m.fire(Ev.SEE_ENEMY);
        assertThat(owner.take()).containsExactly("event SEE_ENEMY", "exit PATROL",
                "transition PATROL SEE_ENEMY -> COMBAT", "draw", "enter COMBAT", "fight", "step end");
        assertThat(m.activeStates()).containsExactly(St.COMBAT);
    }

    @Test
    void fireBeforeStartIsRefusedAndStartAfterWorksAsUsual() {
        refused("fire(SEE_ENEMY)", m -> m.fire(Ev.SEE_ENEMY));
    }

    @Test
    void fireWithACauseBeforeStartIsRefused() {
        refused("fire(SEE_ENEMY)", m -> m.fire(Ev.SEE_ENEMY, Cause.REPLAY));
    }

    @Test
    void aNameIsShownInQuotes() {
        refused("fire(\"see.enemy\")", m -> m.fire("see.enemy"));
    }

    @Test
    void updateBeforeStartIsRefused() {
        refused("update()", Machine::update);
        refused("update()", m -> m.update(Cause.REPLAY));
    }

    @Test
    void raiseOutsideAStepBeforeStartIsRefused() {
        refused("raise(CALM)", m -> m.raise(Ev.CALM));
    }

    @Test
    void movesBeforeStartAreRefused() {
        refused("goTo(COMBAT)", m -> m.goTo(St.COMBAT));
        refused("push(COMBAT)", m -> m.push(St.COMBAT));
        refused("revert()", Machine::revert);
        refused("pop()", Machine::pop);
    }

    @Test
    void drainPostedBeforeStartIsRefusedAndKeepsThePostedEventsForTheFirstTick() {
        Everything owner = new Everything();
        Machine<Trace> m = fresh(owner);
        m.post(Ev.SEE_ENEMY); // posting only queues: allowed before the start

        assertThatThrownBy(m::drainPosted)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("machine of chart 'guard' is not started: call start() before drainPosted()");
        assertThatThrownBy(m::update)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("machine of chart 'guard' is not started: call start() before update()");
        assertThat(owner.take()).isEmpty();

        m.start();
        owner.take();
        m.update();
        assertThat(owner.take()).containsExactly("event SEE_ENEMY", "exit PATROL",
                "transition PATROL SEE_ENEMY -> COMBAT", "draw", "enter COMBAT", "fight", "step end",
                "tick", "step end");
    }

    @Test
    void aSecondStartIsRefusedNamingTheChart() {
        Everything owner = new Everything();
        Machine<Trace> m = fresh(owner);
        m.start();
        owner.take();

        assertThatThrownBy(m::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("machine of chart 'guard' is already started: start() runs once per machine");
        assertThat(owner.take()).isEmpty();
    }

    @Test
    void restoreIsTheStartOfAFreshMachineFromASnapshot() {
        Machine<Trace> source = fresh(new Everything());
        source.start();
        source.fire(Ev.SEE_ENEMY);

        Everything owner = new Everything();
        Machine<Trace> m = fresh(owner);
        m.restore(source.snapshot(), Cause.RESTORE);
        assertThat(owner.take()).containsExactly("enter root", "enter COMBAT", "fight", "step end");
        assertThat(m.isStarted()).isTrue();

        m.fire(Ev.CALM);
        assertThat(m.activeStates()).containsExactly(St.PATROL);
        assertThatThrownBy(m::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("machine of chart 'guard' is already started");
    }

    @Test
    void aStoppedMachineIgnoresInputs() {
        Everything owner = new Everything();
        Machine<Trace> m = fresh(owner);
        m.start();
        m.stop();
        owner.take();

        m.fire(Ev.SEE_ENEMY);
        m.update();
        m.goTo(St.COMBAT);
        assertThat(owner.take()).isEmpty();
        assertThatThrownBy(m::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("machine of chart 'guard' is already started (and stopped): start() runs once per machine");
    }

    @Test
    void aMachineStoppedBeforeItsStartIgnoresInputsAndCannotStart() {
        Everything owner = new Everything();
        Machine<Trace> m = fresh(owner);
        m.stop();

        m.fire(Ev.SEE_ENEMY);
        m.update();
        assertThat(owner.take()).isEmpty();
        assertThat(m.isStarted()).isTrue();
        assertThatThrownBy(m::start).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aHaltedMachineIgnoresInputs() {
        Everything owner = new Everything();
        Machine<Trace> m = fresh(owner);
        m.start();
        m.fire(Ev.SEE_ENEMY);
        m.fire(Ev.END);
        assertThat(m.isHalted()).isTrue();
        owner.take();

        m.fire(Ev.CALM);
        m.update();
        m.goTo(St.PATROL);
        assertThat(owner.take()).isEmpty();
        assertThat(m.activeStates()).containsExactly(St.DONE);
    }
}
