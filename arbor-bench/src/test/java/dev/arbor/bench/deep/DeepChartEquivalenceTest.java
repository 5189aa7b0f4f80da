package dev.arbor.bench.deep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.bench.peers.QhsmOwner;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Workload 2's implementations make the same trace as Arbor, step by step, before any number is taken. */
class DeepChartEquivalenceTest {

    @Test
    void theChartHasDepthEightAndFanOutFour() {
        DeepChart m = DeepChart.MODEL;
        int maxDepth = 0;
        for (int s = 0; s < m.stateCount(); s++) {
            maxDepth = Math.max(maxDepth, m.depth[s]);
            if (m.isComposite(s)) {
                int children = 0;
                for (int c = 0; c < m.stateCount(); c++) {
                    children += m.parent[c] == s ? 1 : 0;
                }
                assertThat(children).as("children of %s", m.name[s]).isEqualTo(DeepChart.FANOUT);
            }
        }
        assertThat(maxDepth).isEqualTo(DeepChart.DEPTH);
        assertThat(ArborDeep.CHART.stateCount()).as("Arbor's states: the model's plus c7's history")
                .isEqualTo(m.stateCount() + 1);
    }

    @ParameterizedTest
    @EnumSource(DeepPeer.class)
    void sameTraceAsArborStepByStep(DeepPeer peer) {
        DeepImpl arbor = DeepPeer.ARBOR.create(new QhsmOwner(true));
        DeepImpl p = peer.create(new QhsmOwner(true));
        arbor.start();
        p.start();
        assertThat(p.owner().drainTrace()).as("start").isEqualTo(arbor.owner().drainTrace());
        assertThat(p.leaf()).isEqualTo("c7.a");
        for (int round = 0; round < 5; round++) {
            for (DeepSig e : DeepChart.CYCLE) {
                arbor.fire(e);
                p.fire(e);
                List<String> expected = arbor.owner().drainTrace();
                assertThat(expected).as("round %s, %s: something happens", round, e).isNotEmpty();
                assertThat(p.owner().drainTrace()).as("round %s, %s", round, e).isEqualTo(expected);
                assertThat(p.leaf()).as("round %s, %s: leaf", round, e).isEqualTo(arbor.leaf());
            }
        }
    }

    @Test
    void theCycleTakesEveryTransitionAndReachesEveryLevel() {
        DeepImpl arbor = DeepPeer.ARBOR.create(new QhsmOwner(true));
        arbor.start();
        Set<String> records = new HashSet<>();
        Set<String> leaves = new HashSet<>();
        for (int round = 0; round < 4; round++) {
            for (DeepSig e : DeepChart.CYCLE) {
                arbor.fire(e);
                records.addAll(arbor.owner().drainTrace());
                leaves.add(arbor.leaf());
            }
        }
        for (DeepChart.Transition t : DeepChart.MODEL.transitions) {
            assertThat(records).contains(t.record());
        }
        assertThat(leaves).contains("r.b", "r.c", "c1.b", "c6.c", "c7.a", "c7.b", "c7.c", "c7.d");
        // X2 from c7.b leaves six levels, and R re-enters them through c7's history.
        assertThat(records).contains("c3-EXIT", "c3-ENTRY", "c7.b-ENTRY");
    }
}
