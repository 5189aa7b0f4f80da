package dev.arbor.core;

import dev.arbor.core.model.ChartDef;
import dev.arbor.core.semantics.UserCode;
import java.util.Objects;

/**
 * The chart-wide settings both builders offer ({@link ChartBuilder}, {@link HandlerChartBuilder}),
 * checked and written into the chart's definition in one place; each builder's method of the same
 * name documents the setting and returns the builder.
 */
final class ChartSettings {
    private final ChartDef chart;

    ChartSettings(ChartDef chart) {
        this.chart = chart;
        chart.rejectsUnknownEvents = UnknownEvents.byDefault() == UnknownEvents.REJECT;
    }

    void errorPolicy(ErrorPolicy policy) {
        chart.raisesErrorEvents = Objects.requireNonNull(policy, "policy") == ErrorPolicy.RAISE_ERROR_EVENT;
    }

    void updateOrder(UpdateOrder order) {
        chart.updatesOuterFirst = Objects.requireNonNull(order, "order") == UpdateOrder.OUTER_FIRST;
    }

    void onUnhandled(Action<?, Object> hook) {
        chart.unhandled = UserCode.eventAction(hook);
    }

    void unknownEvents(UnknownEvents policy) {
        chart.rejectsUnknownEvents = Objects.requireNonNull(policy, "policy") == UnknownEvents.REJECT;
    }

    void maxMicrosteps(int max) {
        chart.maxMicrosteps = positive("maxMicrosteps", max);
    }

    void deferLimit(int limit) {
        chart.deferLimit = positive("deferLimit", limit);
    }

    void pushLimit(int limit) {
        chart.pushLimit = positive("pushLimit", limit);
    }

    private static int positive(String setting, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(setting + " must be positive: " + value);
        }
        return value;
    }
}
