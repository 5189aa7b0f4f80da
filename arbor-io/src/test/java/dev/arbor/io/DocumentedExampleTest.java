package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import dev.arbor.core.Behavior;
import dev.arbor.core.Chart;
import dev.arbor.core.Condition;
import dev.arbor.core.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The complete example in docs/chart-format.md is valid against the schema, loads and runs. */
class DocumentedExampleTest {

    record MoveTo(double speed, int x) implements Behavior<Bot> { }

    record Pause(int ticks) implements Behavior<Bot> { }

    record Attack(int damage) implements Behavior<Bot> { }

    record HealthBelow(int percent) implements Condition<Bot> {
        @Override
        public boolean test(Bot b) {
            return false;
        }
    }

    static String example() throws IOException {
        String doc = Files.readString(Path.of("../docs/chart-format.md"));
        int start = doc.indexOf("```json\n", doc.indexOf("## A complete example")) + "```json\n".length();
        return doc.substring(start, doc.indexOf("```", start));
    }

    @Test
    void theDocumentedExampleIsAValidChart() throws IOException {
        String json = example();
        assertThat(SchemaTest.schema().validate(json, InputFormat.JSON)).isEmpty();
        ComponentRegistry<Bot> components = ComponentRegistry.<Bot>create()
                .behavior("MoveTo", MoveTo.class)
                .behavior("Pause", Pause.class)
                .behavior("Attack", Attack.class)
                .condition("EnemyNear", b -> b.flags.contains("enemy"))
                .condition("HealthBelow", HealthBelow.class)
                .action("Say", Bot.Say.class);
        Chart<Bot> chart = ChartLoader.of(components).load("chart-format.md", json);
        Bot bot = new Bot();
        Machine<Bot> m = chart.newMachine(bot);
        m.start();
        m.update();
        m.fire("enemy.seen");
        assertThat(m.activeLeaves()).containsExactly("fight");
        assertThat(bot.take()).containsExactly("say on duty", "say tick");
    }
}
