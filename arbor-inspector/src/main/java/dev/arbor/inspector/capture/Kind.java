package dev.arbor.inspector.capture;

import dev.arbor.core.Cause;

/**
 * The kinds of record the game thread writes, and how a record's head packs kind, cause and
 * machine slot into one long. The wire names ({@link #NAMES}) are the {@code type} of each record
 * in {@code docs/inspector.md}.
 */
public final class Kind {
    private Kind() {}

    /**
     * A machine was attached; ref: its {@link Attached} description.
     */
    public static final int ATTACH = 0;
    /** A machine was detached. */
    public static final int DETACH = 1;
    /** An event is about to be processed; a: its code ({@link Capture#eventCode}) or 0 and ref: the event. */
    public static final int EVENT = 2;
    /** Ticks began ({@code update()} calls) with nothing else recorded between them; a: how many. */
    public static final int TICKS = 3;
    /** A state is exited; a: the state. */
    public static final int EXIT = 4;
    /** A transition with a target is taken; a: the transition; b: the event's code, or ref: the event, or neither. */
    public static final int TRANSITION = 5;
    /** A state is entered; a: the state. */
    public static final int ENTER = 6;
    /** A targetless transition or a handler consumed the event; a: the state; b: the event's code, or ref: the event. */
    public static final int INTERNAL = 7;
    /** A state's update action runs; a: the state. */
    public static final int UPDATE = 8;
    /** The event is kept for later; a: its code, or ref: the event. */
    public static final int DEFERRED = 9;
    /** A kept event is offered again; a: its code, or ref: the event. */
    public static final int RECALLED = 10;
    /** No active state took the event; a: its code, or ref: the event. */
    public static final int UNHANDLED = 11;
    /** An action or guard threw; a: the state; ref: the Throwable. */
    public static final int ERROR = 12;
    /** A sampled clock; a: the state; b: ticks it has been active. */
    public static final int CLOCK = 13;
    /** The machine moved onto another chart (hot reload); ref: the new Chart. */
    public static final int CHART = 14;
    /** The report of a move onto a new chart; ref: the MigrationReport. */
    public static final int RELOAD = 15;
    /** A telegram was scheduled; a: sender and receiver agent ids; b: receipt; c: due tick; ref: the event. */
    public static final int SENT = 16;
    /** A telegram is delivered; a: agents; b: receipt; ref: the event. */
    public static final int DELIVERED = 17;
    /** A pending telegram was withdrawn or found no receiver; b: receipt. */
    public static final int DROPPED = 18;
    /** An agent id first seen in a telegram; a: the agent id; b: the slot of its attached machine, or -1. */
    public static final int AGENT = 19;
    /** A dispatcher was attached; ref: its pending telegrams then (a List of Telegram). */
    public static final int PENDING = 20;

    /**
     * The machine's configuration is written whole (records were lost, or it moved onto another
     * chart): its active states, history records and variables follow, as {@link #ACTIVE},
     * {@link #RECORDED} and {@link #VALUE} records; a: how many follow.
     */
    public static final int SYNC = 21;
    /** One active state of a {@link #SYNC}; a: the state. */
    public static final int ACTIVE = 22;
    /** One state a history state recorded, in a {@link #SYNC}; a: the history state; b: the state. */
    public static final int RECORDED = 23;

    /**
     * A compiled microstep, written in one record where it would take one a state
     * ({@link dev.arbor.core.MachineListener#onMicrostep}); a: the transition; b: the active leaf
     * it starts from in its low half, the event's code in its high half, or ref: the event. The
     * collector expands it into its {@link #EXIT}, {@link #TRANSITION} and {@link #ENTER} records
     * (never on the wire).
     */
    public static final int MICROSTEP = 24;

    /** A line of the designer's own output ({@link dev.arbor.core.Machine#log}); a: the state whose action wrote it; ref: the line. */
    public static final int LOG = 25;

    /**
     * A designer variable changed ({@link dev.arbor.core.MachineListener#onVariable}); a: the
     * variable's id; b: its raw value in the low half, and in the high half {@link #BETWEEN_STEPS}
     * when code set it between the machine's steps (a step of its own), else 0.
     */
    public static final int VARIABLE = 26;
    /** One variable's raw value in a {@link #SYNC}; a: the variable's id; b: the raw value. */
    public static final int VALUE = 27;

    /** The high half of a {@link #VARIABLE} record's second word when the variable was set between steps. */
    public static final long BETWEEN_STEPS = 1L << 32;

    /** Not a record: the ring's mark of a new game tick (never on the wire). */
    public static final int TICK_MARK = 31;

    /** The bit of a head (above the kind's five) that says the record carries a reference. */
    public static final long REF = 1L << 5;

    /** The wire name of each kind, by code (null for {@link #MICROSTEP}, which never reaches the wire). */
    public static final String[] NAMES = {
        "attach", "detach", "event", "tick", "exit", "transition", "enter", "internal", "update",
        "deferred", "recalled", "unhandled", "error", "clock", "move", "reload",
        "sent", "delivered", "dropped", "agent", "pending", "sync", "active", "recorded", null, "log",
        "variable", "value"
    };

    private static final Cause[] CAUSES = Cause.values();

    /** The most machines one inspector numbers (slots are 22 bits of a record's head). */
    public static final int MAX_SLOT = (1 << 22) - 1;

    /**
     * A record's head: kind (5 bits), whether it carries a reference (1, set by the ring), cause
     * (2), how many words follow it (2), machine slot (22) and one argument (32: a state, a
     * transition, a count, an event's code).
     */
    public static long head(int kind, Cause cause, int slot, int a, int extra) {
        return kind | (long) cause.ordinal() << 6 | (long) extra << 8 | (long) slot << 10 | (long) a << 32;
    }

    public static int kind(long head) {
        return (int) (head & 0x1F);
    }

    /** Whether a record carries a reference (the ring sets this bit of its head when it stores one). */
    public static boolean hasRef(long head) {
        return (head & REF) != 0;
    }

    public static Cause cause(long head) {
        return CAUSES[(int) (head >>> 6) & 0x3];
    }

    public static int extra(long head) {
        return (int) (head >>> 8) & 0x3;
    }

    public static int slot(long head) {
        return (int) (head >>> 10) & MAX_SLOT;
    }

    public static int a(long head) {
        return (int) (head >> 32);
    }
}
