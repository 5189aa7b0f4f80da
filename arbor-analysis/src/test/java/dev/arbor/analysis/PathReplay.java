package dev.arbor.analysis;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.LivelockException;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineListener;
import dev.arbor.core.Substitution;
import dev.arbor.core.Variable;
import dev.arbor.core.reference.GeneratedChart;
import dev.arbor.io.BuiltIn;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Replays a path an analysis made, from the start, with its assumptions forced ({@link Forced}),
 * and lists where a run differs from what the path claims after each step: the same active states,
 * the same states entered (the root aside) and, on the reference, the same transitions taken.
 * Each step's outcome (settled, livelock, failed) is kept for the caller to compare.
 *
 * <p>A step that failed ran whole (the RETHROW policy throws the step's first error at its end), so
 * it is compared as any other, and a path may go on after it. A step that livelocked was stopped
 * midway: it can only be a path's last (the witness of a livelock, or a path to what it entered),
 * and only its outcome counts.
 *
 * <p>Two runs: {@link #onReference} runs the reference interpreter of a {@link GeneratedChart},
 * which shares nothing with Arbor's engine; {@link OnArbor} runs a fresh Arbor machine of
 * {@code chart.substituted(...)} in which what the analysis does not model is forced as the path
 * says (guards that are not built-in, draws, behaviours) or left out (actions written in Java,
 * telegrams), as the analysis's twin does: it starts from {@code start()}, not from the restored
 * snapshots the analysis explored from, so it checks that those stand for the runs they claim to.
 */
final class PathReplay {

    /** What one run gives a step. */
    enum Outcome { SETTLED, LIVELOCK, FAILED }

    /** A replay on the reference, which walks on from the path's end under other decisions. */
    static final class OnReference {
        final GeneratedChart.Run run;
        final Forced forced;
        final List<String> problems;
        /** The outcome of each step replayed, the start first. */
        final List<Outcome> outcomes = new ArrayList<>();
        /** The outcome of the last step replayed. */
        Outcome last;
        /** Decides the inputs after the path. */
        private GeneratedChart.Decider then;
        private boolean replaying = true;

        private OnReference(GeneratedChart g, int limit) {
            this.forced = new Forced(limit);
            this.problems = forced.problems;
            this.run = g.reference(new GeneratedChart.Decider() {
                @Override
                public boolean guard(int transition) {
                    return replaying ? forced.guard(transition) : then.guard(transition);
                }

                @Override
                public int draw(int bound) {
                    return replaying ? forced.draw(bound) : then.draw(bound);
                }

                @Override
                public void settlesAgain() {
                    if (replaying) {
                        forced.settlesAgain();
                    }
                }
            });
        }

        /**
         * One input after the path, decided by {@code decider}.
         *
         * @return its outcome
         */
        Outcome input(Input in, GeneratedChart.Decider decider) {
            replaying = false;
            then = decider;
            return outcome(in.isTick() ? run.update() : run.fire(in.event().toString()));
        }
    }

    private PathReplay() {}

    /** Replays {@code path} on the reference of {@code g}; the run is left at the path's end. */
    static OnReference onReference(GeneratedChart g, InputPath path, int limit) {
        OnReference r = new OnReference(g, limit);
        List<Step> steps = all(path);
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String at = where(i, step);
            r.forced.begin(step.assumptions(), at);
            Input in = step.input();
            Outcome o = outcome(in == null ? r.run.start() : in.isTick() ? r.run.update() : r.run.fire(in.event().toString()));
            r.forced.end();
            r.outcomes.add(o);
            r.last = o;
            if (o == Outcome.LIVELOCK) {
                if (i < steps.size() - 1) {
                    r.problems.add(at + ": " + o + " on the reference, yet the path goes on");
                }
                break;
            }
            same(r.problems, at, "active states", step.active(), r.run.active());
            same(r.problems, at, "states entered", withoutRoot(step.entered()), r.run.entered());
            same(r.problems, at, "transitions taken", step.transitions(), r.run.taken());
            if (!r.problems.isEmpty()) {
                r.problems.add("reference records of " + at + ": " + r.run.trace());
                break;
            }
        }
        return r;
    }

    /**
     * Replays paths on fresh machines of one chart, substituted as the analysis's twin is (compiled
     * once: the substitution asks the replay's current {@link Forced}).
     */
    static final class OnArbor {
        private final Chart<Object> chart;
        private final Chart<Object> twin;
        private final int limit;
        private Forced forced;

        @SuppressWarnings("unchecked")
        OnArbor(Chart<?> original, int limit) {
            this.chart = (Chart<Object>) original;
            this.limit = limit;
            this.twin = chart.substituted(new Substitution<>() {
                @Override
                public MachineGuard<Object, Object> guard(int t, Object g) {
                    return BuiltIn.isExact(g) ? null : (m, o, e) -> forced.guard(t);
                }

                @Override
                public MachineAction<Object, Object> action(Site site, int id, Object a) {
                    Optional<String> drawn = BuiltIn.drawnVariable(a);
                    if (drawn.isPresent()) {
                        int v = chart.variableId(drawn.get());
                        Variable var = chart.variables().get(v);
                        return (m, o, e) -> m.variables().setValue(v, forced.drawn(v, var.min()));
                    }
                    return BuiltIn.isExact(a) ? null : (m, o, e) -> { };
                }

                @Override
                public Behavior<Object> behavior(int state, Behavior<Object> b) {
                    return new Behavior<>() {
                        @Override
                        public boolean isFinished(Object owner, Activity<Object> activity) {
                            return forced.finished(state);
                        }
                    };
                }
            });
        }

        /** The outcome of each step the last {@link #replay} ran, the start first. */
        final List<Outcome> outcomes = new ArrayList<>();

        /** Replays {@code path} on a fresh machine; the problems. */
        List<String> replay(InputPath path) {
            forced = new Forced(limit);
            outcomes.clear();
            List<String> entered = new ArrayList<>();
            Machine<Object> m = twin.newMachine(null);
            m.addListener(new MachineListener() {
                @Override
                public void onEntry(Machine<?> machine, int state, Cause cause) {
                    if (state != 0) {
                        entered.add(chart.stateName(state));
                    }
                }
            });
            List<Step> steps = all(path);
            for (int i = 0; i < steps.size(); i++) {
                Step step = steps.get(i);
                String at = where(i, step);
                forced.begin(step.assumptions(), at);
                entered.clear();
                Input in = step.input();
                Outcome o;
                try {
                    if (in == null) {
                        m.start();
                    } else if (in.isTick()) {
                        m.update();
                    } else {
                        m.fire(in.event());
                    }
                    o = Outcome.SETTLED;
                } catch (LivelockException e) {
                    o = Outcome.LIVELOCK;
                } catch (RuntimeException e) {
                    o = Outcome.FAILED;
                }
                forced.end();
                outcomes.add(o);
                if (o == Outcome.LIVELOCK) {
                    if (i < steps.size() - 1) {
                        forced.problems.add(at + ": " + o + " on Arbor, yet the path goes on");
                    }
                    break;
                }
                List<String> active = new ArrayList<>();
                for (int s : m.snapshot().active()) {
                    if (s != 0) {
                        active.add(chart.stateName(s));
                    }
                }
                same(forced.problems, at, "active states (Arbor)", step.active(), active);
                same(forced.problems, at, "states entered (Arbor)", withoutRoot(step.entered()), entered);
                if (!forced.problems.isEmpty()) {
                    break;
                }
            }
            return forced.problems;
        }
    }

    /** How a run's outcome is named here. */
    static Outcome outcome(GeneratedChart.Outcome o) {
        return Outcome.valueOf(o.name());
    }

    static List<Step> all(InputPath path) {
        List<Step> steps = new ArrayList<>();
        steps.add(path.start());
        steps.addAll(path.steps());
        return steps;
    }

    private static String where(int i, Step step) {
        return i == 0 ? "the start" : "step " + i + " (" + step.input() + ")";
    }

    private static List<String> withoutRoot(List<String> names) {
        return names.stream().filter(n -> !n.equals("root")).toList();
    }

    private static <T> void same(List<String> problems, String at, String what, List<T> claimed, List<T> ran) {
        if (!claimed.equals(ran)) {
            problems.add(at + ": " + what + " " + ran + ", the path claims " + claimed);
        }
    }
}
