package dev.arbor.core;

import dev.arbor.core.speed.Specializer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.arbor.core.Seed003Test.Hsm;
import dev.arbor.core.Seed003Test.Sig;
import dev.arbor.core.Seed003Test.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Charts of handler states (seeds 002 and 003) on the engine's three tiers: specialized (each
 * handler called from a call site of its own, each requested transition a precomputed
 * microstep), the interpreter's flat path, and the general SCXML step. Every chart runs on all
 * three, and after start and after every event the traces (entries, exits, transitions, internal
 * steps, unhandled events, errors and the handlers' own records, in order) and the
 * configurations must be the same.
 */
class HandlerTiersTest {

    static final List<String> TIERS = Tiers.NAMES;

    @Test
    void seed003InHandlerStyleRunsItsScriptOnEveryTier() {
        List<Chart<Hsm>> tiers = Tiers.of(Seed003Test::handlers);
        for (int i = 0; i < tiers.size(); i++) {
            Hsm hsm = new Hsm();
            Machine<Hsm> m = tiers.get(i).newMachine(hsm);
            m.start();
            assertThat(hsm.take()).as(TIERS.get(i)).containsExactlyElementsOf(Seed003Test.START);
            for (Step step : Seed003Test.SCRIPT) {
                m.fire(step.event());
                assertThat(hsm.take()).as("%s, after %s", TIERS.get(i), step.event())
                        .containsExactlyElementsOf(step.qpTrace());
                assertThat(m.activeStates()).as("%s, configuration after %s", TIERS.get(i), step.event())
                        .containsExactlyElementsOf(step.config());
            }
            m.fire(Sig.Z);
            assertThat(hsm.take()).as(TIERS.get(i)).containsExactly("unhandled-Z");
        }
    }

    @Test
    void aHandlerThatBreaksItsContractIsReportedAndTheEventCountsAsHandled() {
        enum K { ROOT_CHILD, A, B }
        Supplier<Chart<Log>> chart = () -> Chart.<Log>handlers("contract")
                .initial(K.A)
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .state(K.ROOT_CHILD, Chart.ROOT, (log, e, to) -> {
                    log.add("outer saw " + e);
                    return Reply.HANDLED;
                })
                .state(K.A, Chart.ROOT, (log, e, to) -> switch (String.valueOf(e)) {
                    case "null" -> null;
                    case "bare" -> Reply.TRANSITION;
                    case "unknown" -> to.state("nowhere");
                    case "go" -> to.state(K.B);
                    default -> Reply.UNHANDLED;
                })
                .state(K.B, Chart.ROOT, (log, e, to) -> Reply.UNHANDLED)
                .build();
        for (Chart<Log> c : Tiers.of(chart)) {
            Log log = new Log();
            Machine<Log> m = log.started(c);
            log.take();
            m.fire("null");
            assertThat(log.take()).containsExactly("error in A: handler of state 'A' returned null", "internal A",
                    "unhandled error.execution(A: java.lang.IllegalStateException: handler of state 'A' returned null)");
            m.fire("bare");
            String bare = "handler of state 'A' returned TRANSITION without calling to.state(...)";
            assertThat(log.take()).containsExactly("error in A: " + bare, "internal A",
                    "unhandled error.execution(A: java.lang.IllegalStateException: " + bare + ")");
            m.fire("unknown");
            String unknown = "chart 'contract' has no state 'nowhere'. The chart's states: ROOT_CHILD, A, B";
            assertThat(log.take()).containsExactly("error in A: " + unknown, "internal A",
                    "unhandled error.execution(A: java.lang.IllegalArgumentException: " + unknown + ")");
            m.fire("go");
            assertThat(log.take()).containsExactly("exit A", "transition A handler", "enter B");
            assertThat(m.activeStates()).containsExactly(K.B);
        }
    }

    // ================================================================ random charts

    static final int CHARTS = Integer.getInteger("arbor.handlers.charts", 120);
    static final int SEQUENCES = 6;
    static final int EVENTS = 25;
    static final Object[] EVENTS_OFFERED = {Ev.E0, Ev.E1, Ev.E2, Ev.E3, "named", 42};

    enum Ev { E0, E1, E2, E3 }

    @Test
    void randomHandlerChartsRunAlikeOnEveryTier() {
        for (int i = 0; i < CHARTS; i++) {
            long seed = 0xA4B0_4A4DL + i * 0x9E37_79B9_7F4A_7C15L;
            runSequencesAlike(seed, new RandomHandlerChart(new SplittableRandom(seed)));
        }
    }

    @Test
    void aMachineMovedOntoANewVersionOfItsChartResolvesTheStatesItsHandlersAskForInTheNewChart() {
        StateHandler<Log> a = (log, e, to) -> "go".equals(e) ? to.state("B") : Reply.HANDLED;
        StateHandler<Log> idle = (log, e, to) -> Reply.UNHANDLED;
        Supplier<Chart<Log>> v1 = () -> Chart.<Log>handlers("moved").initial("A")
                .state("A", Chart.ROOT, a).state("B", Chart.ROOT, idle).build();
        // A state added first: every other state's id moves up by one.
        Supplier<Chart<Log>> v2 = () -> Chart.<Log>handlers("moved").initial("A")
                .state("X", Chart.ROOT, idle).state("A", Chart.ROOT, a).state("B", Chart.ROOT, idle).build();
        List<Chart<Log>> before = Tiers.of(v1);
        List<Chart<Log>> after = Tiers.of(v2);
        for (int i = 0; i < before.size(); i++) {
            Log log = new Log();
            Machine<Log> m = log.started(before.get(i));
            m.fire("stay"); // A's handler has been handed the machine's request
            m.moveTo(after.get(i));
            log.take();
            m.fire("go");
            assertThat(log.take()).as(TIERS.get(i)).containsExactly("exit A", "transition A handler", "enter B");
            assertThat(m.activeStates()).as(TIERS.get(i)).containsExactly("B");
        }
    }

    @Test
    void aChartWithMoreHandlerTransitionsThanAreCompiledRunsAlikeOnEveryTier() {
        long seed = 0x5EED_1A46EL;
        RandomHandlerChart def = new RandomHandlerChart(new SplittableRandom(seed), 160);
        assertThat(def.handlerMoves()).as("(leaf, handler state, target) triples").isGreaterThan(Specializer.MAX_HANDLER_MOVES);
        runSequencesAlike(seed, def);
    }

    /** The chart on every tier, and {@link #SEQUENCES} random sequences of events, each from a new machine. */
    private static void runSequencesAlike(long seed, RandomHandlerChart def) {
        List<Chart<Log>> tiers = Tiers.of(def::build);
        SplittableRandom events = new SplittableRandom(seed ^ 0x5EED);
        for (int sq = 0; sq < SEQUENCES; sq++) {
            List<Object> sequence = new ArrayList<>();
            for (int k = 0; k < EVENTS; k++) {
                sequence.add(EVENTS_OFFERED[events.nextInt(EVENTS_OFFERED.length)]);
            }
            runAlike(seed, def, tiers, sequence);
        }
    }

    private static void runAlike(long seed, RandomHandlerChart def, List<Chart<Log>> tiers, List<Object> sequence) {
        List<Log> logs = new ArrayList<>();
        List<Machine<Log>> machines = new ArrayList<>();
        for (Chart<Log> c : tiers) {
            Log log = new Log();
            logs.add(log);
            machines.add(log.started(c));
        }
        compare(seed, def, "start", logs, machines);
        for (int k = 0; k < sequence.size(); k++) {
            for (int i = 0; i < machines.size(); i++) {
                try {
                    machines.get(i).fire(sequence.get(k));
                } catch (RuntimeException e) {
                    logs.get(i).add("threw " + e.getClass().getSimpleName());
                }
            }
            compare(seed, def, "event " + k + " (" + sequence.subList(0, k + 1) + ")", logs, machines);
        }
    }

    private static void compare(long seed, RandomHandlerChart def, String when, List<Log> logs, List<Machine<Log>> machines) {
        List<String> reference = logs.get(2).take();
        List<Object> configuration = machines.get(2).activeStates();
        for (int i = 0; i < 2; i++) {
            List<String> trace = logs.get(i).take();
            if (!trace.equals(reference) || !machines.get(i).activeStates().equals(configuration)) {
                fail("chart seed %d, %s: the %s tier differs from the general step%n%s%n%s: %s in %s%ngeneral: %s in %s",
                        seed, when, TIERS.get(i), def, TIERS.get(i), trace, machines.get(i).activeStates(), reference,
                        configuration);
            }
        }
    }

    /**
     * A random chart of handler states: a tree of up to 12 states (some with history children,
     * some final), each handler a table from event to what it does — pass the event on, consume
     * it, ask for any state (itself, an ancestor, a descendant, a history state, an unknown key),
     * throw, or break the contract — with a record of its own first.
     */
    static final class RandomHandlerChart {
        private final List<String> names = new ArrayList<>();
        private final List<String> parents = new ArrayList<>();
        private final List<String> kinds = new ArrayList<>(); // "state", "final", "shallow", "deep"
        /** Per state, per offered event: what its handler does. */
        private final List<String[]> rules = new ArrayList<>();
        private final boolean global;

        RandomHandlerChart(SplittableRandom r) {
            this(r, 2 + r.nextInt(11));
        }

        RandomHandlerChart(SplittableRandom r, int states) {
            for (int i = 0; i < states; i++) {
                String parent = i == 0 || r.nextInt(4) == 0 ? null : pickPlain(r);
                add("s" + i, parent, "state");
            }
            for (String name : List.copyOf(names)) {
                if (hasChildren(name) && r.nextInt(3) == 0) {
                    add(name + ".h", name, r.nextBoolean() ? "shallow" : "deep");
                }
                if (hasChildren(name) && r.nextInt(5) == 0) {
                    add(name + ".end", name, "final");
                }
            }
            List<String> targets = new ArrayList<>(names);
            targets.add("nowhere");
            for (int i = 0; i < names.size(); i++) {
                String[] rule = new String[EVENTS_OFFERED.length + 1]; // the last: any other event (completions, errors)
                for (int e = 0; e < rule.length; e++) {
                    int what = r.nextInt(10);
                    rule[e] = what < 4 ? "pass" : what < 6 ? "consume" : what < 9 ? "go " + targets.get(r.nextInt(targets.size()))
                            : r.nextBoolean() ? "throw" : "bare";
                }
                rules.add(rule);
            }
            global = r.nextInt(3) == 0;
        }

        /** How many (leaf, handler state active with it, target) triples a handler may ask for: at least. */
        long handlerMoves() {
            long pairs = 0;
            for (int i = 0; i < names.size(); i++) {
                if (kinds.get(i).equals("final") || kinds.get(i).equals("state") && !hasChildren(names.get(i))) {
                    for (String st = names.get(i); st != null; st = parents.get(names.indexOf(st))) {
                        pairs += kinds.get(names.indexOf(st)).equals("state") ? 1 : 0;
                    }
                }
            }
            return pairs * names.size();
        }

        private void add(String name, String parent, String kind) {
            names.add(name);
            parents.add(parent);
            kinds.add(kind);
        }

        private String pickPlain(SplittableRandom r) {
            while (true) {
                int i = r.nextInt(names.size());
                if (kinds.get(i).equals("state")) {
                    return names.get(i);
                }
            }
        }

        private boolean hasChildren(String name) {
            for (int i = 0; i < names.size(); i++) {
                if (name.equals(parents.get(i)) && kinds.get(i).equals("state")) {
                    return true;
                }
            }
            return false;
        }

        Chart<Log> build() {
            HandlerChartBuilder<Log> b = Chart.<Log>handlers("random").initial("s0")
                    .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT).maxMicrosteps(50);
            if (global) {
                b.global((log, e, to) -> {
                    log.add("global saw " + e);
                    return e instanceof Ev ? Reply.HANDLED : Reply.UNHANDLED;
                });
            }
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                Object parent = parents.get(i) == null ? Chart.ROOT : parents.get(i);
                switch (kinds.get(i)) {
                    case "final" -> b.finalState(name, parent);
                    case "shallow" -> b.history(name, parent, HistoryType.SHALLOW);
                    case "deep" -> b.history(name, parent, HistoryType.DEEP);
                    default -> b.state(name, parent, handler(name, rules.get(i)));
                }
            }
            for (String name : names) {
                for (int i = 0; i < names.size(); i++) {
                    if (name.equals(parents.get(i)) && kinds.get(i).equals("state")) {
                        b.initial(name, names.get(i)); // the first plain child
                        break;
                    }
                }
            }
            return b.build();
        }

        private static StateHandler<Log> handler(String name, String[] rule) {
            return new StateHandler<>() {
                @Override
                public void onEntry(Log log) {
                    log.add(name + " entry action");
                }

                @Override
                public void onExit(Log log) {
                    log.add(name + " exit action");
                }

                @Override
                public void onInitial(Log log) {
                    log.add(name + " initial action");
                }

                @Override
                public Reply onEvent(Log log, Object event, Transitions to) {
                    int e = List.of(EVENTS_OFFERED).indexOf(event);
                    String what = rule[e < 0 ? rule.length - 1 : e];
                    log.add(name + " " + what + " " + event);
                    return switch (what) {
                        case "pass" -> Reply.UNHANDLED;
                        case "consume" -> Reply.HANDLED;
                        case "throw" -> throw new IllegalStateException(name + " failed");
                        case "bare" -> Reply.TRANSITION;
                        default -> to.state(what.substring(3));
                    };
                }
            };
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder(global ? "global handler; " : "");
            for (int i = 0; i < names.size(); i++) {
                s.append(names.get(i)).append(" (").append(kinds.get(i)).append(" in ").append(parents.get(i)).append(")");
                if (kinds.get(i).equals("state")) {
                    s.append(' ').append(List.of(rules.get(i)));
                }
                s.append("; ");
            }
            return s.toString();
        }
    }

    /** The owner and listener: one ordered log of the machine's steps and the handlers' records. */
    static final class Log implements MachineListener {
        private final List<String> records = new ArrayList<>();

        Machine<Log> started(Chart<Log> chart) {
            Machine<Log> m = chart.newMachine(this);
            m.addListener(this);
            try {
                m.start();
            } catch (RuntimeException e) {
                add("threw " + e.getClass().getSimpleName());
            }
            return m;
        }

        void add(String record) {
            records.add(record);
        }

        List<String> take() {
            List<String> out = List.copyOf(records);
            records.clear();
            return out;
        }

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            add("enter " + m.chart().stateName(state));
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            add("exit " + m.chart().stateName(state));
        }

        @Override
        public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
            add("transition " + m.chart().describeTransition(transition));
        }

        @Override
        public void onInternal(Machine<?> m, int state, Object event, Cause cause) {
            add("internal " + m.chart().stateName(state));
        }

        @Override
        public void onUnhandled(Machine<?> m, Object event, Cause cause) {
            add("unhandled " + event);
        }

        @Override
        public void onError(Machine<?> m, int state, Throwable error, Cause cause) {
            add("error in " + m.chart().stateName(state) + ": " + error.getMessage());
        }
    }
}
