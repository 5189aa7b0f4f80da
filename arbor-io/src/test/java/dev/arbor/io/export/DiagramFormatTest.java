package dev.arbor.io.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Choosing an export format by name ({@link DiagramFormat}), as a command line does. */
class DiagramFormatTest {

    @Test
    void eachFormatIsFoundByItsNameInAnyCaseAndExportsAsItsWriter() {
        assertThat(DiagramFormat.byName("DOT").export(Charts.door(), Set.of("Open")))
                .isEqualTo(Dot.export(Charts.door(), Set.of("Open")));
        assertThat(DiagramFormat.byName("mermaid").export(Charts.door(), Set.of()))
                .isEqualTo(Mermaid.export(Charts.door()));
        assertThat(DiagramFormat.byName(" PlantUML ").export(Charts.door(), Set.of()))
                .isEqualTo(PlantUml.export(Charts.door()));
        assertThat(DiagramFormat.byName("scxml").export(Charts.door(), Set.of()))
                .isEqualTo(Scxml.export(Charts.door()));
        assertThat(DiagramFormat.SCXML.extension()).isEqualTo("scxml");
        assertThat(DiagramFormat.PLANTUML).hasToString("plantuml");
    }

    @Test
    void anUnknownFormatNamesTheChoices() {
        assertThatThrownBy(() -> DiagramFormat.byName("svg"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown format 'svg': choose dot, mermaid, plantuml or scxml");
    }
}
