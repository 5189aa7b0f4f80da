package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code arbor schema LIB…}: a JSON Schema that knows the libraries' component names and their
 * properties. The example charts validate against the schemas committed beside them, which are
 * what the command writes today; a misspelt component or a mistyped property does not.
 */
class SchemaCommandTest {
    private static final Path EXAMPLES = Path.of("..", "arbor-examples", "src", "main", "resources", "dev", "arbor",
            "examples", "charts");

    static Schema schema(String text) {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(text, InputFormat.JSON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"guard", "miner", "robot", "wife"})
    void theExampleChartsSchemaIsWhatTheCommandWritesAndTheChartIsValid(String library) throws IOException {
        Cli r = Cli.run("schema", library);
        assertThat(r.err()).isEmpty();
        Path committed = EXAMPLES.resolve(library + ".schema.json");
        assertThat(Files.readString(committed)).as("regenerate with: ./arbor schema %s > %s", library, committed)
                .isEqualTo(r.out());
        String chart = Files.readString(EXAMPLES.resolve(library + ".json"));
        assertThat(chart).contains("\"$schema\": \"./" + library + ".schema.json\"");
        assertThat(schema(r.out()).validate(chart, InputFormat.JSON)).extracting(Error::toString).isEmpty();
    }

    @Test
    void theDocsExampleChartsAreValidAgainstTheBuiltInSchema() throws IOException {
        Schema schema = schema(Cli.run("schema", "arbor").out());
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("..", "docs", "examples"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            assertThat(schema.validate(Files.readString(file), InputFormat.JSON)).as(file.toString())
                    .extracting(Error::toString).isEmpty();
        }
    }

    @Test
    void aMisspeltComponentOrAMistypedPropertyIsInvalid() {
        Schema schema = schema(Cli.run("schema", "arbor", "echo").out());
        String valid = """
                {"chart": "c", "variables": {"gold": {"type": "int", "min": 0, "max": 9}}, "initial": "a",
                 "states": {"a": {"onEntry": [{"use": "Add", "var": "gold", "amount": 2}, {"use": "Say", "times": 3}],
                   "transitions": [{"event": "go", "target": "a", "guard": {"use": "Chance", "percent": 5}}]}}}
                """;
        assertThat(schema.validate(valid, InputFormat.JSON)).isEmpty();
        for (String invalid : List.of(
                valid.replace("\"Add\"", "\"Ad\""),                     // an unknown action
                valid.replace("\"Chance\"", "\"Chanse\""),              // an unknown condition
                valid.replace("\"amount\": 2", "\"amount\": \"2\""),    // a string for an integer
                valid.replace("\"times\": 3", "\"times\": true"),       // a boolean for an integer
                valid.replace("\"amount\": 2", "\"amont\": 2"),         // a misspelt property (and amount missing)
                valid.replace(", \"percent\": 5", ""),                  // a required property missing
                valid.replace("{\"use\": \"Chance\", \"percent\": 5}", "\"Add\""))) { // an action as a guard
            assertThat(schema.validate(invalid, InputFormat.JSON)).as(invalid).isNotEmpty();
        }
    }

    @Test
    void librariesThatCannotBeNamedTogetherHaveNoSchema() {
        Cli r = Cli.run("schema", "guard", "echo");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly(
                "arbor: libraries 'guard' and 'echo' both define the action 'Say'; a file can name only one of them");
    }
}
