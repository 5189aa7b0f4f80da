package dev.arbor.inspector.model;

import java.util.List;
import java.util.Map;

/**
 * One inspection record, as the wire format carries it ({@code docs/inspector.md}): the game
 * thread's raw record with its references turned into text and ids. The live collector makes them
 * from the rings; a replay reads them from a recording; the {@link Model} is built from them alone.
 */
public final class Rec {
    /** Position in the inspector's stream, from 1. */
    public long seq;
    /** The record's kind: a code of {@code Kind}. */
    public int kind;
    /** normal, replay, restore or reload. */
    public String cause = "normal";
    /** The machine's slot (machine records), or 0. */
    public int machine;
    /** The game tick (the count of gate calls) when it was written. */
    public long tick;
    /** The state, transition, variable or agent id; the tick count of a {@code tick} record; a telegram's sender. */
    public long a;
    /** A clock's ticks; a variable's raw value; a telegram's receipt; an agent's machine slot. */
    public long b;
    /**
     * A telegram's receiver; an {@code internal} record's transition, as the collector named it
     * from the chart ({@code Coverage.targetlessTaken}), or -1 when it could not be named.
     */
    public long c;
    /** A telegram's due tick (sent) or the tick it was delivered at (delivered). */
    public long due;
    /** The event's name, or the error's description. */
    public String text;
    /** The chart id of a {@code move} record. */
    public int chart;
    /** What an {@code attach} says: its {@link Attach}. */
    public Attach attach;
    /** What a {@code reload} says: its {@link Report}. */
    public Report report;
    /** What a {@code pending} says: the telegrams pending when the dispatcher was attached. */
    public List<Telegram> pending;
    /** A {@code variable} record's: code set it between the machine's steps (a step of its own). */
    public boolean between;
    /** Set by the model: the machine's step this record belongs to. */
    public long step;

    /** Back to a blank record (the collector reuses one). */
    public void clear() {
        seq = 0;
        kind = 0;
        cause = "normal";
        machine = 0;
        tick = 0;
        a = 0;
        b = 0;
        c = 0;
        due = 0;
        text = null;
        chart = 0;
        attach = null;
        report = null;
        pending = null;
        between = false;
        step = 0;
    }

    /**
     * An attached machine described whole.
     *
     * @param name      its name
     * @param chart     its chart's id
     * @param active    its active states
     * @param history   per history state id, the states it recorded
     * @param variables its designer variables' raw values, by variable id (empty when its chart declares none)
     */
    public record Attach(String name, int chart, List<Integer> active, Map<Integer, List<Integer>> history,
                         List<Integer> variables) {}

    /**
     * A move onto a new chart, as its migration report tells it.
     *
     * @param from    the old chart's name
     * @param to      the new chart's name
     * @param text    the report, one heading a line
     * @param kept    the paths of the active states kept, in the new chart's document order
     * @param entered the paths of the states entered, in the order they were entered
     * @param gone    the states that were active and are not any more, innermost first
     */
    public record Report(String from, String to, String text, List<String> kept, List<String> entered, List<Gone> gone) {
        /**
         * Copies the lists.
         *
         * @param from    the old chart's name
         * @param to      the new chart's name
         * @param text    the report, one heading a line
         * @param kept    the paths of the active states kept
         * @param entered the paths of the states entered
         * @param gone    the states gone, each with where it fell back to
         */
        public Report {
            kept = List.copyOf(kept);
            entered = List.copyOf(entered);
            gone = List.copyOf(gone);
        }

        /**
         * A report of the text alone (a recording written before reports carried their structure).
         *
         * @param from the old chart's name
         * @param to   the new chart's name
         * @param text the report
         */
        public Report(String from, String to, String text) {
            this(from, to, text, List.of(), List.of(), List.of());
        }
    }

    /**
     * A state that was active before a move and is not after it.
     *
     * @param state    its path in the old chart
     * @param fallback the path of the nearest ancestor that stayed active (empty for the root)
     */
    public record Gone(String state, String fallback) {}

    /**
     * A pending telegram.
     *
     * @param receipt  its receipt
     * @param due      its due tick
     * @param sender   the sending agent id
     * @param receiver the receiving agent id
     * @param event    its event's name
     */
    public record Telegram(long receipt, long due, int sender, int receiver, String event) {}
}
