package dev.arbor.analysis;

import dev.arbor.core.reference.GeneratedChart;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides a step as a path says: each guard, draw and behaviour the step meets takes the next
 * of the step's assumptions, which must be about that guard (or draw, or behaviour). Past the
 * last assumption of a step that made {@code limit} of them, a guard fails, a behaviour has not
 * finished and a draw is the lowest value, as the analysis's oracle decides beyond its limit;
 * past the last of a step that made fewer, the step asks what the analysis never assumed, and
 * that is a problem. A step that leaves assumptions unused is a problem too.
 */
final class Forced implements GeneratedChart.Decider {

    private final int limit;
    private List<Assumption> step = List.of();
    private int next;
    private boolean settlingAgain;
    private String at = "";
    /** What went wrong, each naming the step. */
    final List<String> problems = new ArrayList<>();

    /** A decider for paths of an analysis that allowed {@code limit} assumptions a step ({@code maxAssumptions}). */
    Forced(int limit) {
        this.limit = limit;
    }

    /** Before an input: the assumptions of its step, and how problems name it. */
    void begin(List<Assumption> assumptions, String where) {
        step = assumptions;
        next = 0;
        settlingAgain = false;
        at = where;
    }

    /**
     * The reference's tick runs to completion again, which Arbor skips on some paths: past the
     * step's assumptions its guards fail without a problem (if Arbor ran it, the assumptions it
     * made there are the next ones, and are met in order as any others).
     */
    @Override
    public void settlesAgain() {
        settlingAgain = true;
    }

    /** After the input: every assumption must have been met. */
    void end() {
        if (next < step.size()) {
            problems.add(at + ": only " + next + " of the step's " + step.size() + " assumptions were met: " + step);
        }
    }

    @Override
    public boolean guard(int transition) {
        Assumption a = take(Assumption.Kind.GUARD, transition);
        return a != null && a.holds();
    }

    /** The die (variable 1, whose range starts at 0): the value drawn is the assumption's. */
    @Override
    public int draw(int bound) {
        return drawn(1, 0);
    }

    /** The value a draw of variable {@code v} gives. */
    int drawn(int v, int min) {
        Assumption a = take(Assumption.Kind.DRAWN, v);
        return a == null ? min : a.value();
    }

    /** Whether a state's behaviours have finished. */
    boolean finished(int state) {
        Assumption a = take(Assumption.Kind.FINISHED, state);
        return a != null && a.holds();
    }

    private Assumption take(Assumption.Kind kind, int id) {
        if (next >= step.size()) {
            if (step.size() < limit && !settlingAgain) {
                problems.add(at + ": " + kind + " " + id + " is asked beyond the step's assumptions " + step);
            }
            return null;
        }
        Assumption a = step.get(next++);
        if (a.kind() != kind || a.id() != id) {
            problems.add(at + ": assumption " + next + " of the step is " + a.kind() + " " + a.id() + " (" + a
                    + "), but " + kind + " " + id + " is asked");
        }
        return a;
    }
}
