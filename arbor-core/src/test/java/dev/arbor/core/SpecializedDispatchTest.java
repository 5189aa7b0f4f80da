package dev.arbor.core;

import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.semantics.TierSwitch;
import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Seed003Test.Hsm;
import dev.arbor.core.Seed003Test.Sig;
import dev.arbor.core.Seed003Test.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The specialized dispatch ({@link Specializer}: the chart's dispatch compiled into method
 * handles) against the interpreter it stands in for. The whole suite also runs with every chart
 * specialized at its first event (the {@code specialized} Surefire execution); these tests pin
 * what that run cannot: that specializing happened, the cut into chunks, and the hand-over to the
 * interpreter for what was not specialized.
 */
class SpecializedDispatchTest {

    enum Ev { DOWN, UP, SIDE, RESET, DEEP, PING }

    @Test
    void seed003IsSpecializedAndRunsTheScriptStepByStep() {
        Chart<Hsm> chart = Seed003Test.declarative();
        assertThat(TierSwitch.specializeNow(chart)).as("specialized dispatch").isNotNull();
        Hsm hsm = new Hsm();
        Machine<Hsm> m = chart.newMachine(hsm);
        m.start();
        assertThat(hsm.take()).containsExactlyElementsOf(Seed003Test.START);
        for (Step step : Seed003Test.SCRIPT) {
            m.fire(step.event());
            assertThat(hsm.take()).as("after %s", step.event())
                    .containsExactlyElementsOf(Seed003Test.declarativeOrder(step.qpTrace()));
            assertThat(m.activeStates()).as("configuration after %s", step.event())
                    .containsExactlyElementsOf(step.config());
        }
        m.fire(Sig.Z);
        assertThat(hsm.take()).containsExactly("unhandled-Z");
    }

