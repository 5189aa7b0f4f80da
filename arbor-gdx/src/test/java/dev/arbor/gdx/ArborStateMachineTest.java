package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.StackStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.fsm.StateMachine;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.Cause;
import dev.arbor.core.MachineState;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * How {@link ArborStateMachine} maps gdx-ai's {@code StateMachine} onto an Arbor machine, one
 * method at a time, each checked against the calls the states receive. (That gdx-ai makes the
 * same calls is {@link SideBySideTest}'s part.)
 */
class ArborStateMachineTest {

    static final int SWITCH = 1;
    static final int PING = 2;
    static final int NOISE = 3;

    static final class Lamp {
        final List<String> log = new ArrayList<>();
        StateMachine<Lamp, Bulb> fsm;
        boolean surge;
        boolean flicker;
        /** Whether SWITCH handled in ON also sends a PING to the lamp itself, through handleMessage. */
        boolean echo;
        Telegram echoed;

        List<String> take() {
            List<String> out = List.copyOf(log);
            log.clear();
            return out;
        }
    }

    enum Bulb implements State<Lamp> {
        OFF {
            @Override
            public boolean onMessage(Lamp lamp, Telegram t) {
                super.onMessage(lamp, t);
                if (t.message == SWITCH) {
                    lamp.fsm.changeState(ON);
                    return true;
                }
                return false;
            }
        },
        ON {
            @Override
            public void update(Lamp lamp) {
                super.update(lamp);
                if (lamp.flicker) {
                    lamp.fsm.changeState(FLICKER);
                }
            }

            @Override
            public boolean onMessage(Lamp lamp, Telegram t) {
                super.onMessage(lamp, t);
                if (t.message == SWITCH) {
                    if (lamp.echo) {
                        Telegram ping = new Telegram();
                        ping.message = PING;
                        ping.extraInfo = "echo";
                        lamp.log.add("echo handled -> " + lamp.fsm.handleMessage(ping));
                        ping.reset(); // as gdx-ai's dispatcher does with its telegrams once delivered
                    }
                    lamp.fsm.changeState(OFF);
                    return true;
                }
                return false;
            }
        },
        FLICKER {
            @Override
            public void update(Lamp lamp) {
                super.update(lamp);
                lamp.fsm.revertToPreviousState();
            }
        },
        GLOBAL {
            @Override
            public void update(Lamp lamp) {
                super.update(lamp);
                if (lamp.surge) {
                    lamp.surge = false;
                    lamp.fsm.changeState(FLICKER);
                }
            }

            @Override
            public boolean onMessage(Lamp lamp, Telegram t) {
                super.onMessage(lamp, t);
                if (t.message == PING) {
                    lamp.echoed = t;
                    lamp.log.add("pong " + t.extraInfo);
                    return true;
                }
                return false;
            }
        };

        @Override
        public void enter(Lamp lamp) {
            lamp.log.add("enter " + this);
        }

        @Override
        public void update(Lamp lamp) {
            lamp.log.add("update " + this);
        }

        @Override
        public void exit(Lamp lamp) {
            lamp.log.add("exit " + this);
        }

        @Override
        public boolean onMessage(Lamp lamp, Telegram t) {
            lamp.log.add("onMessage " + this + " " + t.message);
            return false;
        }
    }

    static final GdxChart<Lamp, Bulb> CHART = GdxChart.flat("lamp", Bulb.class);

    static ArborStateMachine<Lamp, Bulb> lamp(Bulb initial, Bulb global) {
        Lamp lamp = new Lamp();
        ArborStateMachine<Lamp, Bulb> fsm = new ArborStateMachine<>(CHART, lamp, initial, global);
        lamp.fsm = fsm;
        return fsm;
    }

    static boolean send(StateMachine<Lamp, Bulb> fsm, int message) {
        Telegram t = new Telegram();
        t.message = message;
        return fsm.handleMessage(t);
    }

    @Test
    void theInitialStateIsSetWithoutBeingEnteredAndWithNoPreviousState() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.OFF, null);
        assertThat(fsm.getOwner().take()).isEmpty();
        assertThat(fsm.getCurrentState()).isEqualTo(Bulb.OFF);
        assertThat(fsm.getPreviousState()).isNull();
        assertThat(fsm.getGlobalState()).isNull();
        assertThat(fsm.machine().activeStates()).containsExactly(Bulb.OFF);
    }

    @Test
    void changeStateExitsTheCurrentStateAndEntersTheNewOneWhichMayBeTheSame() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.OFF, null);
        fsm.changeState(Bulb.ON);
        assertThat(fsm.getOwner().take()).containsExactly("exit OFF", "enter ON");
        assertThat(fsm.getPreviousState()).isEqualTo(Bulb.OFF);
        fsm.changeState(Bulb.ON);
        assertThat(fsm.getOwner().take()).containsExactly("exit ON", "enter ON");
        assertThat(fsm.getPreviousState()).isEqualTo(Bulb.ON);
        assertThat(fsm.isInState(Bulb.ON)).isTrue();
        assertThat(fsm.isInState(Bulb.OFF)).isFalse();
    }

    @Test
    void revertGoesBackAndSwapsTheStatesAndIsFalseWithNothingToGoBackTo() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.OFF, null);
        assertThat(fsm.revertToPreviousState()).isFalse();
        assertThat(fsm.getOwner().take()).isEmpty();
        fsm.changeState(Bulb.ON);
        fsm.getOwner().take();
        assertThat(fsm.revertToPreviousState()).isTrue();
        assertThat(fsm.getOwner().take()).containsExactly("exit ON", "enter OFF");
        assertThat(fsm.getPreviousState()).isEqualTo(Bulb.ON);
        assertThat(fsm.revertToPreviousState()).isTrue();
        assertThat(fsm.getOwner().take()).containsExactly("exit OFF", "enter ON");
        // After a change to the current state, reverting re-enters it, as gdx-ai's does.
        fsm.changeState(Bulb.ON);
        fsm.getOwner().take();
        assertThat(fsm.revertToPreviousState()).isTrue();
        assertThat(fsm.getOwner().take()).containsExactly("exit ON", "enter ON");
    }

    @Test
    void noCurrentStateIsAStateOfItsOwnWithoutCallbacks() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(null, Bulb.GLOBAL);
        assertThat(fsm.getCurrentState()).isNull();
        assertThat(fsm.isInState(null)).isTrue();
        assertThat(fsm.machine().activeStates()).containsExactly(GdxChart.NO_STATE);
        fsm.update();
        assertThat(fsm.getOwner().take()).containsExactly("update GLOBAL");
        assertThat(send(fsm, NOISE)).isFalse();
        assertThat(fsm.getOwner().take()).containsExactly("onMessage GLOBAL 3");

        fsm.changeState(Bulb.ON);
        assertThat(fsm.getOwner().take()).containsExactly("enter ON");
        assertThat(fsm.getPreviousState()).isNull();
        assertThat(fsm.revertToPreviousState()).isFalse(); // the previous state was none
        fsm.changeState(null);
        assertThat(fsm.getOwner().take()).containsExactly("exit ON");
        assertThat(fsm.revertToPreviousState()).isTrue();
        assertThat(fsm.getOwner().take()).containsExactly("enter ON");
    }

    @Test
    void theGlobalStateUpdatesFirstAndAStateItChangesToUpdatesInTheSameFrame() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.ON, Bulb.GLOBAL);
        fsm.update();
        assertThat(fsm.getOwner().take()).containsExactly("update GLOBAL", "update ON");
        fsm.getOwner().surge = true;
        fsm.update();
        // gdx-ai reads the current state after the global state's update: the new state updates.
        assertThat(fsm.getOwner().take()).containsExactly("update GLOBAL", "exit ON", "enter FLICKER",
                "update FLICKER", "exit FLICKER", "enter ON");
    }

    @Test
    void aChangeAskedFromInsideACallbackIsMadeWhenTheCallbackReturns() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.ON, null);
        fsm.getOwner().flicker = true;
        fsm.update();
        // ON's update asked for FLICKER; FLICKER's update is for the next frame, where it reverts.
        assertThat(fsm.getOwner().take()).containsExactly("update ON", "exit ON", "enter FLICKER");
        fsm.getOwner().flicker = false;
        fsm.update();
        assertThat(fsm.getOwner().take()).containsExactly("update FLICKER", "exit FLICKER", "enter ON");
    }

    @Test
    void aMessageIsHandledByTheCurrentStateElseByTheGlobalStateElseNotAtAll() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.OFF, Bulb.GLOBAL);
        assertThat(send(fsm, SWITCH)).isTrue();
        assertThat(fsm.getOwner().take()).containsExactly("onMessage OFF 1", "exit OFF", "enter ON");
        assertThat(send(fsm, PING)).isTrue();
        assertThat(fsm.getOwner().take()).containsExactly("onMessage ON 2", "onMessage GLOBAL 2", "pong null");
        assertThat(send(fsm, NOISE)).isFalse();
        assertThat(fsm.getOwner().take()).containsExactly("onMessage ON 3", "onMessage GLOBAL 3");
        fsm.setGlobalState(null);
        assertThat(send(fsm, PING)).isFalse();
        assertThat(fsm.getOwner().take()).containsExactly("onMessage ON 2");
    }

    @Test
    void aMessageToItselfFromInsideACallbackIsQueuedWithACopyOfTheTelegram() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.ON, Bulb.GLOBAL);
        fsm.getOwner().echo = true;
        assertThat(send(fsm, SWITCH)).isTrue();
        // The ping is accepted at once (true) and handled as an event of its own once the step is
        // done, after the change ON asked for (gdx-ai would have handled it inside ON's onMessage);
        // the dispatcher's telegram was recycled meanwhile, the copy was not.
        assertThat(fsm.getOwner().take()).containsExactly("onMessage ON 1", "echo handled -> true",
                "exit ON", "enter OFF", "onMessage OFF 2", "onMessage GLOBAL 2", "pong echo");
        assertThat(fsm.getOwner().echoed.extraInfo).isEqualTo("echo");
    }

    @Test
    void setInitialStateNeitherExitsNorEntersAndForgetsThePreviousState() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.OFF, null);
        fsm.changeState(Bulb.ON);
        fsm.getOwner().take();
        fsm.setInitialState(Bulb.FLICKER);
        assertThat(fsm.getOwner().take()).isEmpty();
        assertThat(fsm.getCurrentState()).isEqualTo(Bulb.FLICKER);
        assertThat(fsm.getPreviousState()).isNull();
        assertThat(fsm.revertToPreviousState()).isFalse();
    }

    @Test
    void restoringASnapshotDoesNotCallEnterOrExitAgain() {
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.OFF, null);
        MachineState off = fsm.machine().snapshot();
        fsm.changeState(Bulb.ON);
        fsm.getOwner().take();
        fsm.machine().restore(off, Cause.RESTORE);
        assertThat(fsm.getOwner().take()).isEmpty();
        assertThat(fsm.getCurrentState()).isEqualTo(Bulb.OFF);
        fsm.changeState(Bulb.ON);
        assertThat(fsm.getOwner().take()).containsExactly("exit OFF", "enter ON");
    }

    @Test
    void badCallsAreRefusedWithWhatIsWrong() {
        GdxChart<Lamp, Bulb> small = GdxChart.build("small-lamp", Bulb.class, root -> root
                .state(Bulb.OFF, GdxChart.state(Bulb.OFF))
                .state("lit", lit -> {
                    lit.initial(Bulb.ON);
                    lit.state(Bulb.ON, GdxChart.state(Bulb.ON));
                }));
        Lamp lamp = new Lamp();
        ArborStateMachine<Lamp, Bulb> fsm = new ArborStateMachine<>(small, lamp, Bulb.OFF);
        lamp.fsm = fsm;
        assertThatThrownBy(() -> fsm.changeState(Bulb.FLICKER)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("changeState(FLICKER): chart 'small-lamp' has no state FLICKER (declare it with GdxChart.state)");
        assertThat(fsm.getCurrentState()).isEqualTo(Bulb.OFF);

        assertThatThrownBy(() -> new ArborStateMachine<>(small, lamp, Bulb.GLOBAL))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("setInitialState(GLOBAL): chart 'small-lamp' has no state GLOBAL");

        assertThatThrownBy(() -> GdxChart.build("regions", Bulb.class, root -> root
                .parallel("both", p -> {
                    p.state("a", a -> a.initial(Bulb.ON).state(Bulb.ON, GdxChart.state(Bulb.ON)));
                    p.state("b", b -> b.initial(Bulb.OFF).state(Bulb.OFF, GdxChart.state(Bulb.OFF)));
                })))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'regions': state 'both' is parallel, but a gdx-ai StateMachine has one current state");
    }

    @Test
    void setInitialStateFromInsideACallbackIsMadeOnceTheStepIsDone() {
        Lamp inside = new Lamp();
        ArborStateMachine<Lamp, Bulb> fsm = new ArborStateMachine<>(GdxChart.build("inside", Bulb.class, root -> root
                .state(Bulb.OFF, GdxChart.state(Bulb.OFF).andThen(s -> s.onUpdate(l -> {
                    l.fsm.setInitialState(Bulb.FLICKER);
                    l.log.add("still " + l.fsm.getCurrentState()); // made when the step is done
                })))
                .state(Bulb.ON, GdxChart.state(Bulb.ON))
                .state(Bulb.FLICKER, GdxChart.state(Bulb.FLICKER))), inside, Bulb.ON);
        inside.fsm = fsm;
        fsm.changeState(Bulb.OFF);
        inside.take();
        fsm.update();
        assertThat(inside.take()).containsExactly("update OFF", "still OFF");
        assertThat(fsm.getCurrentState()).isEqualTo(Bulb.FLICKER);
        assertThat(fsm.getPreviousState()).isNull();
        assertThat(fsm.machine().activeStates()).containsExactly(Bulb.FLICKER);
    }

    @Test
    void aParentStateCannotBeTheInitialState() {
        GdxChart<Lamp, Bulb> nested = GdxChart.build("nested-lamp", Bulb.class, root -> root
                .state(Bulb.ON, on -> {
                    on.initial(Bulb.FLICKER);
                    on.state(Bulb.FLICKER, GdxChart.state(Bulb.FLICKER));
                }));
        assertThatThrownBy(() -> new ArborStateMachine<>(nested, new Lamp(), Bulb.ON))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("setInitialState(ON): state 'ON' of chart 'nested-lamp' has children; the initial state must be a leaf");
    }

    @Test
    void requestsHeldInAStepStartedOnTheArborMachineAreMadeAtTheNextCallOnTheBridge() {
        Lamp first = new Lamp();
        ArborStateMachine<Lamp, Bulb> fsm = new ArborStateMachine<>(GdxChart.build("direct", Bulb.class, root -> root
                .state(Bulb.OFF, GdxChart.state(Bulb.OFF).andThen(s -> s.onUpdate(l -> {
                    l.fsm.setInitialState(Bulb.FLICKER);
                    l.fsm.changeState(Bulb.ON);
                })))
                .state(Bulb.ON, GdxChart.state(Bulb.ON))
                .state(Bulb.FLICKER, GdxChart.state(Bulb.FLICKER))), first, Bulb.OFF);
        first.fsm = fsm;
        fsm.machine().update(); // not through the bridge: nothing tells it the step is done
        assertThat(first.take()).containsExactly("update OFF");
        assertThat(fsm.getCurrentState()).isEqualTo(Bulb.OFF);

        Lamp second = new Lamp();
        second.fsm = fsm;
        fsm.setOwner(second); // the held requests first, with the owner they were asked with
        assertThat(first.take()).containsExactly("exit FLICKER", "enter ON");
        assertThat(fsm.getOwner()).isSameAs(second);
        assertThat(fsm.getPreviousState()).isEqualTo(Bulb.FLICKER);
        fsm.changeState(Bulb.OFF);
        assertThat(second.take()).containsExactly("exit ON", "enter OFF");
    }

    @Test
    void theBridgesStandWhereGdxAisClassesAreDeclaredAndCanBeExtended() {
        Lamp lamp = new Lamp();
        DefaultStateMachine<Lamp, Bulb> plain = new ArborStateMachine<>(CHART, lamp, Bulb.OFF);
        StackStateMachine<Lamp, Bulb> stacked = new ArborStackStateMachine<>(CHART, lamp, Bulb.OFF);
        assertThat(plain.getOwner()).isSameAs(lamp);
        assertThat(stacked.getOwner()).isSameAs(lamp);

        // A subclass that logs changes, as gdx-ai users write for DefaultStateMachine.
        final class Logged extends ArborStateMachine<Lamp, Bulb> {
            Logged(Lamp owner) {
                super(CHART, owner, Bulb.OFF);
            }

            @Override
            public void changeState(Bulb newState) {
                getOwner().log.add("changing to " + newState + " from " + getCurrentState());
                super.changeState(newState);
            }
        }
        Lamp other = new Lamp();
        Logged logged = new Logged(other);
        other.fsm = logged;
        assertThat(send(logged, SWITCH)).isTrue();
        assertThat(other.take()).containsExactly("onMessage OFF 1", "changing to ON from OFF", "exit OFF", "enter ON");
    }

    /** Where the sink keeps what is read, so that the calls measured are not optimised away. */
    static Object sink;

    /** Bytes the current thread allocates over {@code times} calls of {@code read}, after as many to warm up. */
    static long allocatedBy(Supplier<?> read, int times) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < times; i++) {
            sink = read.get();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < times; i++) {
            sink = read.get();
        }
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void readingTheStatesAllocatesNothing() {
        int times = 50_000;
        ArborStateMachine<Lamp, Bulb> fsm = lamp(Bulb.OFF, Bulb.GLOBAL);
        fsm.changeState(Bulb.ON);
        Lamp owner = new Lamp();
        ArborStackStateMachine<Lamp, Bulb> stack = new ArborStackStateMachine<>(CHART, owner, Bulb.OFF, Bulb.GLOBAL);
        owner.fsm = stack;
        stack.changeState(Bulb.ON);
        assertThat(fsm.getPreviousState()).isEqualTo(Bulb.OFF);
        assertThat(stack.getPreviousState()).isEqualTo(Bulb.OFF);

        // Less than a byte a call: nothing is allocated per call.
        assertThat(allocatedBy(fsm::getPreviousState, times)).isLessThan(times);
        assertThat(allocatedBy(stack::getPreviousState, times)).isLessThan(times);
        assertThat(allocatedBy(fsm::getCurrentState, times)).isLessThan(times);
        assertThat(allocatedBy(() -> fsm.isInState(Bulb.ON), times)).isLessThan(times);
        // The measure sees allocation: a snapshot, which getPreviousState used to read, takes bytes every call.
        assertThat(allocatedBy(() -> fsm.machine().snapshot(), times)).isGreaterThan(16L * times);
    }
}
