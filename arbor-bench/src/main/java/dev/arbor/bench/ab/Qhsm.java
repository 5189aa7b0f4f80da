package dev.arbor.bench.ab;

import dev.arbor.bench.peers.Peer;
import dev.arbor.bench.peers.QhsmPeer;
import dev.arbor.bench.peers.QhsmScript;
import dev.arbor.bench.peers.Sig;

/**
 * QHsmTst's event cycle with no inspector: mode {@code declared} (workload 1, the chart's
 * transitions declared), {@code handlers} (workload 7, the same chart in QP's handler style),
 * {@code switch} (the hand-written switch both are measured against) or {@code handler-switch}
 * (workload 7's handlers asked by hand-written code, its own floor).
 */
public final class Qhsm extends Cycle<Sig> {
    private final QhsmPeer peer;

    public Qhsm(String mode) {
        super(QhsmScript.CYCLE.toArray(new Sig[0]));
        peer = switch (mode) {
            case "declared" -> Peer.ARBOR.create(false);
            case "handlers" -> Peer.ARBOR_HANDLERS.create(false);
            case "switch" -> Peer.SWITCH.create(false);
            case "handler-switch" -> Peer.HANDLER_SWITCH.create(false);
            default -> throw new IllegalArgumentException(
                    "mode: declared, handlers, switch or handler-switch, not " + mode);
        };
        peer.start();
    }

    @Override
    void take(Sig input) {
        peer.fire(input);
    }
}
