package dev.arbor.net.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.Arrays;
import java.util.List;

/**
 * Jazzer fuzz target (profile {@code fuzz}): hostile bytes decoded onto live machines. The first
 * byte picks the codec (the torch with state and owner data, with or without a fingerprint, or a
 * chart with parallel regions and history); the rest is the snapshot. Only SnapshotException may
 * come out; a refused snapshot changes neither machine nor owner; an accepted one is exactly the
 * canonical encoding of what it decoded to. The torch's snapshots are decoded through workspaces
 * reused across every input, so that whatever a refused snapshot left in one cannot leak into the next.
 */
class SnapshotDecodeFuzzTest {
    private static final Chart<TestCharts.Torch> TORCH = TestCharts.torch();
    private static final SnapshotCodec<TestCharts.Torch> WITH_FP = TestCharts.torchCodec(TORCH).build();
    private static final SnapshotCodec<TestCharts.Torch> NO_FP =
            TestCharts.torchCodec(TORCH).fingerprintBits(0).maxBytes(16).build();
    private static final SnapshotCodec.Workspace<TestCharts.Torch> WITH_FP_WORKSPACE = WITH_FP.newWorkspace();
    private static final SnapshotCodec.Workspace<TestCharts.Torch> NO_FP_WORKSPACE = NO_FP.newWorkspace();
    private static final Chart<Object> REGIONS = TestCharts.regions();
    private static final SnapshotCodec<Object> REGIONS_CODEC =
            SnapshotCodec.builder(REGIONS).fingerprintBits(0).build();

    @FuzzTest(maxDuration = "60s")
    void decode(byte[] data) {
        if (data.length == 0) {
            return;
        }
        byte[] bytes = Arrays.copyOfRange(data, 1, data.length);
        switch (data[0] & 3) {
            case 0 -> torch(WITH_FP_WORKSPACE, bytes);
            case 1, 2 -> torch(NO_FP_WORKSPACE, bytes);
            default -> regions(bytes);
        }
    }

    private static void torch(SnapshotCodec.Workspace<TestCharts.Torch> workspace, byte[] bytes) {
        TestCharts.Torch owner = new TestCharts.Torch(7, 8, 9);
        Machine<TestCharts.Torch> m = TORCH.newMachine(owner);
        m.start();
        Object before = List.of(m.snapshot(), owner.values());
        try {
            workspace.decodeInto(bytes, m);
        } catch (SnapshotException e) {
            check(List.of(m.snapshot(), owner.values()).equals(before), "refused snapshot changed the machine: " + e);
            return;
        }
        check(Arrays.equals(workspace.codec().encode(m), bytes), "accepted bytes are not canonical");
    }

    private static void regions(byte[] bytes) {
        Machine<Object> m = REGIONS.newMachine(new Object());
        m.start();
        Object before = m.snapshot();
        try {
            REGIONS_CODEC.decodeInto(bytes, m);
        } catch (SnapshotException e) {
            check(m.snapshot().equals(before), "refused snapshot changed the machine: " + e);
            return;
        }
        check(Arrays.equals(REGIONS_CODEC.encode(m), bytes), "accepted bytes are not canonical");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
