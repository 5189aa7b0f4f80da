// region sides
package com.example.watchman;

import dev.arbor.core.typed.TypedChart;
import dev.arbor.core.typed.TypedMachine;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;

/** Step 6: the server's bram sent over UDP as a snapshot into the client's machine, which then does as the server's. */
public final class SnapshotOverTheWire {

    public static void main(String[] args) throws IOException, SnapshotException {
        // The server: bram, one tick into an investigation.
        TypedChart<Watchman, String, Call> chart = ChartFiles.load(Path.of("charts/watchman.json"));
        Village serverVillage = new Village();
        TypedMachine<Watchman, String, Call> serverNpc = chart.newMachine(new Watchman("bram", 1, serverVillage));
        serverNpc.addListener(new Trace("bram", serverVillage.log));
        serverNpc.start();
        for (int i = 0; i < 4; i++) {
            GameLoop.tick(serverVillage, serverNpc);
        }
        serverNpc.fire(Call.NOISE);
        GameLoop.tick(serverVillage, serverNpc);

        // The client: the same file loaded into a chart of its own, and a machine not started.
        TypedChart<Watchman, String, Call> clientChart = ChartFiles.load(Path.of("charts/watchman.json"));
        Village clientVillage = new Village();
        clientVillage.tick = serverVillage.tick;
        TypedMachine<Watchman, String, Call> clientNpc = clientChart.newMachine(new Watchman("bram", 1, clientVillage));
        clientNpc.addListener(new Trace("bram", clientVillage.log));
        // endregion

        // region codec
        SnapshotCodec<Watchman> serverCodec = SnapshotCodec.builder(chart.chart())  // one per chart, thread-safe
            .ownerData(new Position())
            .build();
        SnapshotCodec<Watchman> clientCodec = SnapshotCodec.builder(clientChart.chart())
            .ownerData(new Position())
            .build();
        // endregion

        // region wire
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (DatagramSocket server = new DatagramSocket(0, loopback);
             DatagramSocket client = new DatagramSocket(0, loopback)) {
            client.setSoTimeout(2_000);  // never wait for ever

            byte[] bytes = serverCodec.encode(serverNpc.machine());
            server.send(new DatagramPacket(bytes, bytes.length, client.getLocalSocketAddress()));
            System.out.println("sent " + bytes.length + " bytes");

            DatagramPacket packet = new DatagramPacket(new byte[clientCodec.maxBytes()], clientCodec.maxBytes());
            client.receive(packet);
            clientCodec.decodeInto(packet.getData(), 0, packet.getLength(), clientNpc.machine());  // checks, then restores
        }
        // endregion

        // region play
        clientVillage.log.forEach(System.out::println);
        serverVillage.log.clear();
        clientVillage.log.clear();
        play(serverVillage, serverNpc);
        play(clientVillage, clientNpc);
        System.out.println("six ticks more on each side, a call for help after the fourth; the client's log:");
        clientVillage.log.forEach(System.out::println);
        System.out.println("the server's log is the same: " + serverVillage.log.equals(clientVillage.log));
    }

    /** The same inputs for both sides: six ticks, with a call for help after the fourth. */
    static void play(Village village, TypedMachine<Watchman, String, Call> npc) {
        for (int i = 0; i < 6; i++) {
            GameLoop.tick(village, npc);
            if (i == 3) {
                npc.fire(Call.HELP);
            }
        }
    }

    private SnapshotOverTheWire() {}
}
// endregion
