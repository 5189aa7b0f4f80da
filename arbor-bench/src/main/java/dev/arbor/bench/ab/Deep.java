package dev.arbor.bench.ab;

import dev.arbor.bench.deep.DeepChart;
import dev.arbor.bench.deep.DeepImpl;
import dev.arbor.bench.deep.DeepPeer;
import dev.arbor.bench.deep.DeepSig;
import dev.arbor.bench.peers.QhsmOwner;

/**
 * Workload 2's deep chart (depth 8, fan-out 4, cross-level transitions and history): its 35-event
 * cycle, taken by Arbor (mode {@code arbor}) or by the hand-written switch ({@code switch}).
 */
public final class Deep extends Cycle<DeepSig> {
    private final DeepImpl impl;

    public Deep(String mode) {
        super(DeepChart.CYCLE.toArray(new DeepSig[0]));
        impl = switch (mode) {
            case "arbor" -> DeepPeer.ARBOR.create(new QhsmOwner(false));
            case "switch" -> DeepPeer.SWITCH.create(new QhsmOwner(false));
            default -> throw new IllegalArgumentException("mode: arbor or switch, not " + mode);
        };
        impl.start();
    }

    @Override
    void take(DeepSig input) {
        impl.fire(input);
    }
}
