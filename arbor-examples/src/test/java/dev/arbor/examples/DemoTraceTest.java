package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Every demo is deterministic and prints exactly its stored transcript: the lines its agents say
 * and the state path after each change. A change in semantics shows up here as a diff of behaviour
 * a person can read. To accept an intended change, regenerate with
 * {@code ./arbor demo NAME > arbor-examples/src/test/resources/dev/arbor/examples/traces/NAME.txt}.
 */
class DemoTraceTest {

    static String run(Consumer<PrintStream> demo) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            demo.accept(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static String stored(String name) throws IOException {
        try (InputStream in = DemoTraceTest.class.getResourceAsStream("traces/" + name + ".txt")) {
            assertThat(in).as("stored trace of %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"qhsm", "west-world", "robot", "guard", "netplay"})
    void demoPrintsItsStoredTranscript(String name) throws IOException {
        String actual = run(out -> Main.run(new String[] {"demo", name}, out, out));
        assertThat(actual.lines()).containsExactlyElementsOf(stored(name).lines().toList());
    }

    @Test
    void westWorldIsTheSameForTheSameSeedAndDiffersForAnother() {
        String a = run(out -> WestWorld.run(out, 42, 40));
        String b = run(out -> WestWorld.run(out, 42, 40));
        String c = run(out -> WestWorld.run(out, 43, 40));
        assertThat(a).isEqualTo(b).isNotEqualTo(c);
    }

    @Test
    void westWorldShowsTheTelegramsBlipsAndDelayedStew() throws IOException {
        String t = stored("west-world");
        // Bob's telegram reaches Elsa in the tick he gets home; the stew is ready two ticks later.
        assertThat(t).contains("Miner Bob: Walkin' home\n", "Elsa: Hi honey. Let me make you some of mah fine country stew\n",
                "Elsa: StewReady! Lets eat\n", "Miner Bob: Okay Hun, ahm a comin'!\n");
        // Eating is a blip: afterwards Bob is back in the state he was in (asleep).
        assertThat(t).contains("Miner Bob: Tastes real good too!\n"
                + "Miner Bob: Thankya li'l lady. Ah better get back to whatever ah wuz doin'\n"
                + "  [Bob is in SLEEP]\n");
        // Elsa's bathroom visits are blips from her global state.
        assertThat(t).contains("Elsa: Ahhhhhh! Sweet relief!\nElsa: Leavin' the john\n  [Elsa is in HOUSEWORK]\n");
    }

    @Test
    void robotResumesThroughHistoryWithoutRepeatingItsSelfTest() throws IOException {
        String t = stored("robot");
        assertThat(t.split("runs its self-test", -1)).hasSize(2); // once only
        assertThat(t).contains("robot recharged, resuming\n  [robot is in CLEANING/CLEAN]\n");
        assertThat(t).endsWith("robot floor clean; shutting down\n" + t.substring(t.lastIndexOf("-- tick")));
    }

    @Test
    void guardResumesItsPatrolStepAfterTheFight() throws IOException {
        String t = stored("guard");
        assertThat(t).contains("  ! an intruder appears at 9\n  guard engages the intruder\n  [guard is in ON_DUTY/FIGHT]\n");
        assertThat(t).contains("  [guard is in ON_DUTY/EVADE]\n");
        int evade = t.indexOf("[guard is in ON_DUTY/EVADE]");
        assertThat(t.indexOf("[guard is in ON_DUTY/PATROL/TO_TOWER]", evade))
                .isLessThan(t.indexOf("[guard is in ON_DUTY/PATROL/WATCH_TOWER]", evade));
    }

    @Test
    void unknownDemosAndCommandsAreRefusedWithTheChoices() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(Main.run(new String[] {"demo", "nope"}, System.out, e)).isEqualTo(2);
        assertThat(Main.run(new String[] {"fly"}, System.out, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("no demo named 'nope'; demos: guard, netplay, qhsm, robot, west-world")
                .contains("unknown command 'fly'");
    }
}
