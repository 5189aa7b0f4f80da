package dev.arbor.io.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Mermaid export ({@link Mermaid}): composite states, {@code [*]} initial arrows and final ends,
 * {@code --} between parallel regions, history as H / H*, the {@code active} class, and names
 * written through entity codes.
 */
class MermaidTest {

    @Test
    void theDoorIsWrittenExactly() {
        assertThat(Mermaid.export(Charts.door(), Set.of("Open"))).isEqualTo("""
                stateDiagram-v2
                    [*] --> s1
                    state "Closed" as s1
                    state "Open" as s2
                    state "Locked" as s3
                    s1 --> s2 : GO
                    s1 --> s3 : STOP [hungry]
                    s2 --> s1 : STOP / say(bang)
                    classDef active fill:#7fb2f0,stroke:#1f5fbf
                    class s2 active
                """);
    }

    @Test
    void regionsAreSeparatedAndArrowsBetweenCompositesAreWrittenAtTheTopLevel() {
        String mmd = Mermaid.export(Charts.everything());
        assertThat(mmd)
                .contains("            state s6 {\n"
                        + "                state \"Left\" as s7\n"
                        + "                state s7 {\n"
                        + "                    [*] --> s8\n"
                        + "                    state \"L1\" as s8\n"
                        + "                    state \"L2\" as s9\n"
                        + "                    state \"LDone\" as s10\n"
                        + "                    s10 --> [*]\n"
                        + "                    s8 --> s9 : * (local)\n"
                        + "                    s9 --> s10 : left.done\n"
                        + "                }\n"
                        + "                --\n"
                        + "                state \"Right\" as s11\n")
                .as("history states with their defaults")
                .contains("            state \"H\" as s3\n            s3 --> s5\n")
                .contains("            state \"H*\" as s4\n            s4 --> s14\n")
                .as("arrows between children of one composite are written inside it")
                .contains("                    s12 --> s13 : GO\n                    s13 --> s12 : STOP\n")
                .contains("            s14 --> s4 : STOP\n        }\n")
                .as("the root is drawn, for its global transition")
                .startsWith("stateDiagram-v2\n    [*] --> s0\n    state \"root\" as s0\n    state s0 {\n        [*] --> s1\n")
                .as("other arrows come last, at the top level, so that Mermaid moves no state")
                .endsWith("    }\n"
                        + "    s13 --> s8 : STOP\n"
                        + "    s17 --> s15 : GO\n"
                        + "    s0 --> s1 : reset\n"
                        + "    s1 --> s16 : HIT\n"
                        + "    s1 --> s3 : resume\n");
        assertThat(mmd).doesNotContain("classDef");
    }

    @Test
    void compositeStatesHaveNoDescriptionsAndDeepInitialArrowsPointAtTheChildOnTheWay() {
        dev.arbor.core.Chart<Object> chart = dev.arbor.core.Chart.builder("deep-initial")
                .initial("Inner")
                .state("Outer", o -> {
                    o.onEntry(new Charts.Say<>("hi"));
                    o.initial("Inner");
                    o.state("Mid", m -> m.state("Inner"));
                })
                .build();
        String mmd = Mermaid.export(chart);
        assertThat(mmd)
                .startsWith("stateDiagram-v2\n    [*] --> s1\n    state \"Outer\" as s1\n    state s1 {\n        [*] --> s2\n")
                .doesNotContain("s1 : entry");
    }

    @Test
    void activeStatesShareTheActiveClass() {
        assertThat(Mermaid.export(Charts.everything(), Set.of("L1", "Act", "Work")))
                .endsWith("    class s2,s6,s8 active\n");
    }

    @Test
    void aRootThatIsNotDrawnIsNotFilledEvenWhenNamedActive() {
        // the door's root is the diagram itself: there is no s0 to give the class to
        assertThat(Mermaid.export(Charts.door(), Set.of("root", "Closed")))
                .doesNotContain("s0").endsWith("    class s1 active\n");
    }

    @Test
    void syntaxCharactersInNamesAreEntityCodes() {
        String mmd = Mermaid.export(Charts.awkwardNames());
        assertThat(mmd)
                .contains("state \"say #quot;hi#quot;\" as s1")
                .contains("state \"a\\b\" as s2")
                .contains("state \"x#59;y#35;z#37;#lt;w#gt;#123;#125;\" as s3")
                .contains("state \"subgraph\" as s4")
                .contains("state \"Ärger 怒り\" as s5");
    }
}
