package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.StateKind;
import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.model.ChartView;
import dev.arbor.inspector.model.Model;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The inspector never shows a state the machine is not in: a machine moved onto charts whose
 * states were inserted, deleted and renamed before, around and inside its active states (flat,
 * nested with history, parallel regions), and after every save the inspector's configuration,
 * history, list row, trace and every step time travel reaches equal the machine's own, live and in
 * the recording replayed. Run with the compiled microsteps (the inspector alone) and with a
 * listener that asks for every state's callback.
 */
class ReloadTruthTest {

    /** A chart file's text, with single quotes for double. */
    private static String json(String text) {
        return text.replace('\'', '"');
    }

    static final String FLAT = json("""
            {'chart': 'flat', 'initial': 'a', 'states': {
              'a': {'transitions': [{'event': 'next', 'target': 'b'}]},
              'b': {'transitions': [{'event': 'next', 'target': 'c'}]},
              'c': {'transitions': [{'event': 'next', 'target': 'a'}]}}}""");
    static final String FLAT_INSERTED = json("""
            {'chart': 'flat', 'initial': 'a', 'states': {
              'x': {'transitions': [{'event': 'next', 'target': 'y'}]}, 'y': {'transitions': [{'event': 'next', 'target': 'a'}]},
              'a': {'transitions': [{'event': 'next', 'target': 'b'}, {'event': 'jump', 'target': 'x'}]},
              'b2': {'transitions': [{'event': 'next', 'target': 'c'}]},
              'b': {'transitions': [{'event': 'next', 'target': 'c'}, {'event': 'jump', 'target': 'b2'}]},
              'c': {'transitions': [{'event': 'next', 'target': 'a'}]}}}""");
    static final String FLAT_DELETED = json("""
            {'chart': 'flat', 'initial': 'c', 'states': {
              'c': {'transitions': [{'event': 'next', 'target': 'a'}]},
              'a': {'transitions': [{'event': 'next', 'target': 'c'}]}}}""");
    static final String FLAT_RENAMED = json("""
            {'chart': 'flat', 'initial': 'a', 'states': {
              'a': {'transitions': [{'event': 'next', 'target': 'bee'}]},
              'bee': {'transitions': [{'event': 'next', 'target': 'c'}]},
              'c': {'transitions': [{'event': 'next', 'target': 'a'}]}}}""");

    static final String NESTED = json("""
            {'chart': 'home', 'initial': 'home', 'states': {
              'home': {'initial': 'idle', 'transitions': [{'event': 'leave', 'target': 'away'}], 'states': {
                'idle': {'transitions': [{'event': 'work', 'target': 'busy'}]},
                'busy': {'transitions': [{'event': 'rest', 'target': 'idle'}]},
                'was': {'kind': 'shallowHistory'}}},
              'away': {'transitions': [{'event': 'back', 'target': 'was'}]}}}""");
    /** The reproduction: two top-level states before home, one child before idle. */
    static final String NESTED_INSERTED = json("""
            {'chart': 'home', 'initial': 'home', 'states': {
              'aaa': {'transitions': [{'event': 'leave', 'target': 'abc'}]}, 'abc': {'transitions': [{'event': 'back', 'target': 'home'}]},
              'home': {'initial': 'idle', 'transitions': [{'event': 'leave', 'target': 'away'}], 'states': {
                'first': {'transitions': [{'event': 'work', 'target': 'busy'}]},
                'idle': {'transitions': [{'event': 'work', 'target': 'busy'}, {'event': 'jump', 'target': 'first'}]},
                'busy': {'transitions': [{'event': 'rest', 'target': 'idle'}]},
                'was': {'kind': 'shallowHistory'}}},
              'away': {'transitions': [{'event': 'back', 'target': 'was'}, {'event': 'jump', 'target': 'aaa'}]}}}""");
    /** A new parent around the active states: their paths change, so the machine leaves them. */
    static final String NESTED_WRAPPED = json("""
            {'chart': 'home', 'initial': 'house', 'states': {
              'house': {'initial': 'home', 'states': {
                'home': {'initial': 'idle', 'transitions': [{'event': 'leave', 'target': 'away'}], 'states': {
                  'idle': {'transitions': [{'event': 'work', 'target': 'busy'}]},
                  'busy': {'transitions': [{'event': 'rest', 'target': 'idle'}]},
                  'was': {'kind': 'shallowHistory'}}}}},
              'away': {'transitions': [{'event': 'back', 'target': 'was'}]}}}""");
    static final String NESTED_DELETED = json("""
            {'chart': 'home', 'initial': 'home', 'states': {
              'home': {'initial': 'idle', 'transitions': [{'event': 'leave', 'target': 'away'}], 'states': {
                'idle': {},
                'was': {'kind': 'shallowHistory'}}},
              'away': {'transitions': [{'event': 'back', 'target': 'was'}]}}}""");
    static final String NESTED_RENAMED = json("""
            {'chart': 'home', 'initial': 'home', 'states': {
              'home': {'initial': 'lazy', 'transitions': [{'event': 'leave', 'target': 'away'}], 'states': {
                'lazy': {'transitions': [{'event': 'work', 'target': 'busy'}]},
                'busy': {'transitions': [{'event': 'rest', 'target': 'lazy'}]},
                'was': {'kind': 'shallowHistory'}}},
              'away': {'transitions': [{'event': 'back', 'target': 'was'}]}}}""");

