package dev.arbor.net.codec;

import dev.arbor.core.Chart;
import java.nio.charset.StandardCharsets;

/**
 * A stable 64-bit hash of a chart's structure, so that a snapshot made for a different chart (or
 * another version of it) is refused instead of being misread.
 *
 * <p><b>What changes it:</b> the number of states; any state's name, parent or kind (atomic,
 * compound, parallel, final, shallow or deep history); the order of states (document order); the
 * number of transitions and any transition's description ({@link Chart#describeTransition}, which
 * says a timer's ticks), source and targets; how many behaviours each state has and which events it
 * defers; the chart's push and defer limits. <b>What does not:</b> the chart's own name, actions, guards, listeners, and state
 * keys other than their names. The data codecs of a {@link SnapshotCodec} are not part of it either:
 * give the codec a {@link SnapshotCodec.Builder#dataVersion(long) data version} when their layout
 * changes.
 *
 * <p>The hash is FNV-1a (64-bit) over a canonical byte stream (ints big-endian, strings as UTF-8
 * with their length first, every list with its length first), finished with the MurmurHash3
 * 64-bit mixer so that its low bits are as good as its high ones. It is the same on every JVM and
 * run: no {@code String.hashCode}, identity hash or hash-ordered collection is involved.
 */
public final class Fingerprint {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private long h = FNV_OFFSET;

    private Fingerprint() {}

    /**
     * The 64-bit fingerprint of a chart's structure.
     *
     * @param chart the chart snapshots are made for
     * @return the fingerprint, the same on every JVM and run
     */
    public static long of(Chart<?> chart) {
        Fingerprint f = new Fingerprint();
        f.string("arbor-chart-v2"); // v2: snapshots hold the whole future (issue 12)
        int n = chart.stateCount();
        f.integer(n);
        for (int s = 0; s < n; s++) {
            f.string(chart.stateName(s));
            f.integer(chart.parent(s));
            f.integer(chart.kind(s).ordinal());
        }
        for (int s = 0; s < n; s++) { // what the rest of the state's layout depends on
            Chart.StateInfo info = chart.stateInfo(s);
            f.integer(info.behaviors().size());
            f.integer(info.deferred().size());
            for (String d : info.deferred()) {
                f.string(d);
            }
        }
        f.integer(chart.pushLimit());
        f.integer(chart.deferLimit());
        int t = chart.transitionCount();
        f.integer(t);
        for (int i = 0; i < t; i++) {
            f.string(chart.describeTransition(i));
            f.integer(chart.transitionSource(i));
            int[] targets = chart.transitionTargets(i);
            f.integer(targets.length);
            for (int target : targets) {
                f.integer(target);
            }
        }
        if (!chart.variables().isEmpty() || chart.drawsRandom()) { // charts without keep the fingerprints they had
            f.string("variables");
            for (dev.arbor.core.Variable v : chart.variables()) {
                f.string(v.name());
                f.integer(v.type().ordinal());
                f.integer(v.min());
                f.integer(v.max());
                for (String name : v.values()) {
                    f.string(name);
                }
            }
            f.integer(chart.drawsRandom() ? 1 : 0);
        }
        return mix(f.h);
    }

    /**
     * Mixes more 64-bit values (such as a data version) into a fingerprint.
     *
     * @param fingerprint a fingerprint from {@link #of} (or an earlier {@code combine})
     * @param value       the value mixed in
     * @return the combined fingerprint
     */
    public static long combine(long fingerprint, long value) {
        Fingerprint f = new Fingerprint();
        f.h = fingerprint;
        f.integer((int) (value >>> 32));
        f.integer((int) value);
        return mix(f.h);
    }

    private void integer(int v) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            h ^= (v >>> shift) & 0xFF;
            h *= FNV_PRIME;
        }
    }

    private void string(String s) {
        byte[] b = (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
        integer(b.length);
        for (byte x : b) {
            h ^= x & 0xFF;
            h *= FNV_PRIME;
        }
    }

    private static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
