package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A snapshot holds a machine's whole future (docs/time-and-deferral.md): restored onto a fresh
 * machine, it makes that machine do exactly what the original does from there — same trace, same
 * snapshots — for a chart that uses every feature that remembers something: history, blips
 * ({@code revert}), {@code push}/{@code pop}, plans with {@code resumeAfter}, behaviours with
 * clocks and finishing, timers (some fire once per activation) and deferred events.
 */
class SnapshotFutureTest {

    enum In { HIT, BLIP, ALARM, CLEAR, WORK, BUSY, REQ, DONE, TIRED, RESTED }

    /** Pauses for {@code ticks} ticks of its state's clock, then reports finished. */
    record Pause(int ticks) implements Behavior<Trace> {
        @Override
        public void onEnter(Trace owner, Activity<Trace> activity) {
            owner.log("pause " + activity.state() + " " + ticks);
        }

        @Override
        public boolean isFinished(Trace owner, Activity<Trace> activity) {
            return activity.ticks() >= ticks;
        }
    }

    static Chart<Trace> chart() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("future")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT) // a revert or pop with nothing to return to is an event
                .deferLimit(3)
                .pushLimit(2)
                .allowUnreachable() // EMOTE and ALARMED are entered by goTo and push only
                .initial("PATROL");
        b.on(In.BLIP).action((m, o, e) -> m.goTo("EMOTE"));
        b.on(In.ALARM).action((m, o, e) -> m.push("ALARMED"));
        b.on(In.HIT).target("STUNNED");
        b.on(In.TIRED).action((o, e) -> o.set("tired", true));
        b.on(In.RESTED).action((o, e) -> o.set("tired", false));
        return b
                .state("PATROL", p -> {
                    p.initial("WALK");
                    p.history("PH", HistoryType.DEEP);
                    p.on(In.WORK).plan("TO_GATE", "WATCH", "TO_TOWER").resumeAfter();
                    p.on(In.BUSY).target("BUSY");
                    p.on(In.REQ).action(say("served")); // in PATROL only: a root transition would win over BUSY's deferral
                    p.state("WALK", w -> {
                        w.after(4).action(say("walk timer")); // internal: once per activation
                        w.after(9).target("REST");
                        w.when(o -> o.flag("tired")).target("REST");
                    });
                    p.state("REST", r -> r.use(new Pause(3)).then("WALK"));
                    p.state("JOB", j -> {
                        j.initial("TO_GATE");
                        j.state("TO_GATE", s -> s.use(new Pause(2)));
                        j.state("WATCH", s -> s.use(new Pause(1)));
                        j.state("TO_TOWER", s -> s.use(new Pause(2)));
                    });
                })
                .state("BUSY", s -> {
                    s.defer(In.REQ);
                    s.on(In.DONE).target("PH");
                    s.after(6).target("PH");
                })
                .state("EMOTE", s -> s.after(2).action((m, o, e) -> m.revert()))
                .state("ALARMED", s -> s.on(In.CLEAR).action((m, o, e) -> m.pop()))
                .state("STUNNED", s -> s.after(3).target("PH"))
                .build();
    }

    /** One input: a tick, or an event. */
    static Consumer<Machine<Trace>> input(Random r) {
        if (r.nextInt(100) < 45) {
            return Machine::update;
        }
        In e = In.values()[r.nextInt(In.values().length)];
        return m -> m.fire(e);
    }

    @Test
    void aRestoredSnapshotHasTheSameFutureForEveryFeatureThatRemembers() {
        Chart<Trace> chart = chart();
        List<String> seen = new ArrayList<>();
        for (int seed = 0; seed < 40; seed++) {
            Random r = new Random(seed);
            Trace refOwner = new Trace();
            Machine<Trace> ref = Trace.started(chart, refOwner);
            for (int step = 0; step < 300; step++) {
                input(r).accept(ref);
                MachineState s = ref.snapshot();
                note(s, seen);
                if (step % 7 != 3) {
                    continue;
                }
                Trace copyOwner = new Trace();
                copyOwner.set("tired", refOwner.flag("tired")); // owner data is the owner's: copied by the test
                Machine<Trace> copy = chart.newMachine(copyOwner);
                copy.addListener(copyOwner);
                copy.restore(s, Cause.RESTORE);
                assertThat(copy.snapshot()).as("seed %d step %d: round trip", seed, step).isEqualTo(s);
                refOwner.take();
                copyOwner.take();
                Random future = new Random(seed * 1000L + step);
                for (int k = 0; k < 25; k++) {
                    Consumer<Machine<Trace>> in = input(future);
                    in.accept(ref);
                    in.accept(copy);
                    assertThat(copyOwner.take()).as("seed %d step %d input %d: trace", seed, step, k)
                            .isEqualTo(refOwner.take());
                    assertThat(copy.snapshot()).as("seed %d step %d input %d: state", seed, step, k)
                            .isEqualTo(ref.snapshot());
                }
            }
        }
        assertThat(seen).as("every remembered thing was exercised")
                .contains("previous", "pushed", "plan step", "plan resume", "clock", "finished", "fired timer",
                        "deferred", "history");
    }

    private static void note(MachineState s, List<String> seen) {
        add(seen, "previous", s.previous().length > 0);
        add(seen, "pushed", s.pushed().length > 0);
        add(seen, "plan step", s.plans().stream().anyMatch(p -> p.step() >= 0));
        add(seen, "plan resume", s.plans().stream().anyMatch(p -> p.step() < 0));
        add(seen, "clock", s.clocks().length > 0);
        add(seen, "finished", s.finished().length > 0);
        add(seen, "fired timer", s.firedTimers().length > 0);
        add(seen, "deferred", !s.deferred().isEmpty());
        boolean history = false;
        for (int[] h : s.history()) {
            history |= h.length > 0;
        }
        add(seen, "history", history);
    }

    private static void add(List<String> seen, String what, boolean present) {
        if (present && !seen.contains(what)) {
            seen.add(what);
        }
    }

    @Test
    void eachRememberedThingIsInTheSnapshot() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        Chart<Trace> c = m.chart();
        m.update(); // WALK: 1 tick
        m.fire(In.BUSY);
        m.fire(In.REQ);
        m.update();
        MachineState s = m.snapshot();
        assertThat(s.deferred()).containsExactly(In.REQ);
        assertThat(s.clock(c.stateId("BUSY"))).isEqualTo(1);
        assertThat(s.previous()).contains(c.stateId("WALK"));

        m.fire(In.DONE); // back to WALK through deep history; REQ recalled and served
        assertThat(m.deferredCount()).isZero();
        for (int i = 0; i < 4; i++) {
            m.update();
        }
        s = m.snapshot();
        assertThat(s.firedTimers()).hasSize(1); // "walk timer" fired, WALK still active
        assertThat(c.describeTransition(s.firedTimers()[0])).isEqualTo("WALK after 4 ticks");

        m.fire(In.ALARM);
        s = m.snapshot();
        assertThat(s.pushed()).hasNumberOfRows(1);
        m.fire(In.CLEAR);
        m.fire(In.WORK);
        s = m.snapshot();
        assertThat(s.plans()).extracting(MachineState.PlanEntry::step)
                .containsExactly(-1, c.stateId("TO_TOWER"), c.stateId("WATCH"));
        m.update();
        assertThat(m.snapshot().clock(c.stateId("TO_GATE"))).isEqualTo(1);
        m.update(); // TO_GATE finishes: the plan moves on to WATCH
        s = m.snapshot();
        assertThat(s.active()).contains(c.stateId("WATCH"));
        assertThat(s.plans()).extracting(MachineState.PlanEntry::step).containsExactly(-1, c.stateId("TO_TOWER"));
    }

    @Test
    void aStateThatIsWrongAnywhereIsRefusedWholeAndTheMachineStaysAsItWas() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart(), t);
        Chart<Trace> c = m.chart();
        m.fire(In.BUSY);
        MachineState good = m.snapshot();
        int walk = c.stateId("WALK");
        int[] badConfig = {0, walk}; // WALK without its parent PATROL
        List<MachineState> bad = List.of(
                with(good, b -> b.previous = badConfig),
                with(good, b -> b.pushed = new int[][] {badConfig}),
                with(good, b -> b.pushed = new int[][] {good.active(), good.active(), good.active()}),
                with(good, b -> b.plans = List.of(new MachineState.PlanEntry(c.stateId("JOB"), walk, new int[0]))),
                with(good, b -> b.clocks = clockOf(c, walk, 5)),
                with(good, b -> b.finished = new int[] {walk}),
                with(good, b -> b.firedTimers = new int[] {0}),
                with(good, b -> b.deferred = List.of(In.REQ, In.REQ, In.REQ, In.REQ)));
        List<String> expected = List.of("previous configuration: 'WALK' is active but its parent 'PATROL' is not",
                "pushed configuration 0:", "3 pushed configurations, the chart allows 2",
                "plan entry 0: step", "'WALK' has a clock", "'WALK' is finished", "is marked fired",
                "4 deferred events, the chart keeps at most 3");
        t.take();
        for (int i = 0; i < bad.size(); i++) {
            MachineState b = bad.get(i);
            assertThatThrownBy(() -> m.restore(b, Cause.RESTORE))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(expected.get(i));
            assertThat(m.snapshot()).isEqualTo(good);
            assertThat(t.take()).isEmpty();
        }
    }

    private static long[] clockOf(Chart<Trace> c, int st, long ticks) {
        long[] clocks = new long[c.stateCount()];
        clocks[st] = ticks;
        return clocks;
    }

    /** A mutable copy of a state's fields, to break one at a time. */
    private static final class Fields {
        int[] previous;
        int[][] pushed;
        List<MachineState.PlanEntry> plans;
        long[] clocks;
        int[] finished;
        int[] firedTimers;
        List<Object> deferred;
    }

    private static MachineState with(MachineState s, Consumer<Fields> change) {
        Fields f = new Fields();
        f.previous = s.previous();
        f.pushed = s.pushed();
        f.plans = s.plans();
        f.clocks = s.clocks();
        f.finished = s.finished();
        f.firedTimers = s.firedTimers();
        f.deferred = s.deferred();
        change.accept(f);
        return new MachineState(s.active(), s.history(), s.halted(), f.previous, f.pushed, f.plans, f.clocks,
                f.finished, f.firedTimers, f.deferred);
    }
}