    static final String PARALLEL = json("""
            {'chart': 'par', 'initial': 'p', 'states': {
              'p': {'kind': 'parallel', 'transitions': [{'event': 'out', 'target': 'q'}], 'states': {
                'r1': {'initial': 'a1', 'states': {
                  'a1': {'transitions': [{'event': 'one', 'target': 'b1'}]},
                  'b1': {'transitions': [{'event': 'one', 'target': 'a1'}]}}},
                'r2': {'initial': 'a2', 'states': {
                  'a2': {'transitions': [{'event': 'two', 'target': 'b2'}]},
                  'b2': {'transitions': [{'event': 'two', 'target': 'a2'}]},
                  'h2': {'kind': 'deepHistory'}}}}},
              'q': {'transitions': [{'event': 'back', 'target': 'h2'}]}}}""");
    static final String PARALLEL_INSERTED = json("""
            {'chart': 'par', 'initial': 'p', 'states': {
              'o': {'transitions': [{'event': 'back', 'target': 'p'}]},
              'p': {'kind': 'parallel', 'transitions': [{'event': 'out', 'target': 'q'}], 'states': {
                'r0': {'initial': 'a0', 'states': {'a0': {'transitions': [{'event': 'jump', 'target': 'o'}]}}},
                'r1': {'initial': 'a1', 'states': {
                  'a1': {'transitions': [{'event': 'one', 'target': 'b1'}]},
                  'b1': {'transitions': [{'event': 'one', 'target': 'a1'}]}}},
                'r2': {'initial': 'a2', 'states': {
                  'z2': {'transitions': [{'event': 'two', 'target': 'a2'}]},
                  'a2': {'transitions': [{'event': 'two', 'target': 'b2'}, {'event': 'zed', 'target': 'z2'}]},
                  'b2': {'transitions': [{'event': 'two', 'target': 'a2'}]},
                  'h2': {'kind': 'deepHistory'}}}}},
              'q': {'transitions': [{'event': 'back', 'target': 'h2'}]}}}""");
    static final String PARALLEL_DELETED = json("""
            {'chart': 'par', 'initial': 'p', 'states': {
              'p': {'kind': 'parallel', 'transitions': [{'event': 'out', 'target': 'q'}], 'states': {
                'r1': {'initial': 'a1', 'states': {
                  'a1': {'transitions': [{'event': 'one', 'target': 'a1'}]}}},
                'r2': {'initial': 'a2', 'states': {
                  'a2': {'transitions': [{'event': 'two', 'target': 'b2'}]},
                  'b2': {'transitions': [{'event': 'two', 'target': 'a2'}]},
                  'h2': {'kind': 'deepHistory'}}}}},
              'q': {'transitions': [{'event': 'back', 'target': 'h2'}]}}}""");
    static final String PARALLEL_RENAMED = json("""
            {'chart': 'par', 'initial': 'p', 'states': {
              'p': {'kind': 'parallel', 'transitions': [{'event': 'out', 'target': 'q'}], 'states': {
                'r1': {'initial': 'a1', 'states': {
                  'a1': {'transitions': [{'event': 'one', 'target': 'b1'}]},
                  'b1': {'transitions': [{'event': 'one', 'target': 'a1'}]}}},
                'right': {'initial': 'a2', 'states': {
                  'a2': {'transitions': [{'event': 'two', 'target': 'b2'}]},
                  'b2': {'transitions': [{'event': 'two', 'target': 'a2'}]},
                  'h2': {'kind': 'deepHistory'}}}}},
              'q': {'transitions': [{'event': 'back', 'target': 'h2'}]}}}""");

    /**
     * One scenario: a chart, the events that bring the machine to rest somewhere, then saves, each
     * followed by events on the new chart.
     */
    record Scenario(String name, String chart, List<String> before, List<Save> saves) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Save(String chart, List<String> after) {}

