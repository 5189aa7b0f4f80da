package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.analysis.ChartAnalysis;
import dev.arbor.analysis.Finding;
import dev.arbor.core.Chart;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the analysis finds in every demo chart, each finding reviewed: the demos' real defects were
 * fixed (the guard's interruption stacked a resume per intruder spotted mid-fight; the torch's
 * burnt-out state is final), and what is left rests on parts the analysis does not model, which
 * the finding says (it is not definite). The chart file and the Java chart of each demo agree.
 */
class DemoChartsAnalysisTest {

    @Test
    void theGuardIsCleanAndWhollyCovered() {
        for (Chart<?> guard : List.of(GuardDemo.chart(), GuardDemo.chartFromFile())) {
            ChartAnalysis a = ChartAnalysis.of(guard);
            assertThat(a.complete()).isTrue();
            assertThat(a.findings()).isEmpty();
            assertThat(a.coverage()).as("states reached of states, transitions taken of transitions")
                    .containsExactly(15, 15, 9, 9);
        }
    }

    @Test
    void theRobotsPolledTransitionsMayConflictWhenItsBatteryIsLowAndNoTrashIsLeft() {
        for (Chart<?> robot : List.of(RobotDemo.chart(), RobotDemo.chartFromFile())) {
            ChartAnalysis a = ChartAnalysis.of(robot);
            assertThat(a.complete()).isTrue();
            // Both guards are Java (battery level, trash left), so both may hold at one tick: then
            // the first declared, GET_POWER, wins. Possible, not definite: the order is the design.
            assertThat(a.findings()).singleElement().satisfies(f -> {
                assertThat(f.kind()).isEqualTo(Finding.Kind.CONFLICT);
                assertThat(f.definite()).isFalse();
                assertThat(robot.describeTransition(f.transition())).isEqualTo("CLEANING when -> GET_POWER");
                assertThat(robot.describeTransition(f.other())).isEqualTo("CLEANING when -> FINISHED");
            });
            assertThat(a.coverage()).containsExactly(9, 9, 9, 9);
        }
    }

    @Test
    void westWorldsStatesReachedOnlyByJavaActionsAreReportedAsPossiblyDead() {
        // Bob's DigForGold, DepositGold and the rest move him with goTo in Java, which the analysis
        // does not run: what only they reach is possibly dead, and the analysis says why.
        for (Chart<?> bob : List.of(WestWorld.minerChart(), WestWorld.minerChartFromFile())) {
            ChartAnalysis a = ChartAnalysis.of(bob);
            assertThat(a.findings()).allSatisfy(f -> assertThat(f.definite()).isFalse());
            assertThat(a.findings()).extracting(Finding::kind).containsOnly(Finding.Kind.DEAD_STATE, Finding.Kind.TRAP);
            assertThat(a.notModelled()).anySatisfy(n -> assertThat(n).startsWith("actions written in Java that take the machine"));
        }
        for (Chart<?> elsa : List.of(WestWorld.elsaChart(), WestWorld.elsaChartFromFile())) {
            ChartAnalysis a = ChartAnalysis.of(elsa);
            assertThat(a.findings()).singleElement().satisfies(f -> {
                assertThat(f.kind()).isEqualTo(Finding.Kind.DEAD_STATE);
                assertThat(f.definite()).isFalse();
                assertThat(elsa.stateName(f.state())).isEqualTo("BATHROOM"); // NatureCalls sends her there in Java
            });
        }
    }

    @Test
    void theOtherDemosAreClean() {
        for (Chart<?> chart : List.of(QhsmDemo.chart(), NetplayDemo.torchChart(), NetplayDemo.heroChart())) {
            ChartAnalysis a = ChartAnalysis.of(chart);
            assertThat(a.complete()).as(chart.name()).isTrue();
            assertThat(a.findings()).as(chart.name()).isEmpty();
            int[] c = a.coverage();
            assertThat(c[0]).as(chart.name() + ": every state reached").isEqualTo(c[1]);
            assertThat(c[2]).as(chart.name() + ": every transition taken").isEqualTo(c[3]);
        }
    }
}
