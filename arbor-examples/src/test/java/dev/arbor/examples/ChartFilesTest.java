package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.demo.Stage;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentLibrary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The game demos' charts written as designers' files ({@code charts/*.json}, with the components
 * of the demos' {@link ComponentLibrary}s) are the Java-built charts: the same structure, as
 * everything {@link Chart}'s public introspection tells, and the same trace over each demo's own
 * scenario (same seed, ticks and events), where the trace is everything the machines report to a
 * listener interleaved with everything the owners say.
 *
 * <p>States are compared by name: the Java charts key them by enum constants, a file by names. An
 * event trigger in a file is a name, which a transition's description prints quoted
 * ({@code SLEEP "STEW_READY" -> EAT}); the Java chart's is the enum constant, printed bare
 * ({@code SLEEP STEW_READY -> EAT}). The demos' event enums are {@code NamedEvent}s, so both
 * charts react to the same events; descriptions are compared with the quotes removed.
 */
class ChartFilesTest {

    /** A demo's chart both ways. */
    record Pair(String file, Chart<?> inJava, Chart<?> fromFile) {
        @Override
        public String toString() {
            return file;
        }
    }

    static Stream<Pair> pairs() {
        return Stream.of(
                new Pair("miner.json", WestWorld.minerChart(), WestWorld.minerChartFromFile()),
                new Pair("wife.json", WestWorld.elsaChart(), WestWorld.elsaChartFromFile()),
                new Pair("robot.json", RobotDemo.chart(), RobotDemo.chartFromFile()),
                new Pair("guard.json", GuardDemo.chart(), GuardDemo.chartFromFile()));
    }

    // ------------------------------------------------------------------ structure

    /** Everything a chart's public introspection tells about it, one line per state and transition. */
    static List<String> structure(Chart<?> c) {
        List<String> out = new ArrayList<>();
        out.add(c.name() + ": " + c.stateCount() + " states, " + c.transitionCount() + " transitions");
        for (int s = 0; s < c.stateCount(); s++) {
            out.add("state " + s + " " + c.stateName(s) + " path=" + c.statePath(s) + " parent=" + c.parent(s)
                    + " depth=" + c.depth(s) + " kind=" + c.kind(s) + " children=" + Arrays.toString(c.children(s)));
        }
        for (int t = 0; t < c.transitionCount(); t++) {
            out.add("transition " + t + " " + describe(c, t) + " source=" + c.transitionSource(t)
                    + " targets=" + Arrays.toString(c.transitionTargets(t)) + " level=" + c.transitionLevel(t));
        }
        return out;
    }

    /** A transition's description with event names unquoted (see the class comment). */
    static String describe(Chart<?> c, int transition) {
        return c.describeTransition(transition).replace("\"", "");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairs")
    void eachFileCompilesToTheJavaChartsStructure(Pair pair) {
        assertThat(structure(pair.fromFile())).containsExactlyElementsOf(structure(pair.inJava()));
    }

    @Test
    void eventTriggersDifferOnlyInHowTheirNamesPrint() {
        Chart<?> java = WestWorld.minerChart();
        Chart<?> file = WestWorld.minerChartFromFile();
        List<String> javaLabels = new ArrayList<>();
        List<String> fileLabels = new ArrayList<>();
        for (int t = 0; t < java.transitionCount(); t++) {
            javaLabels.add(java.describeTransition(t));
            fileLabels.add(file.describeTransition(t));
        }
        // The second is the transition every chart has for goTo, revert, push and pop.
        assertThat(javaLabels).containsExactly("SLEEP STEW_READY -> EAT", "(programmatic move)");
        assertThat(fileLabels).containsExactly("SLEEP \"STEW_READY\" -> EAT", "(programmatic move)");
    }

    // ------------------------------------------------------------------ traces

    /** Prints what a machine does into the demo's transcript, between the lines its owner says. */
    static final class Recorder implements MachineListener {
        private final PrintStream out;

        Recorder(PrintStream out) {
            this.out = out;
        }

        private void print(Machine<?> m, String record) {
            out.println("    " + m.chart().name() + ": " + record);
        }

        @Override
        public void onEvent(Machine<?> m, Object event, Cause cause) {
            print(m, "event " + event + " (" + cause + ")");
        }

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            print(m, "enter " + m.chart().stateName(state) + " (" + cause + ")");
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            print(m, "exit " + m.chart().stateName(state) + " (" + cause + ")");
        }

        @Override
        public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
            print(m, "transition " + describe(m.chart(), transition) + " on " + event + " (" + cause + ")");
        }

        @Override
        public void onInternal(Machine<?> m, int state, Object event, Cause cause) {
            print(m, "internal " + m.chart().stateName(state) + " on " + event + " (" + cause + ")");
        }

        @Override
        public void onUnhandled(Machine<?> m, Object event, Cause cause) {
            print(m, "unhandled " + event + " (" + cause + ")");
        }

        @Override
        public void onError(Machine<?> m, int state, Throwable error, Cause cause) {
            print(m, "error in " + m.chart().stateName(state) + ": " + error + " (" + cause + ")");
        }
    }

    /** A demo's transcript, with a {@link Recorder} on its machines. */
    static List<String> transcript(Consumer<PrintStream> demo) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            demo.accept(out);
        }
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void westWorldFromFilesGivesTheSameTranscript() {
        List<String> java = transcript(out -> WestWorld.run(WestWorld.minerChart(), WestWorld.elsaChart(),
                new Recorder(out), out, WestWorld.DEFAULT_SEED, 30, Stage.NONE));
        List<String> files = transcript(out -> WestWorld.run(WestWorld.minerChartFromFile(),
                WestWorld.elsaChartFromFile(), new Recorder(out), out, WestWorld.DEFAULT_SEED, 30, Stage.NONE));
        assertThat(files).containsExactlyElementsOf(java);
        // The scenario reaches the telegrams, the blips and every state, so the comparison means something.
        assertThat(java).contains(
                "    miner-bob: transition SLEEP STEW_READY -> EAT on STEW_READY (NORMAL)",
                "    elsa: transition root HI_HONEY_IM_HOME -> COOK on HI_HONEY_IM_HOME (NORMAL)",
                "    elsa: transition COOK STEW_READY -> HOUSEWORK on STEW_READY (NORMAL)",
                "    miner-bob: enter DRINK (NORMAL)", "    miner-bob: enter BANK (NORMAL)",
                "Miner Bob: Tastes real good too!", "Elsa: Ahhhhhh! Sweet relief!");
    }

    @Test
    void robotFromFileGivesTheSameTranscript() {
        List<String> java = transcript(out -> RobotDemo.run(RobotDemo.chart(), new Recorder(out), out,
                RobotDemo.DEFAULT_SEED, 80, Stage.NONE));
        List<String> file = transcript(out -> RobotDemo.run(RobotDemo.chartFromFile(), new Recorder(out), out,
                RobotDemo.DEFAULT_SEED, 80, Stage.NONE));
        assertThat(file).containsExactlyElementsOf(java);
        assertThat(java).contains(
                "    cleaning-robot: transition GET_POWER done(GET_POWER) -> CLEANING_HISTORY on done.state.GET_POWER (NORMAL)",
                "  robot recharged, resuming", "  robot floor clean; shutting down");
    }

    @Test
    void guardFromFileGivesTheSameTranscript() {
        List<String> java = transcript(out -> GuardDemo.run(GuardDemo.chart(), new Recorder(out), out,
                9, 10, GuardDemo.DEFAULT_SHIFT_ENDS, Stage.NONE));
        List<String> file = transcript(out -> GuardDemo.run(GuardDemo.chartFromFile(), new Recorder(out), out,
                9, 10, GuardDemo.DEFAULT_SHIFT_ENDS, Stage.NONE));
        assertThat(file).containsExactlyElementsOf(java);
        assertThat(java).contains(
                "    guard: transition PATROL INTRUDER_SPOTTED -> FIGHT on INTRUDER_SPOTTED (NORMAL)",
                "  guard fight over (health 4)", "  guard buys bread");
    }

    // ------------------------------------------------------------------ the files and the libraries

    static Schema schema() throws IOException {
        try (InputStream in = ChartLoader.class.getResourceAsStream("chart.schema.json")) {
            assertThat(in).as("arbor-io ships its schema beside ChartLoader").isNotNull();
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8), InputFormat.JSON);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"miner.json", "wife.json", "robot.json", "guard.json"})
    void eachFileIsValidAgainstTheShippedSchema(String file) throws IOException {
        List<Error> errors = schema().validate(ChartFiles.text(file), InputFormat.JSON);
        assertThat(errors).extracting(Error::toString).isEmpty();
    }

    static TreeMap<String, ComponentLibrary<?>> librariesByName() {
        TreeMap<String, ComponentLibrary<?>> byName = new TreeMap<>();
        for (ComponentLibrary<?> library : ServiceLoader.load(ComponentLibrary.class)) {
            byName.put(library.name(), library);
        }
        return byName;
    }

    @Test
    void theLibrariesAreFoundAsServicesByName() {
        assertThat(librariesByName()).containsOnlyKeys("guard", "miner", "robot", "wife");
    }

    static Stream<Arguments> whatOwnersSayFirst() {
        return Stream.of(
                // Bob starts asleep and rested: his first tick wakes him.
                Arguments.of("miner", "Miner Bob: All mah fatigue has drained away. Time to find more gold!"),
                // Elsa's first tick with the demo's seed: nature does not call, and she mops.
                Arguments.of("wife", "Elsa: Moppin' the floor"),
                Arguments.of("robot", "  robot runs its self-test"),
                Arguments.of("guard", "  guard heads for the gate (0)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("whatOwnersSayFirst")
    void aToolRunsEachFileWithItsLibrarysOwnerAndHearsItsLines(String name, String firstLine) {
        List<String> log = new ArrayList<>();
        Machine<?> m = start(librariesByName().get(name), name + ".json", log::add);
        m.update();
        assertThat(log).first().isEqualTo(firstLine);
    }

    private static <C> Machine<C> start(ComponentLibrary<C> library, String file, Consumer<String> log) {
        Chart<C> chart = ChartLoader.of(library.components()).load(file, ChartFiles.text(file));
        Machine<C> m = chart.newMachine(library.newOwner(log));
        m.start();
        return m;
    }
}
