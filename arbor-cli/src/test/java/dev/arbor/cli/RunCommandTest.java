package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
