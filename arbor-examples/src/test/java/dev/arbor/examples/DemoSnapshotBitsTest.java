package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.SeedSchemes;
import dev.arbor.net.codec.SnapshotCodec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bits per snapshot header for every demo chart, next to seed 001's two schemes (mixed-radix
 * header; leaf index in one byte). Prints the table that {@code arbor-net/README.md} quotes:
 * {@code mvn -q test -pl arbor-core,arbor-net,arbor-examples -Dtest=DemoSnapshotBitsTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class DemoSnapshotBitsTest {

    static final List<Chart<?>> DEMO_CHARTS = List.of(
            NetplayDemo.torchChart(), NetplayDemo.heroChart(), QhsmDemo.chart(), WestWorld.minerChart(),
            WestWorld.elsaChart(), RobotDemo.chart(), GuardDemo.chart());

    @Test
    void arborNeverNeedsMoreBitsThanSeed001sSchemes() {
        System.out.println(SeedSchemes.Comparison.markdownHeader());
        for (Chart<?> chart : DEMO_CHARTS) {
            SeedSchemes.Comparison c = SeedSchemes.compare(chart);
            System.out.println(c.markdownRow());
            // Without history (which seed 001 does not have), the numbering is never wider than either scheme.
            if (c.mixedRadixBits() >= 0) {
                assertThat(c.arborNoHistoryBits()).as(chart.name()).isLessThanOrEqualTo(c.mixedRadixBits());
            }
            if (c.leafIndexBits() >= 0) {
                assertThat(c.arborNoHistoryBits()).as(chart.name()).isLessThanOrEqualTo(c.leafIndexBits());
            }
            // And history costs exactly the bits of its combinations, no more.
            assertThat(c.arborBits()).isEqualTo(64 - Long.numberOfLeadingZeros(c.combinations() - 1));
        }
    }

    /**
     * Whole snapshots now (issue 12: everything that decides the future), without fingerprint or
     * data codecs, along the guard demo's run and a seeded run of the netplay torch: the bits the
     * configuration, history and the rest of the state take, tick by tick.
     */
    @Test
    void wholeSnapshotsOfTheGuardAndTheTorch() {
        Chart<GuardDemo.Guard> guardChart = GuardDemo.chart();
        SnapshotCodec<GuardDemo.Guard> guardCodec = SnapshotCodec.builder(guardChart).fingerprintBits(0).build();
        GuardDemo.Guard guard = new GuardDemo.Guard(line -> { }, GuardDemo.DEFAULT_SHIFT_ENDS);
        Machine<GuardDemo.Guard> g = guardChart.newMachine(guard);
        g.start();
        List<Long> guardBits = new ArrayList<>();
        for (long t = 1; t <= GuardDemo.DEFAULT_SHIFT_ENDS + 10; t++) {
            guard.tick = t;
            if (t == 9) {
                guard.foePosition = guard.position() + 3;
                guard.foeHealth = 10;
                g.fire(GuardDemo.Ev.INTRUDER_SPOTTED);
            }
            g.update();
            guardBits.add(bits(guardCodec, g));
        }
        Chart<NetplayDemo.Torch> torchChart = NetplayDemo.torchChart();
        SnapshotCodec<NetplayDemo.Torch> torchCodec = SnapshotCodec.builder(torchChart).fingerprintBits(0).build();
        Machine<NetplayDemo.Torch> torch = torchChart.newMachine(new NetplayDemo.Torch());
        torch.start();
        List<Long> torchBits = new ArrayList<>(List.of(bits(torchCodec, torch)));
        Random r = new Random(1);
        for (int i = 0; i < 200; i++) {
            torch.fire(NetplayDemo.TorchEv.values()[r.nextInt(3)]);
            torchBits.add(bits(torchCodec, torch));
        }
        System.out.println("whole snapshot bits, no fingerprint or data: guard " + summary(guardBits)
                + " (header " + guardCodec.headerBits() + "); torch " + summary(torchBits)
                + " (header " + torchCodec.headerBits() + ")");
        // The header, 2 bits when nothing else is remembered, the previous configuration when there is one.
        assertThat(Collections.min(torchBits)).isEqualTo(torchCodec.headerBits() + 2L);
        assertThat(Collections.max(torchBits))
                .isEqualTo(torchCodec.headerBits() + 2L + torchCodec.numbering().configurationBits());
        assertThat(Collections.min(guardBits)).isGreaterThan(guardCodec.headerBits() + 2L); // clocks of behaviours
    }

    private static <C> long bits(SnapshotCodec<C> codec, Machine<C> m) {
        BitWriter out = new BitWriter();
        codec.encode(m, out);
        return out.bitLength();
    }

    private static String summary(List<Long> bits) {
        List<Long> sorted = new ArrayList<>(bits);
        Collections.sort(sorted);
        return "min " + sorted.get(0) + ", median " + sorted.get(sorted.size() / 2) + ", max "
                + sorted.get(sorted.size() - 1) + " over " + sorted.size() + " snapshots";
    }
}
