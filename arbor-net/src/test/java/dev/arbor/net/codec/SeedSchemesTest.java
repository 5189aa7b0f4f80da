package dev.arbor.net.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 001's two schemes against Arbor's numbering. {@link #printTable()} prints the table in
 * arbor-net/README.md:
 * {@code mvn -q -o test -pl arbor-core,arbor-net -Dtest=SeedSchemesTest -Dsurefire.failIfNoSpecifiedTests=false}
 */
class SeedSchemesTest {

    static List<Chart<?>> demoCharts() {
        return List.of(TestCharts.torch(), TestCharts.player(), TestCharts.flat(), TestCharts.nestedHistory(),
                TestCharts.regions(), TestCharts.restoreChart());
    }

    @Test
    void torchFiguresByHand() {
        SeedSchemes.Comparison c = SeedSchemes.compare(TestCharts.torch());
        assertThat(c.leaves()).isEqualTo(6);
        assertThat(c.configurations()).isEqualTo(6);
        assertThat(c.arborNoHistoryBits()).isEqualTo(3);
        assertThat(c.arborBits()).isEqualTo(5);
        // worst header: Lit (1 of 3) + Burning (1 * 3) + Blaze (1 * 6) = 10 -> 4 bits
        assertThat(SeedSchemes.maxMixedRadixHeader(TestCharts.torch()).getAsLong()).isEqualTo(10);
        assertThat(c.mixedRadixBits()).isEqualTo(4);
        assertThat(c.leafIndexBits()).isEqualTo(8);
    }

    @Test
    void schemesAreUndefinedWithParallelStates() {
        assertThat(SeedSchemes.mixedRadixBits(TestCharts.regions())).isEmpty();
        assertThat(SeedSchemes.leafIndexBits(TestCharts.restoreChart())).isEmpty();
        assertThat(SeedSchemes.compare(TestCharts.regions()).markdownRow()).contains("n/a (parallel)");
    }

    @Test
    void arborNeverNeedsMoreBitsThanEitherSeedScheme() {
        for (Chart<?> chart : demoCharts()) {
            SeedSchemes.Comparison c = SeedSchemes.compare(chart);
            if (c.mixedRadixBits() >= 0) {
                assertThat(c.arborNoHistoryBits()).isLessThanOrEqualTo(c.mixedRadixBits());
                assertThat(c.arborNoHistoryBits()).isLessThanOrEqualTo(c.leafIndexBits());
            }
        }
    }

    @Test
    void printTable() {
        StringBuilder sb = new StringBuilder(SeedSchemes.Comparison.markdownHeader()).append('\n');
        for (Chart<?> chart : demoCharts()) {
            sb.append(SeedSchemes.compare(chart).markdownRow()).append('\n');
        }
        sb.append("\nWhole snapshot bytes (32-bit fingerprint + index, padded; torch with its data: "
                + "Glowing 8 bits, Burning 16 bits, fuel 10 bits):\n");
        for (Chart<?> chart : demoCharts()) {
            sb.append(chart.name()).append(": ").append(bytes(chart)).append(" B (").append(noFp(chart))
                    .append(" B without fingerprint)\n");
        }
        Chart<TestCharts.Torch> torch = TestCharts.torch();
        SnapshotCodec<TestCharts.Torch> codec = TestCharts.torchCodec(torch).build();
        Machine<TestCharts.Torch> m = torch.newMachine(new TestCharts.Torch());
        m.start();
        sb.append("torch with data, Unlit: ").append(codec.encode(m).length).append(" B; ");
        m.fire(TestCharts.Ev.LIGHT);
        sb.append("Dim: ").append(codec.encode(m).length).append(" B; ");
        m.fire(TestCharts.Ev.FLARE);
        m.fire(TestCharts.Ev.FLARE);
        sb.append("Smoulder: ").append(codec.encode(m).length).append(" B\n");
        System.out.println(sb);
        assertThat(sb).isNotEmpty();
    }

    private static <C> int bytes(Chart<C> chart) {
        return (SnapshotCodec.of(chart).headerBits() + 7) / 8;
    }

    private static <C> int noFp(Chart<C> chart) {
        return (SnapshotCodec.builder(chart).fingerprintBits(0).build().headerBits() + 7) / 8;
    }
}