    static Stream<Arguments> scenarios() {
        List<Scenario> all = List.of(
                new Scenario("flat: insert before and beside the active state, then delete it, rename it", FLAT,
                        List.of("next"), List.of(
                        new Save(FLAT_INSERTED, List.of("jump", "next", "next", "next", "jump")),
                        new Save(FLAT, List.of("next")),
                        new Save(FLAT_RENAMED, List.of("next", "next")),
                        new Save(FLAT_DELETED, List.of("next")))),
                new Scenario("nested: insert before and inside the active states, wrap them, delete, rename", NESTED,
                        List.of("work", "leave", "back"), List.of(
                        new Save(NESTED_INSERTED, List.of("rest", "jump", "work", "leave", "jump", "leave", "back")),
                        new Save(NESTED, List.of("back", "work")),
                        new Save(NESTED_WRAPPED, List.of("work", "leave")),
                        new Save(NESTED, List.of("back", "work")),
                        new Save(NESTED_DELETED, List.of("leave", "back")),
                        new Save(NESTED_RENAMED, List.of("work", "leave", "back")))),
                new Scenario("parallel: insert a region and states, delete an active one, rename a region", PARALLEL,
                        List.of("one", "two"), List.of(
                        new Save(PARALLEL_INSERTED, List.of("one", "two", "out", "back", "two", "zed")),
                        new Save(PARALLEL, List.of("one")),
                        new Save(PARALLEL_DELETED, List.of("two", "one")),
                        new Save(PARALLEL, List.of("one", "two", "out", "back")),
                        new Save(PARALLEL_RENAMED, List.of("two", "one")))));
        List<Arguments> out = new ArrayList<>();
        for (Scenario s : all) {
            out.add(Arguments.of(s, false));
            out.add(Arguments.of(s, true));
        }
        return out.stream();
    }

    private static final ChartLoader<Object> LOADER = ChartLoader.of(ComponentRegistry.create());

    static Chart<Object> load(String json) {
        return LOADER.load("chart.json", json);
    }

    @ParameterizedTest(name = "{0}, every callback: {1}")
    @MethodSource("scenarios")
    void afterEverySaveTheInspectorShowsWhatTheMachineHolds(Scenario scenario, boolean everyCallback, @TempDir Path dir)
            throws Exception {
        Path recording = dir.resolve("run.jsonl");
        try (Inspector inspector = Inspector.start(InspectorOptions.defaults().quiet())) {
            Machine<Object> machine = load(scenario.chart()).newMachine(new Object());
            Oracle oracle = new Oracle(everyCallback);
            machine.addListener(oracle);
            inspector.record(recording);
            inspector.attach(machine, "npc");
            inspector.gate();
            machine.start();
            oracle.stepEnded(machine);
            for (String e : scenario.before()) {
                machine.fire(e);
            }
            inspector.flush();
            assertShowsTheMachine(inspector.model(), machine, oracle, "before any save");
            int n = 0;
            for (Save save : scenario.saves()) {
                n++;
                inspector.gate();
                inspector.reloaded(machine, machine.moveTo(load(save.chart())));
                inspector.flush();
                assertShowsTheMachine(inspector.model(), machine, oracle, "after save " + n);
                for (String e : save.after()) {
                    inspector.gate();
                    machine.update();
                    machine.fire(e);
                }
                inspector.flush();
                assertShowsTheMachine(inspector.model(), machine, oracle, "after the events of save " + n);
            }
            inspector.stopRecording();
            Model live = inspector.model();
            try (Inspector replay = Inspector.replay(recording, InspectorOptions.defaults().quiet())) {
                assertShowsTheMachine(replay.model(), machine, oracle, "in the recording replayed");
                synchronized (live) {
                    assertThat(paths(replay.model(), replay.model().machine(0).configurations()))
                            .isEqualTo(paths(live, live.machine(0).configurations()));
                }
            }
        }
    }

