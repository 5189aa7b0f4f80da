package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.net.codec.SeedSchemes;
import java.util.List;
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
}
