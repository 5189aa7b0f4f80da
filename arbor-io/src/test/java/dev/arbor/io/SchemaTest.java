package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JSON Schema shipped in the jar (for editor completion) agrees with the loader: every chart
 * file in the tests is valid against it and loads, and what the schema rejects is rejected.
 */
class SchemaTest {

    static Schema schema() throws IOException {
        try (InputStream in = ChartLoader.class.getResourceAsStream("chart.schema.json")) {
            assertThat(in).as("the schema is shipped beside ChartLoader").isNotNull();
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8), InputFormat.JSON);
        }
    }

    static Stream<Path> chartFiles() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/charts"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).isNotEmpty();
        return files.stream();
    }

    @Test
    void theExampleChartsOfTheDocsAreValidAgainstTheSchema() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("..", "docs", "examples"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("shopkeeper.json");
        for (Path file : files) {
            assertThat(schema().validate(Files.readString(file), InputFormat.JSON)).as(file.toString())
                    .extracting(Error::toString).isEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("chartFiles")
    void everyTestChartIsValidAgainstTheSchemaAndLoads(Path file) throws IOException {
        List<Error> errors = schema().validate(Files.readString(file), InputFormat.JSON);
        assertThat(errors).extracting(Error::toString).isEmpty();
        assertThat(ChartLoader.of(Bot.components()).load(file).stateCount()).isGreaterThan(1);
    }

    @Test
    void theSchemaRejectsWhatTheLoaderRejects() throws IOException {
        Schema schema = schema();
        String valid = """
                {"chart": "npc", "initial": "a", "states": {"a": {"transitions": [{"event": "go", "target": "a"}]}}}
                """;
        assertThat(schema.validate(valid, InputFormat.JSON)).isEmpty();
        for (String invalid : List.of(
                valid.replace("\"initial\"", "\"intial\""),                       // unknown chart key
                valid.replace("\"event\": \"go\", ", ""),                          // no trigger
                valid.replace("\"event\": \"go\"", "\"event\": \"go\", \"always\": true"), // two triggers
                valid.replace("{\"transitions\"", "{\"kind\": \"compound\", \"transitions\""),
                valid.replace("{\"transitions\"", "{\"kind\": \"deepHistory\", \"transitions\""),
                valid.replace("\"target\": \"a\"", "\"target\": 3"),
                valid.replace("\"chart\": \"npc\", ", ""))) {
            assertThat(schema.validate(invalid, InputFormat.JSON)).as(invalid).isNotEmpty();
        }
    }
}
