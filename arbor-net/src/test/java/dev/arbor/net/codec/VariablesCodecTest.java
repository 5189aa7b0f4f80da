package dev.arbor.net.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Designer variables in snapshots: each in the fewest bits its declared range needs, the seeded
 * generator's state for a chart that draws, every value round-tripping exactly, and a restored
 * machine drawing the same numbers as the one it was taken from.
 */
class VariablesCodecTest {

    static Chart<Object> shop(boolean draws) {
        var b = Chart.<Object>builder("shop")
                .variable(Variable.integer("gold", 0, 999, 20))
                .variable(Variable.bool("alert", false))
                .variable(Variable.choice("mood", List.of("calm", "grumpy", "sly"), "calm"))
                .variable(Variable.trigger("poke"))
                .variable(Variable.integer("temperature", -40, 40, 0))
                .initial("idle")
                .state("idle", s -> s.on("go").target("busy"))
                .state("busy", s -> s.on("go").target("idle"));
        if (draws) {
            b.drawsRandom();
        }
        return b.build();
    }

    @Test
    void eachVariableTakesTheFewestBitsItsRangeNeeds() {
        Chart<Object> chart = shop(false);
        assertThat(chart.variables()).extracting(Variable::bits).containsExactly(10, 1, 2, 1, 7);
        SnapshotCodec<Object> plain = SnapshotCodec.of(Chart.<Object>builder("shop")
                .initial("idle").state("idle", s -> s.on("go").target("busy")).state("busy", s -> s.on("go").target("idle"))
                .build());
        SnapshotCodec<Object> with = SnapshotCodec.of(chart);
        Machine<Object> a = plain.chart().newMachine(new Object());
        Machine<Object> b = chart.newMachine(new Object());
        a.start();
        b.start();
        BitWriter wa = new BitWriter();
        BitWriter wb = new BitWriter();
        plain.encode(a, wa);
        with.encode(b, wb);
        assertThat(wb.bitLength() - wa.bitLength()).as("bits the variables add").isEqualTo(10 + 1 + 2 + 1 + 7);
        SnapshotCodec<Object> drawing = SnapshotCodec.of(shop(true));
        Machine<Object> c = drawing.chart().newMachine(new Object());
        c.start();
        BitWriter wc = new BitWriter();
        drawing.encode(c, wc);
        assertThat(wc.bitLength() - wb.bitLength()).as("a generator still at its seed").isEqualTo(1);
        c.variables().nextInt(6);
        BitWriter wd = new BitWriter();
        drawing.encode(c, wd);
        assertThat(wd.bitLength() - wb.bitLength()).as("a generator that moved").isEqualTo(65);
    }

    @Test
    void seededRunsRoundTripEveryValueAndTheRestoredMachineDrawsTheSame() throws SnapshotException {
        Chart<Object> chart = shop(true);
        SnapshotCodec<Object> codec = SnapshotCodec.of(chart);
        SplittableRandom seeds = new SplittableRandom(32);
        for (int run = 0; run < 200; run++) {
            Machine<Object> m = chart.newMachine(new Object());
            m.start();
            m.variables().seed(seeds.nextLong());
            m.variables().setInt("gold", seeds.nextInt(1000));
            m.variables().setBool("alert", seeds.nextBoolean());
            m.variables().setEnum("mood", List.of("calm", "grumpy", "sly").get(seeds.nextInt(3)));
            m.variables().setBool("poke", seeds.nextBoolean());
            m.variables().setInt("temperature", seeds.nextInt(81) - 40);
            for (int k = seeds.nextInt(4); k > 0; k--) {
                m.fire("go");
                m.variables().nextInt(100);
            }
            MachineState before = m.snapshot();
            byte[] bytes = codec.encode(m);
            Machine<Object> copy = chart.newMachine(new Object());
            codec.decodeInto(bytes, copy);
            assertThat(copy.snapshot()).as("run " + run).isEqualTo(before);
            List<Integer> draws = new ArrayList<>();
            List<Integer> again = new ArrayList<>();
            for (int k = 0; k < 5; k++) {
                draws.add(m.variables().nextInt(1000));
                again.add(copy.variables().nextInt(1000));
            }
            assertThat(again).as("run " + run).isEqualTo(draws);
        }
    }

    @Test
    void aChangedDeclarationIsAnotherChartToTheCodec() {
        SnapshotCodec<Object> codec = SnapshotCodec.of(shop(false));
        Machine<Object> m = codec.chart().newMachine(new Object());
        m.start();
        byte[] bytes = codec.encode(m);
        Chart<Object> wider = Chart.<Object>builder("shop")
                .variable(Variable.integer("gold", 0, 9999, 20))
                .variable(Variable.bool("alert", false))
                .variable(Variable.choice("mood", List.of("calm", "grumpy", "sly"), "calm"))
                .variable(Variable.trigger("poke"))
                .variable(Variable.integer("temperature", -40, 40, 0))
                .initial("idle")
                .state("idle", s -> s.on("go").target("busy"))
                .state("busy", s -> s.on("go").target("idle")).build();
        SnapshotCodec<Object> other = SnapshotCodec.of(wider);
        assertThatThrownBy(() -> other.decodeInto(bytes, wider.newMachine(new Object())))
                .isInstanceOf(SnapshotException.class).hasMessageContaining("fingerprint");
    }
}
