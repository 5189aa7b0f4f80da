package dev.arbor.net.codec;

/**
 * The one exception decoding untrusted bytes throws: it says what was wrong, and the machine it
 * was meant for has not been changed.
 *
 * <p>It carries no stack trace: refusing bad input is an expected outcome that must stay cheap
 * (a flood of garbage packets must not cost a stack walk each), and the reason and message say
 * what was wrong.
 */
public final class SnapshotException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What was wrong with the bytes. */
    public enum Reason {
        /** The bytes end before the snapshot does. */
        TRUNCATED,
        /** Bytes remain after a whole snapshot was read. */
        TRAILING_BYTES,
        /** A configuration or history index is beyond the chart's count of legal combinations. */
        INDEX_OUT_OF_RANGE,
        /** The snapshot was made for a different chart (or version of it). */
        WRONG_FINGERPRINT,
        /** A state's data, or the owner's, was refused by its codec. */
        INVALID_DATA,
        /** Larger than the size a snapshot of this chart may have. */
        OVERSIZED
    }

    /** What was wrong with the bytes, as {@link #reason()} gives it. */
    private final Reason reason;
    /** The message without the reason before it. */
    private final String detail;

    /**
     * An exception without a stack trace or cause.
     *
     * @param reason  what kind of thing was wrong
     * @param message what exactly, for logs; the reason is prefixed to it
     */
    public SnapshotException(Reason reason, String message) {
        super(reason + ": " + message, null, true, false);
        this.reason = reason;
        this.detail = message;
    }

    /** The same refusal, its message followed by where in the snapshot it happened. */
    SnapshotException at(String where) {
        return new SnapshotException(reason, detail + " (" + where + ")");
    }

    /**
     * What was wrong with the bytes.
     *
     * @return the reason given when thrown
     */
    public Reason reason() {
        return reason;
    }
}
