package dev.arbor.io.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Choosing an export format by name ({@link DiagramFormat}), as a command line does. */
class DiagramFormatTest {

    @Test
    void eachFormatIsFoundByItsNameInAnyCaseAndExportsAsItsWriter() {
        Set<String> open = Set.of("Open");
        assertThat(DiagramFormat.byName("DOT").export(Charts.door(), open)).isEqualTo(Dot.export(Charts.door(), open));
        assertThat(DiagramFormat.byName("mermaid").export(Charts.door(), open)).isEqualTo(Mermaid.export(Charts.door(), open));
        assertThat(DiagramFormat.byName(" PlantUML ").export(Charts.door(), open)).isEqualTo(PlantUml.export(Charts.door(), open));
        assertThat(DiagramFormat.byName("scxml").export(Charts.door(), open)).isEqualTo(Scxml.export(Charts.door(), open));
        for (DiagramFormat f : DiagramFormat.values()) {
            assertThat(f.export(Charts.door(), open)).as("%s passes the active states on", f)
                    .isNotEqualTo(f.export(Charts.door(), Set.of()))
                    .contains(f == DiagramFormat.SCXML ? "arbor:active=\"true\"" : Diagrams.ACTIVE_FILL);
        }
        assertThat(DiagramFormat.SCXML.extension()).isEqualTo("scxml");
        assertThat(DiagramFormat.PLANTUML).hasToString("plantuml");
    }

    @Test
    void anUnknownFormatNamesTheChoices() {
        assertThatThrownBy(() -> DiagramFormat.byName("svg"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown format 'svg': choose dot, mermaid, plantuml or scxml");
    }

    /** STUNNED: a timer back to IDLE, an internal timer, and a deferred event. */
    static dev.arbor.core.Chart<Object> stun() {
        return dev.arbor.core.Chart.<Object>builder("stun")
                .initial("IDLE")
                .state("IDLE", st -> st.on("hit").target("STUNNED"))
                .state("STUNNED", st -> {
                    st.defer("call");
                    st.after(30).target("IDLE");
                    st.after(1).action((o, e) -> { });
                })
                .build();
    }

    @Test
    void everyFormatShowsTimersAndDeferredEvents() {
        for (DiagramFormat f : DiagramFormat.values()) {
            String text = f.export(stun(), java.util.Set.of());
            if (f == DiagramFormat.SCXML) {
                assertThat(text).as("scxml").contains("arbor:mode=\"timer\" arbor:after=\"30\"")
                        .contains("arbor:mode=\"timer\" arbor:after=\"1\"").contains("arbor:defer=\"call\"");
            } else {
                assertThat(text).as(f.toString()).contains("after 30 ticks").contains("after 1 tick / action")
                        .contains("defer call");
            }
        }
    }
}
