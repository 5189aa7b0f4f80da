package dev.arbor.cli;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.NamedEvent;
import dev.arbor.core.StateKind;
import java.io.PrintStream;

/**
 * Prints what a machine does as the {@code arbor run} trace: one record a line, a keyword and
 * its operands, in the order things happen (see docs/cli.md, which is the contract):
 *
 * <pre>
 * event NAME            an event is about to be processed (given, raised or sent)
 * exit STATE            a state is exited
 * transition SOURCE TRIGGER -&gt; TARGET...   a transition is taken (after the exits, before its action);
 *                       TRIGGER is the event name(s), or always, when, after N ticks, move for other kinds
 * plan CONTAINER: STEP -&gt; NEXT   a plan moves on from a finished step (NEXT is resume when it
 *                       returns to the configuration it interrupted)
 * internal STATE EVENT  a transition without a target consumed the event
 * enter STATE           a state is entered
 * tick N                the N-th update() begins
 * log STATE: TEXT       an action of STATE wrote a line through the machine (the built-in Log;
 *                       a transition's action writes as its source state)
 * log TEXT              a component wrote a line through its owner (other libraries, SCXML)
 * unhandled EVENT       no active state had a transition for the event
 * deferred EVENT        no transition took the event and an active state defers it: it is kept
 * recalled EVENT        a kept event no active state defers any longer is offered again
 * error STATE TYPE: MESSAGE   an action or guard of STATE threw
 * final STATE           the machine halted in this top-level final state
 * </pre>
 */
final class TraceWriter implements MachineListener {
    private static final int ROOT = 0;
    private final PrintStream out;
    private String finalState;

    TraceWriter(PrintStream out) {
        this.out = out;
    }

    /** An event's name in the trace: an enum constant's or a named event's name, else its text. */
    static String eventName(Object event) {
        if (event instanceof Enum<?> e) {
            return operand(e.name());
        }
        if (event instanceof NamedEvent n) {
            return operand(n.name());
        }
        return operand(String.valueOf(event));
    }

    private static String state(Machine<?> machine, int state) {
        return operand(machine.chart().stateName(state));
    }

    /**
     * A name as one operand: as it is when it is plain (no white space, control characters,
     * quotes or backslashes, and not {@code ->}), else quoted with JSON's escapes, so that a
     * record is always one line and its operands can be told apart.
     */
    static String operand(String name) {
        boolean plain = !name.isEmpty() && !name.equals("->");
        for (int i = 0; i < name.length() && plain; i++) {
            char ch = name.charAt(i);
            plain = ch > ' ' && ch != '"' && ch != '\\' && !Character.isWhitespace(ch)
                    && !Character.isISOControl(ch);
        }
        if (plain) {
            return name;
        }
        StringBuilder quoted = new StringBuilder("\"");
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            switch (ch) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (ch < ' ' || Character.isISOControl(ch)) {
                        quoted.append(String.format("\\u%04x", (int) ch));
                    } else {
                        quoted.append(ch);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }

    @Override
    public void onEvent(Machine<?> machine, Object event, Cause cause) {
        out.println("event " + eventName(event));
    }

    @Override
    public void onExit(Machine<?> machine, int state, Cause cause) {
        if (state != ROOT) {
            out.println("exit " + state(machine, state));
        }
    }

    @Override
    public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
        Chart<?> chart = machine.chart();
        Chart.TransitionInfo t = chart.transitionInfo(transition);
        if (t.mode() == Chart.TransitionInfo.Mode.PLAN) {
            out.println(oneLine(chart.describeTransition(transition))); // "plan PATROL: TO_GATE -> WATCH_GATE"
            return;
        }
        StringBuilder line = new StringBuilder("transition ").append(state(machine, t.source()));
        if (t.mode() == Chart.TransitionInfo.Mode.EVENT) {
            t.triggers().forEach(trigger -> line.append(' ').append(operand(trigger)));
        } else {
            line.append(' ').append(t.triggerText());
        }
        line.append(" ->");
        for (int target : t.targets()) {
            line.append(' ').append(state(machine, target));
        }
        out.println(line);
    }

    @Override
    public void onInternal(Machine<?> machine, int state, Object event, Cause cause) {
        out.println("internal " + state(machine, state) + (event == null ? "" : " " + eventName(event)));
    }

    @Override
    public void onEntry(Machine<?> machine, int state, Cause cause) {
        if (state == ROOT) {
            return; // the chart itself: entered at start, exited at stop
        }
        Chart<?> chart = machine.chart();
        out.println("enter " + state(machine, state));
        if (chart.kind(state) == StateKind.FINAL && chart.parent(state) == ROOT) {
            finalState = state(machine, state);
        }
    }

    @Override
    public void onUnhandled(Machine<?> machine, Object event, Cause cause) {
        out.println("unhandled " + eventName(event));
    }

    @Override
    public void onDeferred(Machine<?> machine, Object event, Cause cause) {
        out.println("deferred " + eventName(event));
    }

    @Override
    public void onRecalled(Machine<?> machine, Object event, Cause cause) {
        out.println("recalled " + eventName(event));
    }

    @Override
    public void onError(Machine<?> machine, int state, Throwable error, Cause cause) {
        String message = error.getMessage();
        out.println("error " + state(machine, state) + " " + error.getClass().getSimpleName()
                + (message == null ? "" : ": " + oneLine(message)));
    }

    @Override
    public void onLog(Machine<?> machine, int state, String line, Cause cause) {
        out.println("log " + state(machine, state) + ": " + oneLine(line));
    }

    void tick(int n) {
        out.println("tick " + n);
    }

    /** A line an owner wrote (its library's own log, or an SCXML document's): it names no state. */
    void log(String text) {
        out.println("log " + oneLine(text));
    }

    /**
     * A listener that prints only the {@code log} records of the lines written through the
     * machine, for {@code arbor inspect}, whose page shows the rest of the trace.
     */
    MachineListener logsOnly() {
        return new MachineListener() {
            @Override
            public void onLog(Machine<?> machine, int state, String line, Cause cause) {
                TraceWriter.this.onLog(machine, state, line, cause);
            }
        };
    }

    /** Ends the trace: the final state, when the machine halted in one. */
    void finish(boolean halted) {
        if (halted && finalState != null) {
            out.println("final " + finalState);
        }
        out.flush();
    }

    /** One record a line, whatever the text holds. */
    static String oneLine(String text) {
        return text.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n");
    }
}
