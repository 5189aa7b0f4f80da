package dev.arbor.io.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * PlantUML export ({@link PlantUml}): composite states, concurrent regions, {@code [H]} and
 * {@code [H*]}, blue active states, and names with character references.
 */
class PlantUmlTest {

    @Test
    void theDoorIsWrittenExactly() {
        assertThat(PlantUml.export(Charts.door(), Set.of("Open"))).isEqualTo("""
                @startuml
                title door
                hide empty description
                [*] --> s1
                state "Closed" as s1
                state "Open" as s2 #7fb2f0
                state "Locked" as s3
                s1 --> s2 : GO
                s1 --> s3 : STOP [hungry]
                s2 --> s1 : STOP / say(bang)
                @enduml
                """);
    }

    @Test
    void historyIsTheParentsHOrHStarAndRegionsAreConcurrent() {
        String puml = PlantUml.export(Charts.everything());
        assertThat(puml)
                .contains("    s2[H] --> s5\n    s2[H*] --> s14\n")
                .contains("    s14 --> s2[H*] : STOP\n")
                .as("PlantUML cannot draw an arrow out of a concurrent region: it stays as a comment")
                .contains("    ' s13 --> s8 : STOP\n")
                .as("each arrow of a transition with two targets is written where its own ends meet")
                .contains("        s12 --> s13 : GO\n        s13 --> s12 : STOP\n")
                .contains("  s1 --> s2[H] : resume\n")
                .contains("      }\n      --\n      state \"Right\" as s11 {\n")
                .contains("    state \"WorkEnd\" as s15\n    s15 --> [*]\n")
                .contains("  s1 : do / MoveTo{speed=2.5}\n  s1 : Hit / say(ouch)\n")
                .endsWith("  s2 --> s1 : STOP\n}\n@enduml\n");
    }

    @Test
    void activeStatesAreFilledBlue() {
        String puml = PlantUml.export(Charts.everything(), Set.of("Work", "Act", "L1", "R1"));
        assertThat(puml)
                .contains("state \"Work\" as s2 #7fb2f0 {")
                .contains("state \"Act\" as s6 #7fb2f0 {")
                .contains("state \"L1\" as s8 #7fb2f0\n")
                .contains("state \"R1\" as s12 #7fb2f0\n")
                .contains("state \"R2\" as s13\n");
    }

    @Test
    void quotesAndBackslashesAreCharacterReferences() {
        String puml = PlantUml.export(Charts.awkwardNames());
        assertThat(puml)
                .contains("title awkward &#34;names&#34;\n")
                .contains("state \"say &#34;hi&#34;\" as s1\n")
                .contains("state \"a&#92;b\" as s2\n")
                .contains("state \"x;y#z%&#60;w&#62;{}\" as s3\n")
                .contains("state \"Ärger 怒り\" as s5\n");
    }
}
