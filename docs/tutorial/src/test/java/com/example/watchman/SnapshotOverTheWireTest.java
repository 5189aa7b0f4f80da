package com.example.watchman;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Step 6: the server's watchman sent as a snapshot over UDP on loopback, restored on the client's
 * own machine, which then does exactly what the server's does.
 */
class SnapshotOverTheWireTest {

    @Test
    void theClientsCopyBehavesAsTheServersWatchman() throws Exception {
        Printed.assertShown("over-the-wire.txt", Printed.by(SnapshotOverTheWire::main));
    }

    @Test
    void thePositionIsOneOfSixteenValuesInFourBits() throws Exception {
        Watchman bram = new Watchman("bram", 1, new Village());
        Watchman copy = new Watchman("bram", 1, new Village());
        Position position = new Position();
        bram.x = 15;
        BitWriter out = new BitWriter();

        position.write(bram, out);
        position.apply(copy, position.read(new BitReader(out.toByteArray())));

        assertEquals(4, out.bitLength());
        assertEquals(15, copy.x);
        bram.x = 16;
        assertThrows(IllegalArgumentException.class, () -> position.write(bram, new BitWriter()));
        SnapshotException nothing = assertThrows(SnapshotException.class,
            () -> position.read(new BitReader(new byte[0])));
        assertEquals(SnapshotException.Reason.TRUNCATED, nothing.reason());
    }

    @Test
    void damagedBytesAreRefusedAndTheCopyIsUnchanged() throws Exception {
        Chart<Watchman> chart = ChartFiles.LOADER.load(Path.of("charts/watchman.json"));
        SnapshotCodec<Watchman> codec = SnapshotCodec.builder(chart).ownerData(new Position()).build();
        Machine<Watchman> server = chart.newMachine(new Watchman("bram", 1, new Village()));
        server.start();
        server.fire(Call.NOISE);
        byte[] bytes = codec.encode(server);
        Machine<Watchman> copy = chart.newMachine(new Watchman("bram", 1, new Village()));
        copy.start();

        SnapshotException truncated = assertThrows(SnapshotException.class,
            () -> codec.decodeInto(Arrays.copyOf(bytes, bytes.length - 1), copy));
        byte[] flipped = bytes.clone();
        flipped[0] ^= 1;
        SnapshotException foreign = assertThrows(SnapshotException.class, () -> codec.decodeInto(flipped, copy));

        assertEquals(SnapshotException.Reason.TRUNCATED, truncated.reason());
        assertEquals(SnapshotException.Reason.WRONG_FINGERPRINT, foreign.reason());
        assertEquals(List.of("PATROL", "TO_TOWER"), copy.activeStates());  // a chart file's keys are its names
    }

    @Test
    void aClientOnAnotherVersionOfTheChartRefusesTheBytes() throws Exception {
        Chart<Watchman> chart = ChartFiles.LOADER.load(Path.of("charts/watchman.json"));
        Chart<Watchman> edited = ChartFiles.LOADER.load(Path.of("charts/watchman-edited.json"));
        Machine<Watchman> server = chart.newMachine(new Watchman("bram", 1, new Village()));
        server.start();
        byte[] bytes = SnapshotCodec.builder(chart).ownerData(new Position()).build().encode(server);
        SnapshotCodec<Watchman> clientCodec = SnapshotCodec.builder(edited).ownerData(new Position()).build();
        Machine<Watchman> client = edited.newMachine(new Watchman("bram", 1, new Village()));

        SnapshotException e = assertThrows(SnapshotException.class, () -> clientCodec.decodeInto(bytes, client));

        assertEquals(SnapshotException.Reason.WRONG_FINGERPRINT, e.reason());
        assertFalse(client.isStarted());
    }
}
