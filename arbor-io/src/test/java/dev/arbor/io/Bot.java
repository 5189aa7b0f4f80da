package dev.arbor.io;

import dev.arbor.core.Action;
import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Cause;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.NamedEvent;
import dev.arbor.core.Reply;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The owner of the io tests' charts and the listener of their machines: one ordered log of what
 * the machine did ({@code "enter X"}, {@code "exit X"}, {@code "transition T"}, ...) interleaved
 * with what the components did. Also home of the components the test charts name.
 */
final class Bot implements MachineListener {
    final List<String> log = new ArrayList<>();
    final Set<String> flags = new HashSet<>();
    int x;
    int enemyHp = 4;

    /** The records so far, clearing the log. */
    List<String> take() {
        List<String> out = List.copyOf(log);
        log.clear();
        return out;
    }

    @Override
    public void onEvent(Machine<?> m, Object event, Cause cause) {
        log.add("event " + event);
    }

    @Override
    public void onEntry(Machine<?> m, int state, Cause cause) {
        log.add("enter " + m.chart().stateName(state));
    }

    @Override
    public void onExit(Machine<?> m, int state, Cause cause) {
        log.add("exit " + m.chart().stateName(state));
    }

    @Override
    public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
        log.add("transition " + m.chart().describeTransition(transition));
    }

    @Override
    public void onInternal(Machine<?> m, int state, Object event, Cause cause) {
        log.add("internal " + m.chart().stateName(state) + " " + event);
    }

    @Override
    public void onUnhandled(Machine<?> m, Object event, Cause cause) {
        log.add("unhandled " + event);
    }

    @Override
    public void onError(Machine<?> m, int state, Throwable error, Cause cause) {
        log.add("error " + m.chart().stateName(state) + ": " + error.getMessage());
    }

    // ---------------------------------------------------------------- components

    /** Walks one unit per tick toward a target; finished on arrival. */
    record MoveTo(int target) implements Behavior<Bot> {
        @Override
        public void onEnter(Bot b, Activity<Bot> a) {
            b.log.add("move to " + target + " from " + b.x);
        }

        @Override
        public void onUpdate(Bot b, Activity<Bot> a) {
            b.x += Integer.signum(target - b.x);
        }

        @Override
        public boolean isFinished(Bot b, Activity<Bot> a) {
            return b.x == target;
        }
    }

    /** Waits a number of ticks. */
    record Pause(int ticks) implements Behavior<Bot> {
        @Override
        public boolean isFinished(Bot b, Activity<Bot> a) {
            return a.ticks() >= ticks;
        }
    }

    /** Hits the enemy each tick until it falls. */
    record Attack(int damage) implements Behavior<Bot> {
        @Override
        public void onUpdate(Bot b, Activity<Bot> a) {
            b.enemyHp -= damage;
            b.log.add("hit, enemy hp " + b.enemyHp);
        }

        @Override
        public boolean isFinished(Bot b, Activity<Bot> a) {
            return b.enemyHp <= 0;
        }
    }

    /** A state action configured through a public field (optional: it has a default). */
    static final class Say implements StateAction<Bot> {
        public String text = "hello";

        @Override
        public void run(Bot b) {
            b.log.add("say " + text);
        }
    }

    /** A transition action that sees the event. */
    record Log(String text) implements Action<Bot, Object> {
        @Override
        public void run(Bot b, Object event) {
            b.log.add(text + " (" + event + ")");
        }
    }

    /** An entry action that raises an event on the machine. */
    record Raise(String event) implements MachineStateAction<Bot> {
        @Override
        public void run(Machine<Bot> m, Bot b) {
            m.raise(event);
        }
    }

    /** Holds when the owner has a flag set. */
    /** Moves the machine to a state the file names: checked against the chart when the file loads. */
    record GoTo(StateRef state) implements MachineStateAction<Bot> {
        @Override
        public void run(Machine<Bot> machine, Bot bot) {
            machine.goTo(state.key());
        }
    }

    record FlagSet(String name) implements Condition<Bot> {
        @Override
        public boolean test(Bot b) {
            return b.flags.contains(name);
        }
    }

    /** Holds when the owner stands at or past a position. */
    record XAtLeast(int value) implements Condition<Bot> {
        @Override
        public boolean test(Bot b) {
            return b.x >= value;
        }
    }

    /** A guard on the event's name. */
    record EventNamed(String name) implements Guard<Bot, Object> {
        @Override
        public boolean test(Bot b, Object event) {
            String n = event instanceof NamedEvent ne ? ne.name() : String.valueOf(event);
            return n.equals(name);
        }
    }

    /** A handler that answers "echo" events itself and passes the rest on. */
    static final class Echo implements StateHandler<Bot> {
        @Override
        public Reply onEvent(Bot b, Object event, Transitions to) {
            if ("echo".equals(event)) {
                b.log.add("echo");
                return Reply.HANDLED;
            }
            return Reply.UNHANDLED;
        }
    }

    /** Every component above, under the names the test charts use. */
    static ComponentRegistry<Bot> components() {
        return ComponentRegistry.<Bot>create()
                .behavior("MoveTo", MoveTo.class)
                .behavior("Pause", Pause.class)
                .behavior("Attack", Attack.class)
                .action("Say", Say.class)
                .action("Log", Log.class)
                .action("Raise", Raise.class)
                .action("GoTo", GoTo.class)
                .action("Bye", b -> b.log.add("bye"))
                .condition("FlagSet", FlagSet.class)
                .condition("XAtLeast", XAtLeast.class)
                .condition("Alarmed", b -> b.flags.contains("alarmed"))
                .condition("EventNamed", EventNamed.class)
                .handler("Echo", new Echo());
    }
}
