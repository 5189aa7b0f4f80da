package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineState;
import dev.arbor.core.Variable;
import dev.arbor.inspector.capture.Capture;
import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.model.ChartView;
import dev.arbor.inspector.model.Model;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The inspector shows a machine's designer variables as the machine holds them: live, at every
 * step time travel reaches and in the recording replayed, through values set by actions (on
 * entry, on a transition, on update), by code between steps, by a restore and across hot reloads
 * that keep some values and reset others. The truth is the machine's own values at the end of
 * every step and after every change made between steps, heard by a listener of the test's. Run
 * with the compiled microsteps (the inspector alone) and with a listener that asks for every
 * state's callback, with a trace that reaches back to the attach and with one that has lost its
 * oldest steps.
 */
class VariablesTruthTest {

    /**
     * A shopkeeper. Version 1 keeps gold (0 to 999), whether the shop is open, a mood (calm,
     * grumpy), a bell (a trigger) and tips. Version 2 narrows gold to 0..30, makes {@code open} an
     * int, reorders the moods and adds angry, drops the bell, adds stock, and renames greeting to
     * welcome, whose entry counts the stock.
     */
    static Chart<Object> shop(int version) {
        if (version == 1) {
            return Chart.<Object>builder("shop")
                    .variable(Variable.integer("gold", 0, 999, 20))
                    .variable(Variable.bool("open", false))
                    .variable(Variable.choice("mood", List.of("calm", "grumpy"), "calm"))
                    .variable(Variable.trigger("bell"))
                    .variable(Variable.integer("tips", 0, 99, 0))
                    .initial("closed")
                    .state("closed", s -> s.on("dawn").action((m, o, e) -> {
                        m.variables().setBool("open", true);
                        m.variables().setInt("gold", m.variables().getInt("gold") + 5);
                    }).target("open"))
                    .state("open", s -> {
                        s.initial("greeting");
                        s.onExit((m, o) -> m.variables().setBool("open", false));
                        s.on("dusk").target("closed");
                        s.state("greeting", g -> g.on("offer").target("haggling"));
                        s.state("haggling", h -> {
                            h.onEntry((m, o) -> {
                                m.variables().set("mood", "grumpy");
                                m.variables().setInt("gold", m.variables().getInt("gold") - 3);
                            });
                            h.onUpdate((m, o) -> m.variables().setInt("gold", m.variables().getInt("gold") + 1));
                            h.on("deal").action((m, o, e) -> m.variables().setInt("gold", m.variables().getInt("gold") + 10))
                                    .target("greeting");
                        });
                    })
                    .build();
        }
        return Chart.<Object>builder("shop")
                .variable(Variable.integer("gold", 0, 30, 3))
                .variable(Variable.integer("open", 0, 9, 2))
                .variable(Variable.choice("mood", List.of("angry", "calm", "grumpy"), "calm"))
                .variable(Variable.integer("tips", 0, 99, 0))
                .variable(Variable.integer("stock", 0, 50, 7))
                .initial("closed")
                .state("closed", s -> s.on("dawn").target("open"))
                .state("open", s -> {
                    s.initial("welcome");
                    s.on("dusk").target("closed");
                    s.state("welcome", g -> {
                        g.onEntry((m, o) -> m.variables().setInt("stock", 9));
                        g.on("offer").target("haggling");
                    });
                    s.state("haggling", h -> {
                        h.onEntry((m, o) -> m.variables().set("mood", "angry"));
                        h.on("deal").target("welcome");
                    });
                })
                .build();
    }

