package dev.arbor.core;

/**
 * What a chart does with an event it does not know at all: one that no transition, deferral or
 * other trigger anywhere in the chart matches, such as the name {@code "NOISE"} fired at a chart
 * whose events are the constants of an enum, or a constant of another enum. An event the chart
 * knows but no active state takes now is not unknown: it goes to the chart's
 * {@link ChartBuilder#onUnhandled onUnhandled} hook and the listeners' {@code onUnhandled}
 * whatever the policy. Set with {@link ChartBuilder#unknownEvents}; docs/architecture.md, "What
 * happens to an event", sets every case side by side.
 *
 * <p>The events a chart knows are those its triggers (of transitions and of deferrals) match:
 * every constant of an enum one of whose constants is a trigger (the enum is the chart's event
 * type), every instance of a class that is a trigger or of its subclasses, every name that a name
 * trigger matches ({@code "attack"} matches {@code "attack"} and {@code "attack.heavy"}), and the
 * completion ({@link Done}) and error ({@link ExecutionError}) events the engine raises itself. A
 * chart with a wildcard ({@code onAny()}, the name {@code "*"}, {@code defer("*")}) or a state
 * handler knows every event.
 *
 * <p>The default, {@link #byDefault()}, rejects when the JVM runs with assertions enabled
 * ({@code -ea}, as Maven Surefire and Gradle's test task run tests) and ignores otherwise: a test
 * finds a stray event, a shipped game does not stop on one.
 */
public enum UnknownEvents {
    /**
     * An unknown event is an error: {@code fire} (or the {@code update} that fires a posted event)
     * throws an {@link IllegalArgumentException} that names the event, its type, the chart and the
     * events it knows, with a "did you mean" when one of those is a near miss. The error is
     * reported as the chart's {@link ErrorPolicy} says, like an action's: with {@code RETHROW},
     * thrown once the step is whole (nothing has changed for an event fired on its own), with
     * {@code RAISE_ERROR_EVENT}, raised as {@code error.execution}; listeners hear it as an
     * {@code onError} of the root. An event an action raises or fires is judged when its turn
     * comes, within the step, and reported the same way; {@link Chart#checkEvent} judges one
     * without a machine.
     */
    REJECT,
    /**
     * An unknown event is treated as an unhandled one: the chart's {@code onUnhandled} hook and the
     * listeners' {@code onUnhandled} hear of it, and nothing else happens (SCXML's rule: an event
     * nothing matches is discarded). The SCXML loader sets it.
     */
    IGNORE;

    /**
     * The policy of a chart that does not choose one: {@link #defaultFor} this JVM, as decided by
     * whether assertions are enabled for Arbor's classes.
     *
     * @return {@link #REJECT} under {@code -ea}, else {@link #IGNORE}
     */
    public static UnknownEvents byDefault() {
        return defaultFor(UnknownEvents.class.desiredAssertionStatus());
    }

    /**
     * The default policy given whether assertions are enabled: tests run with them, games
     * usually without.
     *
     * @param assertionsEnabled whether the JVM runs with assertions enabled ({@code -ea})
     * @return {@link #REJECT} when they are, else {@link #IGNORE}
     */
    public static UnknownEvents defaultFor(boolean assertionsEnabled) {
        return assertionsEnabled ? REJECT : IGNORE;
    }
}
