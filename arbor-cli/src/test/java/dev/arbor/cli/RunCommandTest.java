package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbor run}: the trace, record by record. */
class RunCommandTest {

    @Test
    void eventsAreTracedStepByStepUntilTheMachineHalts() {
        Cli r = Cli.run("run", Cli.chart("door.json").toString(), "--events", "knock open lock close open kick open");
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                "enter closed",
                "log closed: the door is closed",
                "event knock",
                "internal closed knock",
                "log closed: who is there?",
                "event open",
                "exit closed",
                "transition closed open -> opened",
                "enter opened",
                "event lock",
                "unhandled lock",
                "event close",
                "exit opened",
                "transition opened close -> closed",
                "enter closed",
                "log closed: the door is closed",
                "event open",
                "exit closed",
                "transition closed open -> opened",
                "enter opened",
                "event kick",
                "exit opened",
                "transition opened kick -> broken",
                "enter broken",
                "final broken");
    }

    @Test
    void anEventTheChartDoesNotKnowIsUnhandledWhateverTheJvmUnlessTheFileRejectsIt(@TempDir Path dir) throws Exception {
        // this JVM runs with -ea, under which a chart that does not choose would reject "lock": the command does not
        Cli ignored = Cli.run("run", Cli.chart("door.json").toString(), "--events", "open lock");
        assertThat(ignored.err()).isEmpty();
        assertThat(ignored.outLines()).contains("event lock", "unhandled lock");

        Path rejecting = dir.resolve("door.json");
        Files.writeString(rejecting, Files.readString(Cli.chart("door.json"))
                .replace("\"chart\": \"door\",", "\"chart\": \"door\",\n  \"unknownEvents\": \"reject\","));
        Cli stopped = Cli.run("run", rejecting.toString(), "--events", "open lock close");
        assertThat(stopped.outLines()).contains("event lock").doesNotContain("unhandled lock", "event close");
        assertThat(stopped.err()).startsWith("arbor: the machine stopped: chart 'door' does not know the event \"lock\" "
                + "(a String)");
    }

    @Test
    void logLinesNameTheStateWhoseActionWroteThem() {
        // entry and exit actions write as their state, a transition's action as its source, a global one as
        // the root; where no machine is given (initialAction, onUnhandled) the line goes through the owner
        Cli r = Cli.run("run", Cli.chart("logs.json").toString(), "--events", "alarm reset knock");
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                "log waking up",
                "enter patrol",
                "log patrol: on patrol",
                "enter walk",
                "event alarm",
                "exit walk",
                "log walk: stop walking",
                "exit patrol",
                "transition patrol alarm -> \"guard post\"",
                "log patrol: alarm!\\nrun",
                "enter \"guard post\"",
                "log \"guard post\": at the post",
                "event reset",
                "exit \"guard post\"",
                "transition root reset -> patrol",
                "log root: resetting",
                "enter patrol",
                "log patrol: on patrol",
                "enter walk",
                "event knock",
                "unhandled knock",
                "log what was that?");
    }

    @Test
    void timersDeferralAndRecallAreTraced() {
        Cli r = Cli.run("run", Cli.chart("timers.json").toString(), "--events", "hit call", "--ticks", "2");
        assertThat(r.err()).isEmpty();
        assertThat(r.outLines()).containsExactly(
                "enter idle",
                "event hit",
                "exit idle",
                "transition idle hit -> stunned",
                "enter stunned",
                "event call",
                "deferred call",
                "tick 1",
                "tick 2",
                "exit stunned",
                "transition stunned after 2 ticks -> idle",
                "enter idle",
                "recalled call",
                "event call",
                "exit idle",
                "transition idle call -> idle",
                "enter idle");
    }

    @Test
    void aScriptTakesEventsAndTicksInTheOrderWrittenWithTicksNumberedFromTheFirst() {
        Cli r = Cli.run("run", Cli.chart("shop.json").toString(), "--script", "dawn; tick 3; offer; tick 4; dusk; tick 1");
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                "enter closed",
                "log closed: shutters down",
                "event dawn",
                "exit closed",
                "transition closed dawn -> open",
                "enter open",
                "log open: shutters up",
                "enter greeting",
                "log greeting: welcome!",
                "tick 1",
                "tick 2",
                "exit greeting",
                "transition greeting after 2 ticks -> idle",
                "enter idle",
                "tick 3",
                "event offer",
                "exit idle",
                "transition idle offer -> haggling",
                "enter haggling",
                "log haggling: let us talk",
                "tick 4",
                "tick 5",
                "tick 6",
                "exit haggling",
                "transition haggling after 3 ticks -> idle",
                "enter idle",
                "tick 7",
                "event dusk",
                "exit idle",
                "exit open",
                "transition open dusk -> closed",
                "enter closed",
                "log closed: shutters down",
                "tick 8");
    }

    @Test
    void aScriptStepMayBeAQuotedNameOrAKeywordFiredAsAnEventAndStopsWhenTheMachineHalts() {
        Cli r = Cli.run("run", Cli.chart("door.json").toString(), "--script", "event tick; \"open\"\n kick; tick 2; close");
        assertThat(r.err()).isEmpty();
        assertThat(r.outLines()).containsExactly(
                "enter closed",
                "log closed: the door is closed",
                "event tick",
                "unhandled tick",
                "event open",
                "exit closed",
                "transition closed open -> opened",
                "enter opened",
                "event kick",
                "exit opened",
                "transition opened kick -> broken",
                "enter broken",
                "final broken");
    }

    @Test
    void aScriptWithEventsOrTicksIsRefused() {
        String door = Cli.chart("door.json").toString();
        for (String[] other : new String[][] {{"--events", "open"}, {"--ticks", "0"}}) {
            Cli r = Cli.run("run", door, "--script", "open", other[0], other[1]);
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.out()).isEmpty();
            assertThat(r.errLines()).containsExactly("arbor: --script cannot be combined with --events or --ticks: "
                    + "write the events and ticks into the script, such as --script \"open; tick 3; close\"");
        }
    }

    @Test
    void everyProblemOfAScriptIsOneLineNamingTheStep() {
        Cli r = Cli.run("run", Cli.chart("door.json").toString(), "--script", "open;; tik 3; tick -2; expect opened; \"kick");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).containsExactly(
                "arbor: --script step 3: unknown step 'tik'; did you mean 'tick'?",
                "arbor: --script step 4: '-2' is not a number of ticks: tick N, N a whole number from 1 to 1000000",
                "arbor: --script step 5: a script has events and ticks; 'expect opened' is a step of a scenario file (arbor test)",
                "arbor: --script step 6: the text in double quotes opened at column 2 is not closed: a \" is missing");
    }

    @Test
    void anScxmlDocumentTakesAScriptOfEventsButNoTicks() {
        String lamp = Cli.chart("lamp.scxml").toString();
        assertThat(Cli.run("run", lamp, "--script", "flip; flip; flip").outLines())
                .isEqualTo(Cli.run("run", lamp, "--events", "flip flip flip").outLines());
        assertThat(Cli.run("run", lamp, "--script", "flip; tick 1").errLines())
                .containsExactly("arbor: tick does not apply to SCXML documents (they have no ticks)");
    }

    @Test
    void aChartThatNeverSettlesIsOneLineAndExitCodeOne() {
        String file = Cli.chart("livelock.json").toString();
        Cli r = Cli.run("run", file, "--events", "go");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString()
                .isEqualTo("arbor: " + file + ": never settles: a cycle through a, b took more than 50 steps");
    }

    @Test
    void ticksAreNumbered() {
        Cli r = Cli.run("run", Cli.chart("door.json").toString(), "--ticks", "2");
        assertThat(r.outLines()).containsExactly("enter closed", "log closed: the door is closed", "tick 1", "tick 2");
    }

    @Test
    void aFileWithProblemsIsNotRunAndEachProblemIsPrinted() {
        String file = Cli.chart("broken.json").toString();
        Cli r = Cli.run("run", file, "--events", "go");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains(file + ":").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aMissingFileIsOneClearLine() {
        Cli r = Cli.run("run", "no/such/chart.json");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("arbor: no/such/chart.json: no such file");
        assertThat(Cli.run("run", "no/such/chart.scxml").errLines()).containsExactly("arbor: no/such/chart.scxml: no such file");
    }

    @Test
    void negativeTicksAreRefused() {
        Cli r = Cli.run("run", Cli.chart("door.json").toString(), "--ticks", "-1");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("arbor: --ticks must be 0 or more, not -1");
    }

    @Test
    void anActionThatThrowsIsTracedAndUnderRethrowStopsTheRunWithOneLine() {
        Cli r = Cli.run("run", Cli.chart("failing.json").toString(), "--components", "failing", "--events", "poke poke");
        assertThat(r.outLines()).containsExactly(
                "enter calm",
                "event poke",
                "exit calm",
                "transition calm poke -> angry",
                "error calm IllegalStateException: ouch",
                "enter angry");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("arbor: the machine stopped: ouch");
    }

    @Test
    void underRaiseErrorEventTheRunGoesOnAndTheErrorIsAnEvent() {
        Cli r = Cli.run("run", Cli.chart("failing-raise.json").toString(), "--components", "failing", "--events", "poke poke");
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                "enter calm",
                "event poke",
                "exit calm",
                "transition calm poke -> angry",
                "error calm IllegalStateException: ouch",
                "enter angry",
                "event error.execution",
                "unhandled error.execution",
                "event poke",
                "exit angry",
                "transition angry poke -> calm",
                "enter calm");
    }

    @Test
    void namesThatAreNotPlainAreQuotedSoThatEveryRecordIsOneLine() {
        assertThat(TraceWriter.operand("open")).isEqualTo("open");
        assertThat(TraceWriter.operand("go home")).isEqualTo("\"go home\"");
        assertThat(TraceWriter.operand("a\nb")).isEqualTo("\"a\\nb\"");
        assertThat(TraceWriter.operand("say \"hi\"")).isEqualTo("\"say \\\"hi\\\"\"");
        assertThat(TraceWriter.operand("->")).isEqualTo("\"->\"");
        assertThat(TraceWriter.operand("")).isEqualTo("\"\"");
        assertThat(TraceWriter.operand("bell\u0007")).isEqualTo("\"bell\\u0007\"");
    }

    @Test
    void anScxmlDocumentRunsToCompletionOnItsVirtualClockWithItsLogs() {
        Cli r = Cli.run("run", Cli.chart("lamp.scxml").toString(), "--events", "flip flip flip");
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                "enter off",
                "event flip", "exit off", "transition off flip -> on", "enter on", "log flips: 1",
                "event flip", "exit on", "transition on flip -> off", "enter off",
                "event flip", "exit off", "transition off flip -> on", "enter on", "log flips: 2",
                "event timeout", "exit on", "transition on timeout -> worn", "enter worn",
                "exit worn", // a session that halts exits its configuration, as SCXML does
                "final worn");
    }

    @Test
    void anScxmlDocumentThatDoesNotHaltExitsOne() {
        Cli r = Cli.run("run", Cli.chart("lamp.scxml").toString(), "--events", "flip flip");
        assertThat(r.outLines()).endsWith("event timeout", "unhandled timeout");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("arbor: " + Cli.chart("lamp.scxml") + " did not halt: nothing more to do in off");
        assertThat(Cli.run("run", Cli.chart("lamp.scxml").toString(), "--ticks", "1").errLines())
                .containsExactly("arbor: --ticks does not apply to SCXML documents (they have no ticks)");
    }
}
