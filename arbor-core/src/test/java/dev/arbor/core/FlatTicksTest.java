package dev.arbor.core;

import dev.arbor.core.semantics.TierSwitch;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The flat tick (a chart without parallel states, handlers or behaviours: polled transitions and
 * update actions read from per-leaf lists) against the general tick, on seeded random charts:
 * polled transitions up, down, local and internal, conditions that throw, update actions that
 * raise, fire and move the machine, eventless transitions, final states, both update orders and
 * both error policies, with and without a listener. After every step the two machines have
 * written the same records and errors and are in the same configuration.
 */
class FlatTicksTest {

    enum Ev { E1, E2, E3 }

    static final int CHARTS = 300;
    static final int STEPS = 60;
    static final String[] FLAGS = {"f0", "f1", "f2", "f3"};

    @Test
    void flatTicksMatchGeneralTicksOnRandomCharts() {
        for (int seed = 0; seed < CHARTS; seed++) {
            for (boolean listener : new boolean[] {false, true}) {
                Chart<Trace> flat = chart(seed);
                Chart<Trace> general = chart(seed);
                TierSwitch.generalTicksOnly(general);
                assertThat(TierSwitch.flatTicks(flat)).as("seed %d takes the flat path", seed).isTrue();
                compare(seed, flat, general, listener);
            }
        }
    }

    private static void compare(int seed, Chart<Trace> flat, Chart<Trace> general, boolean listener) {
        Trace ta = new Trace();
        Trace tb = new Trace();
        Machine<Trace> a = flat.newMachine(ta);
        Machine<Trace> b = general.newMachine(tb);
        if (listener) {
            a.addListener(ta);
            b.addListener(tb);
        }
        List<String> script = new ArrayList<>();
        run(script, "start", ta, tb, a::start, b::start);
        SplittableRandom r = new SplittableRandom(seed * 31L + 7);
        for (int i = 0; i < STEPS; i++) {
            int op = r.nextInt(10);
            if (op < 3) {
                String f = FLAGS[r.nextInt(FLAGS.length)];
                boolean v = r.nextBoolean();
                ta.set(f, v);
                tb.set(f, v);
                script.add(f + "=" + v);
            } else if (op < 9) {
                run(script, "update", ta, tb, a::update, b::update);
            } else {
                Ev e = Ev.values()[r.nextInt(Ev.values().length)];
                run(script, "fire " + e, ta, tb, () -> a.fire(e), () -> b.fire(e));
            }
            String where = "seed " + seed + (listener ? " with listener" : "") + " after " + script;
            assertThat(ta.take()).as("records, %s", where).isEqualTo(tb.take());
            assertThat(ta.errors()).as("errors, %s", where).isEqualTo(tb.errors());
            assertThat(a.activeStates()).as("configuration, %s", where).isEqualTo(b.activeStates());
            assertThat(a.isHalted()).as("halted, %s", where).isEqualTo(b.isHalted());
        }
    }

    /** Runs one step on both machines; what either throws becomes a record of its own. */
    private static void run(List<String> script, String step, Trace ta, Trace tb, Runnable a, Runnable b) {
        script.add(step);
        attempt(ta, a);
        attempt(tb, b);
    }

    private static void attempt(Trace t, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            t.log("threw " + e.getMessage());
        }
    }

    /** A random flat chart: two or three levels of states with every kind of tick behaviour. */
    static Chart<Trace> chart(int seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> names = new ArrayList<>();
        ChartBuilder<Trace> b = Chart.<Trace>builder("ticks-" + seed)
                .allowUnreachable()
                .maxMicrosteps(200)
                .updateOrder(r.nextBoolean() ? UpdateOrder.OUTER_FIRST : UpdateOrder.INNER_FIRST)
                .errorPolicy(r.nextBoolean() ? ErrorPolicy.RETHROW : ErrorPolicy.RAISE_ERROR_EVENT);
        // First the shape, so that transitions may target any state.
        int tops = 2 + r.nextInt(2);
        List<List<String>> children = new ArrayList<>();
        for (int i = 0; i < tops; i++) {
            String top = "s" + i;
            names.add(top);
            List<String> kids = new ArrayList<>();
            int n = r.nextInt(3);
            for (int j = 0; j < n; j++) {
                kids.add(top + j);
            }
            names.addAll(kids);
            children.add(kids);
        }
        boolean withFinal = r.nextInt(4) == 0;
        b.initial("s0");
        decorate(b, "root", r.split(), names);
        for (int i = 0; i < tops; i++) {
            String top = "s" + i;
            List<String> kids = children.get(i);
            SplittableRandom rs = r.split();
            b.state(top, s -> {
                decorate(s, top, rs, names);
                if (!kids.isEmpty()) {
                    s.initial(kids.get(0));
                }
                for (String kid : kids) {
                    SplittableRandom rk = rs.split();
                    s.state(kid, k -> decorate(k, kid, rk, names));
                }
            });
        }
        if (withFinal) { // reaching it halts the machine
            b.finalState("end");
            b.when(t -> t.flag("f3") && t.flag("f2")).action((t, e) -> t.log("to end")).target("end");
        }
        return b.build();
    }

    private static void decorate(StateBuilder<Trace> s, String name, SplittableRandom r, List<String> names) {
        s.onEntry(t -> t.log("in " + name)).onExit(t -> t.log("out " + name));
        int polled = r.nextInt(3);
        for (int i = 0; i < polled; i++) {
            String flag = FLAGS[r.nextInt(FLAGS.length)];
            boolean throwing = r.nextInt(8) == 0;
            String label = name + " when " + flag + " #" + i;
            var tb = s.when(t -> {
                t.log("test " + label);
                if (throwing && t.flag("f0")) {
                    throw new IllegalStateException("condition " + label);
                }
                return t.flag(flag);
            }).action((t, e) -> t.log("take " + label));
            int kind = r.nextInt(4);
            if (kind > 0) {
                tb.target(names.get(r.nextInt(names.size())));
                if (kind == 2) {
                    tb.local();
                }
            }
        }
        if (r.nextInt(3) > 0) {
            int effect = r.nextInt(6);
            Consumer<Machine<Trace>> extra = switch (effect) {
                case 0 -> m -> m.raise(Ev.E1);
                case 1 -> m -> m.fire(Ev.E2);
                case 2 -> m -> m.goTo(names.get(0));
                case 3 -> m -> {
                    throw new IllegalStateException("update " + name);
                };
                default -> m -> {};
            };
            s.onUpdate((m, t) -> {
                t.log("update " + name);
                if (t.flag("f1")) {
                    extra.accept(m);
                }
            });
        }
        for (Ev e : Ev.values()) {
            if (r.nextInt(3) == 0) {
                s.on(e).action((t, ev) -> t.log(name + " on " + ev)).target(names.get(r.nextInt(names.size())));
            }
        }
        if (r.nextInt(6) == 0) {
            s.always().guard(t -> t.flag("f2") && !t.flag("f3")).action((t, e) -> t.log("always " + name))
                    .target(names.get(r.nextInt(names.size())));
        }
    }
}
