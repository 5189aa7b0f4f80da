package dev.arbor.core;

import java.util.List;
import java.util.Objects;

/**
 * What {@link Machine#moveTo} changed when it moved a machine onto another version of its chart:
 * which active states were kept, which were gone and where each fell back to, which states were
 * entered, which behaviours of kept states were restarted, which history records were mapped or
 * dropped, and what else the machine held was carried over or cleared. States are named by their {@linkplain Chart#statePath paths}.
 *
 * @param fromChart      the name of the chart the machine was on
 * @param toChart        the name of the chart it is on now
 * @param kept           the active states (root excluded) that stayed active without any callback, in the new chart's document order
 * @param gone           the states that were active and are not any more, innermost first, each with the kept ancestor it fell back to
 * @param entered        the states entered in the new chart, in the order they were entered
 * @param behaviorsRestarted the kept states whose behaviours changed, each with the old behaviours
 *                       exited and the new ones entered (the others carried on), in the new chart's document order
 * @param historyMapped  the history states whose record was carried over
 * @param historyDropped the history states whose record was dropped, each with the reason; they enter their default next time
 * @param carried        the other things that refer to states and were mapped onto the new chart (previous configuration, pushed configurations, plan steps, behaviour clocks)
 * @param cleared        what could not be mapped and was cleared
 */
public record MigrationReport(
        String fromChart,
        String toChart,
        List<String> kept,
        List<Fallback> gone,
        List<String> entered,
        List<BehaviorChange> behaviorsRestarted,
        List<String> historyMapped,
        List<DroppedRecord> historyDropped,
        List<String> carried,
        List<String> cleared) {

    /**
     * A state that was active and is not in the new configuration.
     *
     * @param state    its path in the old chart
     * @param reason   why it left: it no longer exists, or the new chart does not allow it beside its siblings
     * @param fallback the path of the nearest ancestor that stayed active (empty for the root)
     */
    public record Fallback(String state, String reason, String fallback) {
        /**
         * Checks that no part is null.
         *
         * @param state    its path in the old chart
         * @param reason   why it left
         * @param fallback the path of the nearest ancestor that stayed active
         */
        public Fallback {
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(fallback, "fallback");
        }

        @Override
        public String toString() {
            return state + " -> " + shown(fallback) + " (" + reason + ")";
        }
    }

    /**
     * A kept state whose behaviours changed: the old behaviours that were removed or replaced were
     * exited (with {@link Cause#RELOAD}), the new ones entered; behaviours at the same position
     * with the same class and label carried on.
     *
     * @param state   its path
     * @param exited  the labels of the old behaviours exited, in declaration order
     * @param entered the labels of the new behaviours entered, in declaration order
     */
    public record BehaviorChange(String state, List<String> exited, List<String> entered) {
        /**
         * Copies the lists.
         *
         * @param state   its path
         * @param exited  the labels of the old behaviours exited
         * @param entered the labels of the new behaviours entered
         */
        public BehaviorChange {
            Objects.requireNonNull(state, "state");
            exited = List.copyOf(exited);
            entered = List.copyOf(entered);
        }

        @Override
        public String toString() {
            return state + " (exited " + (exited.isEmpty() ? "none" : String.join(", ", exited)) + "; entered "
                    + (entered.isEmpty() ? "none" : String.join(", ", entered)) + ")";
        }
    }

    /**
     * A history record that was not carried over.
     *
     * @param history the path of the history state
     * @param reason  why, naming the state that could not be mapped
     */
    public record DroppedRecord(String history, String reason) {
        /**
         * Checks that no part is null.
         *
         * @param history the path of the history state
         * @param reason  why its record was dropped
         */
        public DroppedRecord {
            Objects.requireNonNull(history, "history");
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String toString() {
            return history + " (" + reason + ")";
        }
    }

    /**
     * Copies the lists.
     *
     * @param fromChart          the name of the chart the machine was on
     * @param toChart            the name of the chart it is on now
     * @param kept               the active states that stayed active without any callback
     * @param gone               the states that were active and are not any more
     * @param entered            the states entered in the new chart
     * @param behaviorsRestarted the kept states whose behaviours changed
     * @param historyMapped      the history states whose record was carried over
     * @param historyDropped     the history states whose record was dropped
     * @param carried            the other things mapped onto the new chart
     * @param cleared            what could not be mapped and was cleared
     */
    public MigrationReport {
        Objects.requireNonNull(fromChart, "fromChart");
        Objects.requireNonNull(toChart, "toChart");
        kept = List.copyOf(kept);
        gone = List.copyOf(gone);
        entered = List.copyOf(entered);
        behaviorsRestarted = List.copyOf(behaviorsRestarted);
        historyMapped = List.copyOf(historyMapped);
        historyDropped = List.copyOf(historyDropped);
        carried = List.copyOf(carried);
        cleared = List.copyOf(cleared);
    }

    /**
     * Whether the move changed nothing: no state left or entered, no behaviour restarted, no record
     * dropped, nothing cleared.
     *
     * @return true when every list but {@link #kept()}, {@link #historyMapped()} and
     *         {@link #carried()} is empty
     */
    public boolean changedNothing() {
        return gone.isEmpty() && entered.isEmpty() && behaviorsRestarted.isEmpty() && historyDropped.isEmpty()
                && cleared.isEmpty();
    }

    /** One line a heading, as a designer reads it in a log. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("moved from chart '").append(fromChart).append("' to '").append(toChart)
                .append("'");
        line(b, "kept", kept);
        line(b, "gone", gone);
        line(b, "entered", entered);
        line(b, "behaviours restarted", behaviorsRestarted);
        line(b, "history mapped", historyMapped);
        line(b, "history dropped", historyDropped);
        line(b, "carried", carried);
        line(b, "cleared", cleared);
        return b.toString();
    }

    private static void line(StringBuilder b, String heading, List<?> items) {
        b.append("\n  ").append(heading).append(": ");
        if (items.isEmpty()) {
            b.append("none");
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            Object item = items.get(i);
            b.append(item instanceof String s ? shown(s) : item);
        }
    }

    private static String shown(String path) {
        return path.isEmpty() ? "(root)" : path;
    }
}
