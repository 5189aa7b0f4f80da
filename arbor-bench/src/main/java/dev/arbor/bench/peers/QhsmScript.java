package dev.arbor.bench.peers;

import java.util.List;

/** The event sequences that drive QHsmTst. */
public final class QhsmScript {

    /**
     * Seed 003's script: from the initial configuration it takes every transition of the chart,
     * including guards that fail and bubble, and ends with an event nobody handles.
     */
    public static final List<Sig> SEED = List.of(
            Sig.A, Sig.B, Sig.D, Sig.E, Sig.I, Sig.F, Sig.I, Sig.I, Sig.F, Sig.A, Sig.B,
            Sig.D, Sig.D, Sig.E, Sig.G, Sig.H, Sig.H, Sig.C, Sig.G, Sig.C, Sig.C, Sig.Z);

    /** The active leaf after each event of {@link #SEED} (seed 003's configurations). */
    public static final List<Q> SEED_LEAVES = List.of(
            Q.S211, Q.S211, Q.S211, Q.S11, Q.S11, Q.S211, Q.S211, Q.S211, Q.S11, Q.S11, Q.S11,
            Q.S11, Q.S11, Q.S11, Q.S211, Q.S11, Q.S11, Q.S211, Q.S11, Q.S211, Q.S11, Q.S11);

    /**
     * The benchmark's cycle: {@link #SEED} then C, which brings the machine back to the initial
     * configuration ({@code s211}, {@code foo} false), so the cycle repeats forever with the
     * same transitions: 23 events, every transition of the chart at least once.
     */
    public static final List<Sig> CYCLE = concat(SEED, Sig.C);

    private static List<Sig> concat(List<Sig> a, Sig last) {
        Sig[] all = a.toArray(new Sig[a.size() + 1]);
        all[a.size()] = last;
        return List.of(all);
    }

    private QhsmScript() {}
}
