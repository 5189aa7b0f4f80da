package dev.arbor.bench.ab;

import dev.arbor.bench.peers.ArborPeer;
import dev.arbor.bench.peers.QhsmOwner;
import dev.arbor.bench.peers.QhsmScript;
import dev.arbor.bench.peers.Sig;
import dev.arbor.core.Machine;
import dev.arbor.inspector.capture.Capture;

/**
 * QHsmTst's event cycle (workload 1) with the inspector's probe on the game thread alone: mode
 * {@code none} (no probe), {@code alone} (the probe writes into a ring the same thread frees every
 * 256 events: its own work) or {@code lost} (a ring nobody frees: a probe waiting to resync).
 */
public final class QhsmWithProbe extends Cycle<Sig> {
    private final Machine<QhsmOwner> machine = ArborPeer.CHART.newMachine(new QhsmOwner(false));
    private final Capture capture;
    private final boolean freeing;
    private long events;

    public QhsmWithProbe(String mode) {
        super(QhsmScript.CYCLE.toArray(new Sig[0]));
        capture = switch (mode) {
            case "none" -> null;
            case "alone" -> new Capture(1 << 16);
            case "lost" -> new Capture(1 << 10);
            default -> throw new IllegalArgumentException("mode: none, alone or lost, not " + mode);
        };
        freeing = mode.equals("alone");
        if (capture != null) {
            capture.attach(machine, "qhsm", null);
        }
        machine.start();
    }

    @Override
    void take(Sig input) {
        machine.fire(input);
        if ((++events & 0xFF) == 0 && freeing) {
            capture.discard();
        }
    }
}
