package dev.arbor.bench.peers;

/** Seed 003's signals A–I, and Z, which no state handles. */
public enum Sig {
    A, B, C, D, E, F, G, H, I, Z;

    private final String unhandled = "unhandled-" + name();

    /** The record an unhandled event leaves in the trace: {@code "unhandled-Z"}. Interned, so free to log. */
    public String unhandledRecord() {
        return unhandled;
    }
}