    /**
     * A chain of composites eight deep, each with leaves, guarded and unguarded transitions up,
     * down and across, history, and an internal transition: more cases than one chunk holds.
     */
    static Chart<Trace> deep() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("deep");
        b.allowUnreachable().initial("c1");
        level(b, 1);
        return b.build();
    }

    private static void level(StateBuilder<Trace> s, int depth) {
        String c = "c" + depth;
        s.state(c, cs -> {
            cs.onEntry(note("enter " + c)).onExit(note("exit " + c));
            cs.initial(c + ".a");
            cs.history(c + ".h", HistoryType.DEEP);
            for (String leaf : List.of("a", "b", "c")) {
                String name = c + "." + leaf;
                cs.state(name, l -> {
                    l.onEntry(note("enter " + name)).onExit(note("exit " + name));
                    l.on(Ev.SIDE).guard((t, e) -> !leaf.equals("c")).action(say(name + " side"))
                            .target(c + "." + (leaf.equals("a") ? "b" : "c"));
                    l.on(Ev.PING).action(say(name + " ping"));
                });
            }
            cs.on(Ev.UP).action(say(c + " up")).target(depth > 1 ? "c" + (depth - 1) + ".b" : c + ".c");
            cs.on(Ev.RESET).guard((t, e) -> depth % 2 == 0).action(say(c + " reset")).target("c1");
            cs.on(Ev.DEEP).action(say(c + " deep")).target(depth < 8 ? "c" + (depth + 1) + ".h" : c + ".a");
            if (depth < 8) {
                cs.on(Ev.DOWN).action(say(c + " down")).target("c" + (depth + 1));
                level(cs, depth + 1);
            }
        });
    }

    @Test
    void aDeepChartWithHistoryBehavesAsInterpreted() {
        Chart<Trace> specialized = deep();
        SpecializedDispatch code = TierSwitch.specializeNow(specialized);
        assertThat(code).isNotNull();
        Chart<Trace> interpreted = deep();
        TierSwitch.neverSpecialize(interpreted);
        assertSameRuns(specialized, interpreted, Ev.values(), 3_000);
    }

    /**
     * A ring of {@code n} composites of two leaves each, every event taken somewhere: its cases
     * grow with {@code n}, from one chunk to many.
     */
    private static Chart<Trace> ring(int n) {
        ChartBuilder<Trace> b = Chart.<Trace>builder("ring of " + n);
        b.initial("r0");
        for (int i = 0; i < n; i++) {
            String r = "r" + i;
            String next = "r" + (i + 1) % n;
            b.state(r, rs -> {
                rs.onEntry(note("enter " + r)).onExit(note("exit " + r));
                rs.initial(r + ".x");
                rs.state(r + ".x", x -> {
                    x.onEntry(note("enter " + r + ".x")).onExit(note("exit " + r + ".x"));
                    x.on(Ev.SIDE).action(say(r + ".x side")).target(r + ".y");
                });
                rs.state(r + ".y", y -> {
                    y.onEntry(note("enter " + r + ".y")).onExit(note("exit " + r + ".y"));
                    y.on(Ev.SIDE).action(say(r + ".y side")).target(r + ".x");
                    y.on(Ev.DOWN).action(say(r + ".y down")).target(next + ".y");
                });
                rs.on(Ev.UP).action(say(r + " up")).target(next);
                rs.on(Ev.RESET).guard((t, e) -> t.flag(r)).action(say(r + " reset")).target("r0");
                rs.on(Ev.PING).action((t, e) -> t.set(r, !t.flag(r)).log(r + " ping"));
            });
        }
        return b.build();
    }

    /**
     * A table of one chunk calls it, a table of two finds a key's chunk by a comparison, a larger
     * one by lookup: charts of each size behave as interpreted. A ring of n has {@code 3n + 1}
     * states and six event sets, so {@code 6 (3n + 1)} keys, {@link ChunkClassFile#MAX_KEYS} to a
     * chunk. Only the ring of one, of at most 64 states, has routes ({@link SpecializedDispatch#route}).
     */
    @Test
    void everyWayOfFindingAKeysChunkTakesTheSameSteps() {
        Map<Integer, Integer> chunksByRing = new TreeMap<>();
        Map<Integer, Boolean> routedByRing = new TreeMap<>();
        for (int n : new int[] {1, 28, 29, 56, 57}) {
            Chart<Trace> specialized = ring(n);
            SpecializedDispatch code = TierSwitch.specializeNow(specialized);
            assertThat(code).as("ring of %d specialized", n).isNotNull();
            chunksByRing.put(n, code.chunkCount());
            routedByRing.put(n, code.routed());
            Chart<Trace> interpreted = ring(n);
            TierSwitch.neverSpecialize(interpreted);
            assertSameRuns(specialized, interpreted, Ev.values(), 3_000);
        }
        assertThat(chunksByRing).as("chunks by ring size: 24, 510, 528, 1,014 and 1,032 keys").containsExactly(
                Map.entry(1, 1), Map.entry(28, 1), Map.entry(29, 2), Map.entry(56, 2), Map.entry(57, 3));
        assertThat(routedByRing).containsExactly(
                Map.entry(1, true), Map.entry(28, false), Map.entry(29, false), Map.entry(56, false), Map.entry(57, false));
    }

    @Test
    void aChartIsSpecializedInTheBackgroundWhileTheInterpreterServesIt() throws InterruptedException {
        Chart<Trace> chart = deep();
        TierSwitch.specializeInBackgroundAfter(chart, 200); // arbor.specialize=200, whatever the suite's setting
        Chart<Trace> interpreted = deep();
        TierSwitch.neverSpecialize(interpreted);
        SplittableRandom random = new SplittableRandom(11);
        Trace ta = new Trace();
        Trace tb = new Trace();
        Machine<Trace> a = Trace.started(chart, ta);
        Machine<Trace> b = Trace.started(interpreted, tb);
        long deadline = System.nanoTime() + 20_000_000_000L;
        int events = 0;
        // Events keep flowing while the chart is specialized on its own thread, then some more.
        for (int after = 0; after < 500; events++) {
            Ev e = Ev.values()[random.nextInt(Ev.values().length)];
            a.fire(e);
            b.fire(e);
            assertThat(ta.take()).as("records at event %d", events).isEqualTo(tb.take());
            assertThat(a.activeStates()).isEqualTo(b.activeStates());
            if (TierSwitch.specializedIfReady(chart) != null) {
                after++;
            } else if (events > 200) {
                assertThat(System.nanoTime()).as("specialized within 20 s").isLessThan(deadline);
                Thread.sleep(1);
            }
        }
        assertThat(events).isGreaterThan(200);
    }

    @Test
    void anEventKindFirstSeenAfterSpecializingIsServedByTheInterpreter() {
        Supplier<Chart<Trace>> chart = () -> Chart.<Trace>builder("late")
                .initial("idle")
                .state("idle", s -> s.on("alarm").action(say("alarm")).target("alert"))
                .state("alert", s -> s.on("calm").action(say("calm")).target("idle"))
                .build();
        Chart<Trace> c = chart.get();
        assertThat(TierSwitch.specializeNow(c)).isNotNull();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(c, t);
        t.take();
        m.fire("alarm.fire"); // matches "alarm" by prefix; its event set is made only now
        assertThat(t.take()).containsExactly("exit idle", "alarm", "enter alert");
        m.fire("calm");
        assertThat(t.take()).containsExactly("exit alert", "calm", "enter idle");
    }

    @Test
    void aChartOfPolledTransitionsOnlyHasItsTicksSpecialized() {
        Supplier<Chart<Trace>> chart = () -> Chart.<Trace>builder("npc")
                .initial("calm")
                .state("calm", s -> {
                    s.initial("patrol");
                    s.when(t -> t.flag("alarm")).action(say("alarm")).target("alert");
                    s.state("patrol", p -> p.onUpdate(note("patrol")));
                })
                .state("alert", s -> s.when(t -> !t.flag("alarm")).action(say("calm")).target("calm"))
                .build();
        Chart<Trace> specialized = chart.get();
        SpecializedDispatch code = TierSwitch.specializeNow(specialized);
        assertThat(code).isNotNull();
        assertThat(code.ticks()).as("ticks specialized").isTrue();
        Trace t = new Trace();
        Machine<Trace> m = specialized.newMachine(t);
        m.start();
        t.take();
        m.update();
        assertThat(t.take()).containsExactly("patrol");
        t.set("alarm", true);
        m.update();
        assertThat(t.take()).containsExactly("alarm");
        assertThat(m.activeStates()).containsExactly("alert");
        m.update();
        assertThat(t.take()).isEmpty();
        t.set("alarm", false);
        m.update();
        assertThat(t.take()).containsExactly("calm", "patrol");
        assertThat(m.activeStates()).containsExactly("calm", "patrol");
    }

    @Test
    void chartsWithParallelRegionsAreSpecialized() {
        Chart<Trace> c = Chart.<Trace>builder("regions")
                .initial("p")
                .parallel("p", p -> {
                    p.state("r1", r -> {
                        r.initial("x");
                        r.state("x", x -> x.on(Ev.SIDE).action(say("x side")).target("x2"));
                        r.state("x2");
                    });
                    p.state("r2", r -> r.state("y", y -> y.on(Ev.SIDE).action(say("y side"))));
                })
                .build();
        SpecializedDispatch code = TierSwitch.specializeNow(c);
        assertThat(code).isNotNull();
        assertThat(code.routed()).as("at most 64 states, one chunk of cases: the chunk routes events").isTrue();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(c, t);
        t.take();
        m.fire(Ev.SIDE); // two regions, one transition each: the general microstep, in SCXML's order
        assertThat(t.take()).containsExactly("exit x", "x side", "y side", "enter x2");
        m.fire(Ev.SIDE); // one region alone: routed to its case, which takes the whole step
        assertThat(t.take()).containsExactly("y side");
        assertThat(m.activeStates()).containsExactly("p", "r1", "x2", "r2", "y");
    }

    @Test
    void theSettingIsBuildACountEagerOrOffAndAnythingElseIsNamedInTheError() {
        assertThat(TierSwitch.specializeAfter("build")).isEqualTo(TierSwitch.AT_BUILD);
        assertThat(TierSwitch.specializeAfter("1000")).isEqualTo(1000);
        assertThat(TierSwitch.specializeAfter(" eager ")).isZero();
        assertThat(TierSwitch.specializeAfter("off")).isNegative();
        for (String bad : new String[] {"soon", "-5", "", "1e3"}) {
            assertThatThrownBy(() -> TierSwitch.specializeAfter(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("system property arbor.specialize must be 'build', a number of events (0 or more), 'eager' or 'off', not '"
                            + bad + "'");
        }
    }

    /** Random scripts on both charts: the same records, errors and configuration after every event. */
    static void assertSameRuns(Chart<Trace> a, Chart<Trace> b, Object[] alphabet, int events) {
        SplittableRandom random = new SplittableRandom(4);
        Trace ta = new Trace();
        Trace tb = new Trace();
        Machine<Trace> ma = Trace.started(a, ta);
        Machine<Trace> mb = Trace.started(b, tb);
        List<Object> script = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            Object e = alphabet[random.nextInt(alphabet.length)];
            script.add(e);
            ma.fire(e);
            mb.fire(e);
            assertThat(ta.take()).as("records after %s", script).isEqualTo(tb.take());
            assertThat(ma.activeStates()).as("configuration after %s", script).isEqualTo(mb.activeStates());
            assertThat(ta.errors()).isEqualTo(tb.errors());
        }
    }
}
