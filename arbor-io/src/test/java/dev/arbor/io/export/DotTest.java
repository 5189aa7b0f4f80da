package dev.arbor.io.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Graphviz DOT export ({@link Dot}): clusters for compound and parallel states, dashed clusters
 * for regions, initial dots, double circles for finals, H / H* for history, blue active states,
 * names only in escaped labels.
 */
class DotTest {

    @Test
    void theDoorIsWrittenExactly() {
        assertThat(Dot.export(Charts.door(), Set.of("Open"))).isEqualTo("""
                digraph "door" {
                  compound=true;
                  label="door";
                  labelloc=t;
                  fontname="Helvetica";
                  node [shape=box, style=rounded, fontname="Helvetica"];
                  edge [fontname="Helvetica", fontsize=10];
                  i0 [shape=point, width=0.15, label=""];
                  s1 [label="Closed"];
                  s2 [label="Open", style="rounded,filled", fillcolor="#7fb2f0", color="#1f5fbf"];
                  s3 [label="Locked"];
                  i0 -> s1;
                  s1 -> s2 [label="GO"];
                  s1 -> s3 [label="STOP [hungry]"];
                  s2 -> s1 [label="STOP / say(bang)"];
                }
                """);
    }

    @Test
    void everyKindOfStateHasItsShape() {
        String dot = Dot.export(Charts.everything());
        assertThat(dot)
                .as("the root is a cluster because it has a global transition")
                .contains("subgraph cluster_s0 {\n    label=\"root\";")
                .contains("subgraph cluster_s2 {\n      label=\"Work\";\n      style=\"rounded\";")
                .as("a parallel state's regions are dashed clusters")
                .contains("subgraph cluster_s7 {\n          label=\"Left\";\n          style=\"dashed,rounded\";")
                .contains("s10 [shape=doublecircle, label=\"LDone\"];")
                .contains("s3 [shape=circle, width=0.3, fixedsize=true, label=\"H\", tooltip=\"WorkH\"];")
                .contains("s4 [shape=circle, width=0.3, fixedsize=true, label=\"H*\", tooltip=\"WorkDeep\"];")
                .contains("i2 -> s5;")
                .as("actions, components and internal transitions are listed under the name")
                .contains("s1 [label=\"Idle\\nentry / say(hello)\\nexit / action\\ndo / MoveTo{speed=2.5}\\nHit / say(ouch)\"];");
        assertThat(dot).doesNotContain("fillcolor");
    }

    @Test
    void everyKindOfTransitionIsAnArrowClippedAtClusters() {
        String dot = Dot.export(Charts.everything());
        assertThat(dot)
                .contains("s0 -> s1 [label=\"reset\"];")
                .contains("s1 -> s2 [label=\"GO\", lhead=cluster_s2];")
                .contains("s1 -> s3 [label=\"resume\"];")
                .contains("s2 -> s18 [label=\"done.state.Work\", ltail=cluster_s2];")
                .contains("s5 -> s6 [label=\"when [hungry]\", lhead=cluster_s6];")
                .contains("s5 -> s14 [label=\"[guard]\"];")
                .contains("s8 -> s9 [label=\"* (local)\"];")
                .contains("s13 -> s8 [label=\"STOP\"];\n  s13 -> s12 [label=\"STOP\"];")
                .contains("s14 -> s4 [label=\"STOP\"];");
        assertThat(dot).as("the internal transition is not an arrow").doesNotContain("[label=\"Hit");
        assertThat(dot.lines().filter(l -> l.matches("  s\\d+ -> s\\d+ .*"))).hasSize(15);
    }

    @Test
    void activeClustersAndStatesAreFilledBlue() {
        String dot = Dot.export(Charts.everything(), Set.of("Work", "Act", "L1", "R1"));
        assertThat(dot)
                .contains("label=\"Work\";\n      style=\"rounded,filled\";\n      fillcolor=\"#7fb2f0\";")
                .contains("label=\"Act\";\n        style=\"rounded,filled\";")
                .contains("s8 [label=\"L1\", style=\"rounded,filled\", fillcolor=\"#7fb2f0\", color=\"#1f5fbf\"];")
                .contains("s12 [label=\"R1\", style=\"rounded,filled\"");
        assertThat(dot.split("fillcolor", -1)).hasSize(5);
    }

    @Test
    void namesAreEscapedInsideQuotedLabelsAndNeverUsedAsIds() {
        String dot = Dot.export(Charts.awkwardNames());
        assertThat(dot)
                .startsWith("digraph \"awkward \\\"names\\\"\" {")
                .contains("s1 [label=\"say \\\"hi\\\"\"];")
                .contains("s2 [label=\"a\\\\b\"];")
                .contains("s3 [label=\"x;y#z%<w>{}\"];")
                .contains("s4 [label=\"subgraph\"];")
                .contains("s5 [label=\"Ärger 怒り\"];");
    }

    @Test
    void anUnknownActiveStateIsAnError() {
        assertThatThrownBy(() -> Dot.export(Charts.door(), Set.of("Ajar", "Open")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'door' has no state Ajar (active states are given by name)");
    }

    @Test
    void theSameChartGivesTheSameText() {
        assertThat(Dot.export(Charts.everything(), Set.of("Idle")))
                .isEqualTo(Dot.export(Charts.everything(), Set.of("Idle")));
    }
}