    static Stream<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (boolean everyCallback : new boolean[] {false, true}) {
            for (int traceLength : new int[] {1000, 12}) {
                out.add(Arguments.of(everyCallback, traceLength));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "every callback: {0}, trace of {1}")
    @MethodSource("runs")
    void everyStepTimeTravelReachesShowsTheValuesTheMachineHadAfterIt(boolean everyCallback, int traceLength,
                                                                       @TempDir Path dir) throws Exception {
        Path recording = dir.resolve("run.jsonl");
        InspectorOptions options = InspectorOptions.defaults().quiet().withTraceLength(traceLength);
        Machine<Object> machine = shop(1).newMachine(new Object());
        Oracle oracle = new Oracle(everyCallback);
        machine.addListener(oracle);
        try (Inspector inspector = Inspector.start(options)) {
            inspector.record(recording);
            inspector.attach(machine, "shop");
            oracle.rested(machine); // what the attach describes
            machine.variables().setInt("tips", 4); // between steps, before the start
            machine.start();
            machine.fire("dawn"); // open, gold 25 (a transition's action)
            machine.variables().setInt("gold", 40); // between steps
            machine.fire("offer"); // haggling: grumpy, gold 37 (an entry action)
            MachineState haggling = machine.snapshot();
            inspector.gate();
            machine.update(); // gold 38 (an update action)
            machine.update(); // gold 39
            machine.fire("deal"); // greeting, gold 49
            machine.variables().set("mood", "calm");
            machine.variables().setBool("bell", true);
            machine.fire("offer"); // haggling: grumpy, gold 46
            machine.fire("dawn"); // closed's: unhandled in haggling, nothing changes
            inspector.flush();
            assertShowsTheMachine(inspector.model(), machine, oracle, traceLength, "before the restore");

            machine.restore(haggling, Cause.RESTORE); // no state changes: gold 37, bell false, by the restore's records
            inspector.flush();
            assertShowsTheMachine(inspector.model(), machine, oracle, traceLength, "after the restore");
            machine.fire("deal"); // gold 47

            inspector.gate();
            inspector.reloaded(machine, machine.moveTo(shop(2)));
            // gold 47 does not fit 0..30: 3; open is an int now: 2; grumpy kept by name; tips kept; stock 7,
            // then 9 by welcome's entry (greeting is gone); the bell is gone
            assertThat(machine.variables().describe()).isEqualTo("gold=3, open=2, mood=grumpy, tips=4, stock=9");
            inspector.flush();
            assertShowsTheMachine(inspector.model(), machine, oracle, traceLength, "after the move onto version 2");
            machine.fire("offer"); // angry
            machine.variables().setInt("gold", 30);

            inspector.reloaded(machine, machine.moveTo(shop(1)));
            // gold 30 kept; open a bool again: false; angry is not a mood of version 1: calm; the bell is back
            assertThat(machine.variables().describe()).isEqualTo("gold=30, open=false, mood=calm, bell=false, tips=4");
            machine.fire("deal"); // gold 40
            inspector.flush();
            assertShowsTheMachine(inspector.model(), machine, oracle, traceLength, "after the move back");
            inspector.stopRecording();

            Model live = inspector.model();
            try (Inspector replay = Inspector.replay(recording, options)) {
                assertShowsTheMachine(replay.model(), machine, oracle, traceLength, "in the recording replayed");
                synchronized (live) {
                    assertThat(shown(replay.model(), replay.model().machine(0).configurations()))
                            .as("time travel in the replay goes where it goes live")
                            .isEqualTo(shown(live, live.machine(0).configurations()));
                }
            }
        }
        assertThat(Files.readAllLines(recording))
                .anyMatch(l -> l.contains("\"type\":\"variable\"") && l.contains("\"between\":true"))
                .anyMatch(l -> l.contains("\"type\":\"value\"") && l.contains("\"cause\":\"reload\""))
                .anyMatch(l -> l.contains("\"type\":\"attach\"") && l.contains("\"variables\":[20,0,0,0,0]"))
                .anyMatch(l -> l.contains("\"type\":\"chart\"") && l.contains("{\"name\":\"stock\",\"type\":\"int\","
                        + "\"min\":0,\"max\":50,\"values\":[],\"initial\":7}"));
    }

    /**
     * A move's announcement alone maps the values as the machine's move does (by name, the same
     * type, in range, an enum by its name), so that the model holds the machine's values even
     * when the configuration written whole at the move's end is lost.
     */
    @Test
    void aMoveMapsTheValuesByNameAsTheMachineDoesBeforeItsSyncArrives() {
        record Case(String what, int from, java.util.function.Consumer<Machine<Object>> before) {}
        List<Case> cases = List.of(
                new Case("gold too large for version 2, open a bool there an int, the bell dropped", 1, m -> {
                    m.fire("dawn");
                    m.fire("offer");
                    m.variables().setInt("gold", 89);
                    m.variables().setBool("bell", true);
                }),
                new Case("gold that fits, grumpy kept by name at another index", 1, m -> {
                    m.fire("dawn");
                    m.fire("offer");
                    m.variables().setInt("gold", 12);
                    m.variables().setInt("tips", 9);
                }),
                new Case("back: angry is not a mood of version 1, the bell starts again", 2, m -> {
                    m.fire("dawn");
                    m.fire("offer");
                    m.variables().setInt("gold", 30);
                    m.variables().setInt("open", 7);
                }));
        for (Case c : cases) {
            Chart<Object> from = shop(c.from());
            Chart<Object> to = shop(3 - c.from());
            Machine<Object> machine = from.newMachine(new Object());
            machine.start();
            c.before().accept(machine); // in haggling, which both versions have: the move enters nothing
            Model model = new Model(64);
            model.addChart(Charts.describe(1, from));
            model.addChart(Charts.describe(2, to));
            dev.arbor.inspector.model.Rec attach = new dev.arbor.inspector.model.Rec();
            attach.kind = Kind.ATTACH;
            attach.attach = new dev.arbor.inspector.model.Rec.Attach("shop", 1, List.of(), Map.of(),
                    java.util.Arrays.stream(machine.snapshot().variables()).boxed().toList());
            model.apply(attach);
            machine.moveTo(to);
            dev.arbor.inspector.model.Rec move = new dev.arbor.inspector.model.Rec();
            move.kind = Kind.CHART;
            move.cause = "reload";
            move.chart = 2;
            model.apply(move);
            Model.MachineView m = model.machine(0);
            assertThat(named(m.chartView(), m.variableValues())).as(c.what()).isEqualTo(values(machine));
        }
    }

    /** The model's variables equal the machine's, live and at every step time travel reaches; its trace rows are the changes. */
    private static void assertShowsTheMachine(Model model, Machine<?> machine, Oracle oracle, int traceLength, String when) {
        synchronized (model) {
            Model.MachineView m = model.machine(0);
            assertThat(named(m.chartView(), m.variableValues())).as("the live values " + when).isEqualTo(values(machine));

            List<Map<String, String>> shown = shown(model, m.configurations());
            List<Map<String, String>> truth = oracle.rests;
            assertThat(shown.get(shown.size() - 1)).as("the last step is live " + when).isEqualTo(values(machine));
            assertThat(shown).as("every step time travel reaches, " + when + ", shows what the machine held after it")
                    .isEqualTo(truth.subList(truth.size() - shown.size(), truth.size()));
            if (m.trace().get(0).kind == Kind.ATTACH) {
                assertThat(shown).as("time travel reaches back to the attach " + when).hasSameSizeAs(truth);
            } else {
                assertThat(m.trace()).as("a trace of " + traceLength + " entries has lost its oldest " + when)
                        .hasSize(traceLength);
            }

            List<String> rows = new ArrayList<>();
            for (Model.Entry e : m.trace()) {
                if (e.kind == Kind.VARIABLE) {
                    ChartView.VariableView v = model.chart(e.chart).variables().get((int) e.a);
                    rows.add(v.name() + " = " + v.show((int) e.b) + " (" + e.cause + (e.between ? ", between steps" : "") + ")");
                    if (e.between) {
                        assertThat(m.trace()).filteredOn(x -> x.step == e.step).as("a change between steps is a step of its own")
                                .hasSize(1);
                    }
                }
            }
            assertThat(oracle.changes).as("the trace's variable rows, " + when).endsWith(rows.toArray(String[]::new));
        }
    }

    /** Each configuration's variables, by name. */
    private static List<Map<String, String>> shown(Model model, List<Model.Configuration> configurations) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Model.Configuration k : configurations) {
            out.add(named(model.chart(k.chart()), k.variables()));
        }
        return out;
    }

    private static Map<String, String> named(ChartView c, List<Integer> raw) {
        Map<String, String> out = new TreeMap<>();
        for (int v = 0; v < raw.size(); v++) {
            out.put(c.variables().get(v).name(), c.variables().get(v).show(raw.get(v)));
        }
        return out;
    }

    /** The machine's own values, by name. */
    static Map<String, String> values(Machine<?> m) {
        Map<String, String> out = new TreeMap<>();
        for (int v = 0; v < m.variables().count(); v++) {
            out.put(m.variables().definition(v).name(), m.variables().definition(v).show(m.variables().value(v)));
        }
        return out;
    }

    /**
     * What the machine itself says: its values at the end of every step and after every change
     * made between steps (where it rests), and every change as the trace should show it.
     */
    static final class Oracle implements MachineListener {
        final boolean everyCallback;
        final List<Map<String, String>> rests = new ArrayList<>();
        final List<String> changes = new ArrayList<>();

        Oracle(boolean everyCallback) {
            this.everyCallback = everyCallback;
        }

        @Override
        public boolean takesMicrosteps() {
            return !everyCallback;
        }

        @Override
        public void onVariable(Machine<?> m, int variable, int value, Cause cause) {
            boolean between = !m.isStepping();
            Variable v = m.chart().variables().get(variable);
            changes.add(v.name() + " = " + v.show(value) + " (" + cause.name().toLowerCase(java.util.Locale.ROOT)
                    + (between ? ", between steps" : "") + ")");
            if (between) {
                rested(m);
            }
        }

        @Override
        public void onStepEnd(Machine<?> m) {
            rested(m);
        }

        void rested(Machine<?> m) {
            rests.add(values(m));
        }
    }

    // ---------------------------------------------------------------- the game thread's side

    private static Chart<Object> counter() {
        return Chart.<Object>builder("counter")
                .variable(Variable.integer("n", -1_000_000, 1_000_000, 0))
                .variable(Variable.choice("phase", List.of("low", "high"), "low"))
                .initial("a")
                .state("a", s -> s.on("go").action((m, o, e) -> m.variables().setInt("n", m.variables().getInt("n") + 1))
                        .target("b"))
                .state("b", s -> s.on("go").action((m, o, e) -> m.variables().setInt("n", m.variables().getInt("n") + 1))
                        .target("a"))
                .build();
    }

    @Test
    void aChangeIsOneRecordOfTwoWordsAndOneBetweenStepsIsPublishedAtOnce() {
        Capture capture = new Capture(1024);
        Machine<Object> machine = counter().newMachine(new Object());
        capture.attach(machine, "counter", null);
        machine.start();
        capture.drain((head, tick, x, y, z, ref) -> { }, 1 << 16);

        machine.variables().setInt("n", -7); // between steps: no step end will publish it
        assertThat(capture.pending()).as("published at once: one record of two words").isEqualTo(2);
        machine.fire("go");
        List<String> raw = new ArrayList<>();
        capture.drain((head, tick, x, y, z, ref) -> {
            int kind = Kind.kind(head);
            if (kind == Kind.VARIABLE) {
                raw.add("variable " + Kind.a(head) + " = " + (int) x + ((x & Kind.BETWEEN_STEPS) != 0 ? " between steps" : "")
                        + ", " + (1 + Kind.extra(head)) + " words" + (ref == null ? "" : ", a reference"));
            } else if (kind == Kind.EVENT) {
                raw.add("event");
            }
        }, 1 << 16);
        assertThat(raw).containsExactly("variable 0 = -7 between steps, 2 words", "event", "variable 0 = -6, 2 words");
    }

    @Test
    void settingAVariableAllocatesNothingOnTheGameThread() {
        Capture capture = new Capture(1 << 18); // a round's records fit: the ring is drained between rounds, not during them
        Machine<Object> machine = counter().newMachine(new Object());
        capture.attach(machine, "counter", null);
        machine.start();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        int[] variables = {0};
        dev.arbor.inspector.capture.Ring.Reader reader = (head, tick, x, y, z, ref) -> {
            if (Kind.kind(head) == Kind.VARIABLE) {
                variables[0]++;
            }
        };
        long fewest = Long.MAX_VALUE;
        for (int round = 0; round < 8; round++) {
            long before = threads.getThreadAllocatedBytes(self);
            for (int i = 0; i < 10_000; i++) {
                machine.variables().setValue(0, (i & 1) == 0 ? 100 : -100); // between steps (a change each time): written and published
                machine.fire("go"); // a step that sets it from an action
            }
            fewest = Math.min(fewest, threads.getThreadAllocatedBytes(self) - before);
            capture.drain(reader, 1 << 18);
        }
        assertThat(capture.dropped()).isZero();
        assertThat(variables[0]).isEqualTo(8 * 20_000);
        // The fewest of several rounds: what allocates once in a while is the JVM's own (warming up,
        // compiling), what allocates on every change is ours.
        assertThat(fewest).as("bytes allocated by 10,000 changes between steps and 10,000 in steps").isZero();
    }

    @Test
    void afterALossTheWholeConfigurationCarriesTheVariablesAndTheModelAgrees() {
        Capture capture = new Capture(64);
        Model model = new Model(64);
        Collector collector = new Collector(capture, model);
        Machine<Object> machine = counter().newMachine(new Object());
        capture.attach(machine, "counter", null);
        machine.start();
        for (int i = 0; i < 100; i++) {
            machine.fire("go"); // nobody drains: the ring fills and records are dropped
        }
        machine.variables().set("phase", "high");
        assertThat(capture.dropped()).isGreaterThan(0);
        collector.drainAll();
        assertThat(model.machine(0).variableValues()).as("what reached the model before the loss")
                .isNotEqualTo(List.of(100, 1));
        machine.variables().setInt("n", 500); // between steps, a stable point: the machine is written whole
        collector.drainAll();
        Model.MachineView m = model.machine(0);
        assertThat(m.variableValues()).containsExactly(500, 1);
        assertThat(m.trace()).extracting(e -> Kind.NAMES[e.kind]).last().isEqualTo("sync");
        assertThat(m.configurations().get(m.configurations().size() - 1).variables()).containsExactly(500, 1);
        machine.fire("go");
        collector.drainAll();
        assertThat(m.variableValues()).containsExactly(501, 1);
    }
}
