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
    void regionsAreSeparatedAndArrowsLiveInTheirCommonComposite() {
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
                .as("an arrow between regions is drawn in Work, the composite around the parallel state")
                .contains("            s13 --> s8 : STOP\n            s13 --> s12 : STOP\n")
                .as("the root is drawn, for its global transition")
                .contains("        s0 --> s1 : reset\n")
                .startsWith("stateDiagram-v2\n    [*] --> s0\n    state \"root\" as s0\n    state s0 {\n        [*] --> s1\n");
        assertThat(mmd).doesNotContain("classDef");
    }

    @Test
    void activeStatesShareTheActiveClass() {
        assertThat(Mermaid.export(Charts.everything(), Set.of("L1", "Act", "Work")))
                .endsWith("    class s2,s6,s8 active\n");
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
