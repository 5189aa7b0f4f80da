package dev.arbor.bench.ab;

import dev.arbor.bench.peers.ArborPeer;
import dev.arbor.bench.peers.QhsmOwner;
import dev.arbor.bench.peers.QhsmScript;
import dev.arbor.bench.peers.Sig;
import dev.arbor.core.Machine;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;

/**
 * Workload 5's snapshots of QHsmTst seven events into its cycle: mode {@code encode} writes the
 * whole snapshot into a reused writer, {@code decode} checks the bytes and restores them onto the
 * machine, both through a reused workspace (the allocation-free path).
 */
public final class Snapshot implements TwoBuilds.Workload {
    private final Machine<QhsmOwner> machine;
    private final SnapshotCodec.Workspace<QhsmOwner> workspace;
    private final BitWriter writer = new BitWriter(64);
    private final byte[] bytes;
    private final boolean encode;

    public Snapshot(String mode) {
        encode = switch (mode) {
            case "encode" -> true;
            case "decode" -> false;
            default -> throw new IllegalArgumentException("mode: encode or decode, not " + mode);
        };
        machine = ArborPeer.CHART.newMachine(new QhsmOwner());
        machine.start();
        for (Sig s : QhsmScript.CYCLE.subList(0, 7)) {
            machine.fire(s);
        }
        SnapshotCodec<QhsmOwner> codec = SnapshotCodec.of(ArborPeer.CHART);
        workspace = codec.newWorkspace();
        bytes = codec.encode(machine);
    }

    @Override
    public long applyAsLong(long inputs) {
        long start = System.nanoTime();
        try {
            for (long k = 0; k < inputs; k++) {
                if (encode) {
                    writer.reset();
                    workspace.encode(machine, writer);
                } else {
                    workspace.decodeInto(bytes, machine);
                }
            }
        } catch (SnapshotException e) {
            throw new IllegalStateException(e);
        }
        return System.nanoTime() - start;
    }
}
