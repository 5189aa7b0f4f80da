package dev.arbor.cli;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * A designer's test of a chart: the steps of a {@code .scenario} file (see docs/cli.md), each
 * with the line it was written on, run by {@code arbor test} on a fresh machine of {@link #chart}.
 * {@code arbor run --script} runs the same {@link Fire} and {@link Tick} steps.
 *
 * @param file     the scenario file, as it was named on the command line (messages name it so)
 * @param chart    the chart file it tests: its {@code chart FILE} line resolved against the
 *                 scenario's directory, else the {@code .json} file of the same base name beside
 *                 it; null when there is none
 * @param steps    the steps in the order written that could be read, the {@code chart} line not counted
 * @param problems what is wrong with the file's text, in line order; a scenario with problems is not run
 */
record Scenario(Path file, Path chart, List<Step> steps, List<Problem> problems) {

    Scenario {
        steps = List.copyOf(steps);
        problems = List.copyOf(problems);
    }

    /**
     * A problem of a scenario.
     *
     * @param line    the line it is on; 0 for the file as a whole
     * @param message what is wrong, in words a designer reads
     */
    record Problem(int line, String message) {}

    /**
     * Problems of this scenario, each {@code FILE:LINE: message} ({@code FILE: message} for the file
     * as a whole), in line order.
     *
     * @param problems its problems, in any order
     * @return the lines to print
     */
    List<String> describe(List<Problem> problems) {
        return problems.stream().sorted(Comparator.comparingInt(Problem::line))
                .map(p -> file + (p.line() > 0 ? ":" + p.line() : "") + ": " + p.message()).toList();
    }

    /** One step of a scenario; {@link #line()} is where it was written (1-based; for a script, its position). */
    sealed interface Step permits Start, Fire, Tick, Set, ExpectState, ExpectVariable, ExpectLog, Assume {
        int line();
    }

    /**
     * {@code start}: starts the machine, so that the {@code assume} steps before it apply to the
     * start; only after nothing but {@code assume} steps. Without it the machine starts before the
     * first step.
     */
    record Start(int line) implements Step {}

    /**
     * {@code offer} or {@code event NAME}: fires the event by name ({@code Machine.fire}).
     *
     * @param anyName whether it was written {@code event NAME}, which may name an event no
     *                transition of the chart takes; a name alone must be one that some transition takes
     */
    record Fire(int line, String event, boolean anyName) implements Step {}

    /** {@code tick N}: runs {@code count} ticks ({@code Machine.update}). */
    record Tick(int line, int count) implements Step {}

    /** {@code set VAR VALUE}: sets a variable from its text (true/false, a number, an enum's name). */
    record Set(int line, String variable, String value) implements Step {}

    /**
     * {@code expect STATE} or {@code expect not STATE}: the state named by a path from below the
     * root ({@code open/haggling}) or by its name is active, or is not.
     */
    record ExpectState(int line, String state, boolean active) implements Step {}

    /** {@code expect VAR OP VALUE}: a comparison of a variable's value with a constant. */
    record ExpectVariable(int line, String variable, Comparison op, String value) implements Step {}

    /**
     * {@code expect log "TEXT"}: a log line containing the text was written after the line the
     * previous {@code expect log} matched (from the start for the first one).
     */
    record ExpectLog(int line, String text) implements Step {}

    /**
     * {@code assume …}: an outcome the next event, tick or start is to have, whatever the chart
     * would decide: a guard's, a Random draw's, or whether a state's behaviours have finished.
     * Each applies to that one input (to the first tick of a {@code tick N}); several for the same
     * guard apply in order, one each time the step tests it, the last one to any further test.
     */
    sealed interface Assume extends Step permits AssumeGuard, AssumeFinished, AssumeDraw {}

    /**
     * {@code assume guard "SOURCE TRIGGER -> TARGET" holds} (the transition as the chart describes
     * it, double quotes inside left out) or {@code assume guard STATE transition N fails} (the
     * state's {@code N}-th transition, from 0, in the order the file lists them).
     *
     * @param transition the transition's description, or null when it is named by its state and position
     * @param state      the state, or null when the transition is named by its description
     * @param position   the transition's position among its state's, from 0; -1 with a description
     * @param holds      whether the guard holds
     */
    record AssumeGuard(int line, String transition, String state, int position, boolean holds) implements Assume {}

    /** {@code assume STATE finished} or {@code assume STATE not finished}: what the state's behaviours report. */
    record AssumeFinished(int line, String state, boolean finished) implements Assume {}

    /** {@code assume VAR = VALUE}: a Random action that sets the variable draws this value. */
    record AssumeDraw(int line, String variable, String value) implements Assume {}

    /** The comparisons of {@link ExpectVariable}; bools and enums take only {@code ==} and {@code !=}. */
    enum Comparison {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        /** {@return the comparison written as {@code symbol}, or null} */
        static Comparison of(String symbol) {
            for (Comparison c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            return null;
        }

        /** Whether it orders (and so applies only to ints). */
        boolean orders() {
            return this != EQ && this != NE;
        }

        /** {@code actual OP expected}, on raw values. */
        boolean holds(int actual, int expected) {
            return switch (this) {
                case EQ -> actual == expected;
                case NE -> actual != expected;
                case LT -> actual < expected;
                case LE -> actual <= expected;
                case GT -> actual > expected;
                case GE -> actual >= expected;
            };
        }
    }
}
