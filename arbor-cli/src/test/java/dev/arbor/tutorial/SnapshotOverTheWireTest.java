package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tutorial step 6: the server's watchman sent as a snapshot over UDP on loopback, restored on the
 * client's own machine, which then does exactly what the server's does.
 */
class SnapshotOverTheWireTest {

    @TempDir
    Path charts;

    @Test
    void theClientsCopyBehavesAsTheServersWatchman() throws Exception {
        Chart<Watchman> chart = Watchmen.LOADER.load(Expected.copy("watchman.json", charts, "watchman.json"));
        Village serverVillage = new Village();
        Machine<Watchman> serverNpc = chart.newMachine(new Watchman("bram", 1, serverVillage));
        serverNpc.addListener(new Trace("bram", serverVillage.log));
        serverNpc.start();
        for (int i = 0; i < 4; i++) {
            GameLoop.tick(serverVillage, serverNpc);
        }
        serverNpc.fire(Call.NOISE);
        GameLoop.tick(serverVillage, serverNpc);  // one tick into his investigation, at x = 4

        // The client has loaded the same file: a chart of its own, and a codec of its own.
        Chart<Watchman> clientChart = Watchmen.LOADER.load(charts.resolve("watchman.json"));
        Village clientVillage = new Village();
        clientVillage.tick = serverVillage.tick;
        Watchman clientBram = new Watchman("bram", 1, clientVillage);
        Machine<Watchman> clientNpc = clientChart.newMachine(clientBram);
        clientNpc.addListener(new Trace("bram", clientVillage.log));

        // tutorial:codec
        SnapshotCodec<Watchman> serverCodec = SnapshotCodec.builder(chart)  // one per chart, thread-safe
            .ownerData(new Position())
            .build();
        SnapshotCodec<Watchman> clientCodec = SnapshotCodec.builder(clientChart)
            .ownerData(new Position())
            .build();
        // end

        // tutorial:wire
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (DatagramSocket server = new DatagramSocket(0, loopback);
             DatagramSocket client = new DatagramSocket(0, loopback)) {
            client.setSoTimeout(2_000);  // a test never waits for ever

            byte[] bytes = serverCodec.encode(serverNpc);
            server.send(new DatagramPacket(bytes, bytes.length, client.getLocalSocketAddress()));

            DatagramPacket packet = new DatagramPacket(new byte[clientCodec.maxBytes()], clientCodec.maxBytes());
            client.receive(packet);
            clientCodec.decodeInto(packet.getData(), 0, packet.getLength(), clientNpc);  // checks it all, then restores
        }
        // end

        assertThat(serverCodec.encode(serverNpc)).hasSize(6);
        assertThat(clientBram.x).isEqualTo(4);
        assertThat(clientNpc.activeStates()).isEqualTo(serverNpc.activeStates());
        Expected.assertLog(clientVillage.log, "restored.txt");

        serverVillage.log.clear();
        clientVillage.log.clear();
        play(serverVillage, serverNpc);
        play(clientVillage, clientNpc);

        assertThat(clientVillage.log).isEqualTo(serverVillage.log);
        assertThat(clientVillage.log).contains("bram: exit INVESTIGATE", "bram: \"coming!\"");
        assertThat(clientBram.x).isEqualTo(serverNpc.owner().x);
    }

    /** The same inputs for both sides: six ticks, with a call for help after the fourth. */
    private static void play(Village village, Machine<Watchman> npc) {
        for (int i = 0; i < 6; i++) {
            GameLoop.tick(village, npc);
            if (i == 3) {
                npc.fire(Call.HELP);
            }
        }
    }

    @Test
    void damagedBytesAreRefusedAndTheCopyIsUnchanged() throws Exception {
        Chart<Watchman> chart = Watchmen.LOADER.load(Expected.copy("watchman.json", charts, "watchman.json"));
        SnapshotCodec<Watchman> codec = SnapshotCodec.builder(chart).ownerData(new Position()).build();
        Machine<Watchman> server = chart.newMachine(new Watchman("bram", 1, new Village()));
        server.start();
        server.fire(Call.NOISE);
        byte[] bytes = codec.encode(server);
        Machine<Watchman> copy = chart.newMachine(new Watchman("bram", 1, new Village()));
        copy.start();

        SnapshotException truncated = catchThrowableOfType(SnapshotException.class,
                () -> codec.decodeInto(Arrays.copyOf(bytes, bytes.length - 1), copy));
        byte[] flipped = bytes.clone();
        flipped[0] ^= 1;
        SnapshotException foreign = catchThrowableOfType(SnapshotException.class,
                () -> codec.decodeInto(flipped, copy));

        assertThat(truncated.reason()).isEqualTo(SnapshotException.Reason.TRUNCATED);
        assertThat(foreign.reason()).isEqualTo(SnapshotException.Reason.WRONG_FINGERPRINT);
        assertThat(copy.activeStates()).containsExactly("PATROL", "TO_TOWER");  // a chart file's keys are its names
    }

    @Test
    void aClientOnAnotherVersionOfTheChartRefusesTheBytes() throws Exception {
        Chart<Watchman> chart = Watchmen.LOADER.load(Expected.copy("watchman.json", charts, "watchman.json"));
        Chart<Watchman> edited = Watchmen.LOADER.load(Expected.copy("watchman-edited.json", charts, "edited.json"));
        Machine<Watchman> server = chart.newMachine(new Watchman("bram", 1, new Village()));
        server.start();
        byte[] bytes = SnapshotCodec.builder(chart).ownerData(new Position()).build().encode(server);
        SnapshotCodec<Watchman> clientCodec = SnapshotCodec.builder(edited).ownerData(new Position()).build();
        Machine<Watchman> client = edited.newMachine(new Watchman("bram", 1, new Village()));

        SnapshotException e = catchThrowableOfType(SnapshotException.class,
                () -> clientCodec.decodeInto(bytes, client));

        assertThat(e.reason()).isEqualTo(SnapshotException.Reason.WRONG_FINGERPRINT);
        assertThat(client.isStarted()).isFalse();
    }
}