    /** The model's view of the machine equals the machine: configuration, history, list row, trace and every past step. */
    private static void assertShowsTheMachine(Model model, Machine<Object> machine, Oracle oracle, String when) {
        synchronized (model) {
            Model.MachineView m = model.machine(0);
            ChartView c = m.chartView();
            assertThat(c.name()).as(when).isEqualTo(machine.chart().name());
            assertThat(named(c, m.activeIds())).as("active states " + when).isEqualTo(activePaths(machine));
            assertThat(history(c, m.history)).as("history " + when).isEqualTo(oracle.history(machine));
            assertThat(m.leafPath()).as("the list's row " + when).isEqualTo(leafPath(machine));
            List<Model.Configuration> past = m.configurations();
            List<Shown> shown = paths(model, past);
            assertThat(shown).as("time travel reaches steps " + when).isNotEmpty();
            assertThat(shown.get(shown.size() - 1).active()).as("the last step is live " + when)
                    .isEqualTo(activePaths(machine));
            List<Shown> truth = oracle.steps;
            assertThat(truth).as("every step time travel shows, " + when + ", in order, is one the machine rested in")
                    .containsSubsequence(dedup(shown));
            if (m.trace().get(0).kind == Kind.ATTACH) {
                assertThat(dedup(shown)).as("time travel reaches back to the attach " + when).first()
                        .isEqualTo(truth.get(0).active().isEmpty() ? truth.get(1) : truth.get(0));
            }
            if (oracle.everyCallback) {
                List<String> trace = new ArrayList<>();
                for (Model.Entry e : m.trace()) {
                    ChartView at = model.chart(e.chart);
                    switch (e.kind) {
                        case Kind.EXIT -> trace.add("exit " + at.states().get((int) e.a).path());
                        case Kind.ENTER -> trace.add("enter " + at.states().get((int) e.a).path());
                        default -> { }
                    }
                }
                assertThat(trace).as("the trace's entries and exits, each read with its own chart, " + when)
                        .isNotEmpty();
                assertThat(oracle.trace).as("the trace's entries and exits, each read with its own chart, " + when)
                        .endsWith(trace.toArray(String[]::new));
            }
        }
    }

    record Shown(List<String> active, Map<String, List<String>> history) {}

    private static List<Shown> paths(Model model, List<Model.Configuration> configurations) {
        List<Shown> out = new ArrayList<>();
        for (Model.Configuration k : configurations) {
            ChartView c = model.chart(k.chart());
            out.add(new Shown(named(c, k.active()), history(c, k.history())));
        }
        return out;
    }

    private static List<Shown> dedup(List<Shown> all) {
        List<Shown> out = new ArrayList<>();
        for (Shown s : all) {
            if (out.isEmpty() || !out.get(out.size() - 1).equals(s)) {
                out.add(s);
            }
        }
        return out;
    }

    private static List<String> named(ChartView c, List<Integer> ids) {
        List<String> out = new ArrayList<>();
        for (int s : ids) {
            if (s > 0) {
                out.add(c.states().get(s).path());
            }
        }
        return out;
    }

    private static Map<String, List<String>> history(ChartView c, Map<Integer, List<Integer>> h) {
        Map<String, List<String>> out = new TreeMap<>();
        h.forEach((k, rec) -> {
            if (!rec.isEmpty()) {
                out.put(c.states().get(k).path(), named(c, rec.stream().sorted().toList()));
            }
        });
        return out;
    }

    private static List<String> activePaths(Machine<?> machine) {
        List<String> out = new ArrayList<>();
        for (Object key : machine.activeStates()) {
            out.add(machine.chart().statePath(machine.chart().stateId(key)));
        }
        return out;
    }

    private static String leafPath(Machine<?> machine) {
        List<String> out = new ArrayList<>();
        for (Object key : machine.activeLeaves()) {
            out.add(machine.chart().statePath(machine.chart().stateId(key)));
        }
        return String.join(" | ", out);
    }

    /**
     * What the machine itself says, independently of the inspector: its configuration and
     * history at the end of every step (named by path), and its entries and exits in order.
     */
    static final class Oracle implements MachineListener {
        final boolean everyCallback;
        final List<Shown> steps = new ArrayList<>();
        final List<String> trace = new ArrayList<>();

        Oracle(boolean everyCallback) {
            this.everyCallback = everyCallback;
        }

        @Override
        public boolean takesMicrosteps() {
            return !everyCallback;
        }

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            trace.add("enter " + m.chart().statePath(state));
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            trace.add("exit " + m.chart().statePath(state));
        }

        @Override
        public void onStepEnd(Machine<?> m) {
            stepEnded(m);
        }

        void stepEnded(Machine<?> m) {
            Shown now = new Shown(activePaths(m), history(m));
            if (steps.isEmpty() || !steps.get(steps.size() - 1).equals(now)) {
                steps.add(now);
            }
        }

        Map<String, List<String>> history(Machine<?> m) {
            Chart<?> c = m.chart();
            Map<String, List<String>> out = new TreeMap<>();
            for (int h = 0; h < c.stateCount(); h++) {
                if (c.kind(h) != StateKind.SHALLOW_HISTORY && c.kind(h) != StateKind.DEEP_HISTORY) {
                    continue;
                }
                List<Integer> rec = new ArrayList<>();
                for (int j = 0; j < m.recordedCount(h); j++) {
                    rec.add(m.recorded(h, j));
                }
                if (!rec.isEmpty()) {
                    List<String> names = new ArrayList<>();
                    rec.stream().sorted().forEach(s -> names.add(c.statePath(s)));
                    out.put(c.statePath(h), names);
                }
            }
            return out;
        }
    }
}
