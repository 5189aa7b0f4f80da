package dev.arbor.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The ordered list of what a machine did (exits, transitions, entries, update actions): the update-driven HSM's
 * "actions returned by update", as a listener. Attach it only when someone asks; it records
 * into reused arrays, so after warm-up recording allocates nothing.
 *
 * <pre>{@code
 * ActionLog log = new ActionLog();
 * machine.addListener(log);
 * log.clear();
 * machine.update();
 * log.describe(chart);   // [exit A, take A when -> B, enter B, update L, update B]
 * }</pre>
 */
public final class ActionLog implements MachineListener {

    /** What one recorded action was. */
    public enum Kind {
        /** A state's exit action ({@link MachineListener#onExit}). */
        EXIT,
        /** A transition with a target was taken ({@link MachineListener#onTransition}). */
        TRANSITION,
        /** A targetless transition or a handler consumed the event ({@link MachineListener#onInternal}). */
        INTERNAL,
        /** A state's entry action ({@link MachineListener#onEntry}). */
        ENTRY,
        /** A state's update action during a tick ({@link MachineListener#onUpdate}). */
        UPDATE
    }

    private static final Kind[] KINDS = Kind.values();

    private byte[] kinds = new byte[16];
    private int[] ids = new int[16];
    private int size;

    /** An empty log, to attach with {@link Machine#addListener}. */
    public ActionLog() {}

    /** Forgets what was recorded, keeping the arrays. */
    public void clear() {
        size = 0;
    }

    /**
     * How many actions were recorded since the last {@link #clear()}.
     *
     * @return the number of actions recorded
     */
    public int size() {
        return size;
    }

    /**
     * What action {@code i} was.
     *
     * @param i the action's index: 0 for the first recorded, up to {@link #size()} exclusive
     * @return the action's kind
     * @throws IndexOutOfBoundsException if no action {@code i} was recorded
     */
    public Kind kind(int i) {
        check(i);
        return KINDS[kinds[i]];
    }

    /**
     * The state (exit, entry, update, internal) or transition (transition) of action {@code i}.
     *
     * @param i the action's index: 0 for the first recorded, up to {@link #size()} exclusive
     * @return the chart's id of the state or transition
     * @throws IndexOutOfBoundsException if no action {@code i} was recorded
     */
    public int id(int i) {
        check(i);
        return ids[i];
    }

    /**
     * The recorded actions as readable lines, such as {@code "exit A"} or {@code "take A when -> B"}.
     *
     * @param chart the chart of the observed machine, which names the recorded ids
     * @return one line per action, in the order recorded
     */
    public List<String> describe(Chart<?> chart) {
        List<String> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(switch (KINDS[kinds[i]]) {
                case EXIT -> "exit " + chart.stateName(ids[i]);
                case TRANSITION -> "take " + chart.describeTransition(ids[i]);
                case INTERNAL -> "internal " + chart.stateName(ids[i]);
                case ENTRY -> "enter " + chart.stateName(ids[i]);
                case UPDATE -> "update " + chart.stateName(ids[i]);
            });
        }
        return out;
    }

    @Override
    public void onExit(Machine<?> machine, int state, Cause cause) {
        add(Kind.EXIT, state);
    }

    @Override
    public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
        add(Kind.TRANSITION, transition);
    }

    @Override
    public void onInternal(Machine<?> machine, int state, Object event, Cause cause) {
        add(Kind.INTERNAL, state);
    }

    @Override
    public void onEntry(Machine<?> machine, int state, Cause cause) {
        add(Kind.ENTRY, state);
    }

    @Override
    public void onUpdate(Machine<?> machine, int state, Cause cause) {
        add(Kind.UPDATE, state);
    }

    private void add(Kind kind, int id) {
        if (size == ids.length) {
            kinds = Arrays.copyOf(kinds, size * 2);
            ids = Arrays.copyOf(ids, size * 2);
        }
        kinds[size] = (byte) kind.ordinal();
        ids[size++] = id;
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("action " + i + " of " + size);
        }
    }
}
