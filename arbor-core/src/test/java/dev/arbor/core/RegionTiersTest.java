package dev.arbor.core;

import dev.arbor.core.semantics.TierSwitch;
import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A chart with parallel regions (seed 001's player, with a way out of the regions) on the
 * engine's tiers: specialized (an event only one region can take runs that region's case as in a
 * flat chart; otherwise each region's selection is compiled and the step taken by a compiled
 * microstep, the flat paths in SCXML's order, or the general step), interpreted, and on the
 * general SCXML step alone.
 * Each step's trace is spelled out, and both tiers must produce it.
 */
class RegionTiersTest {

    enum Ev { MOVE, HALT, HEAVY, DONE, HIT, RECOVER, POWER_UP, DIE }

    static Chart<Trace> player() {
        return player(0);
    }

    /**
     * The player; with {@code crowd} above 0, a fourth region of that many states, each of which
     * MOVE and HALT move on, so that one event may concern all four regions.
     */
    static Chart<Trace> player(int crowd) {
        return Chart.<Trace>builder("player")
                .initial("alive")
                .parallel("alive", p -> {
                    if (crowd > 0) {
                        p.state("crowd", r -> {
                            r.initial("c0");
                            for (int i = 0; i < crowd; i++) {
                                String name = "c" + i;
                                String next = "c" + (i + 1) % crowd;
                                r.state(name, s -> {
                                    leaf(s, name);
                                    s.on(Ev.MOVE).target(next);
                                    s.on(Ev.HALT).target(next);
                                });
                            }
                        });
                    }
                    p.onEntry(note("enter alive")).onExit(note("exit alive"));
                    p.on(Ev.DIE).action(say("die")).target("dead"); // leaves every region
                    p.state("movement", r -> {
                        r.initial("idle");
                        r.state("idle", s -> leaf(s, "idle")
                                .on(Ev.MOVE).guard(t -> !t.flag("heavy")).action(say("move")).target("walk"));
                        r.state("walk", s -> leaf(s, "walk").on(Ev.HALT).action(say("halt")).target("idle"));
                    });
                    p.state("action", r -> {
                        r.initial("none");
                        r.state("none", s -> leaf(s, "none").on(Ev.HEAVY).action((t, e) -> {
                            t.set("heavy", true);
                            t.log("heavy");
                        }).target("heavy"));
                        r.state("heavy", s -> {
                            leaf(s, "heavy");
                            s.on(Ev.DONE).action((t, e) -> {
                                t.set("heavy", false);
                                t.log("done");
                            }).target("none");
                            s.on(Ev.HIT).action((t, e) -> {
                                t.set("heavy", false);
                                t.log("broken off");
                            }).target("none");
                        });
                    });
                    p.state("status", r -> {
                        r.initial("normal");
                        r.state("normal", s -> {
                            leaf(s, "normal");
                            s.on(Ev.HIT).action(say("stunned")).target("stunned");
                            s.on(Ev.POWER_UP).action(say("power up")).target("invulnerable");
                        });
                        r.state("stunned", s -> leaf(s, "stunned").on(Ev.RECOVER).action(say("recover")).target("normal"));
                        r.state("invulnerable", s -> leaf(s, "invulnerable").after(2).action(say("expired")).target("normal"));
                    });
                })
                .state("dead", s -> leaf(s, "dead"))
                .build();
    }

    private static StateBuilder<Trace> leaf(StateBuilder<Trace> s, String name) {
        return s.onEntry(note("enter " + name)).onExit(note("exit " + name));
    }

    record Step(Object input, List<String> trace) {}

    static Step step(Object input, String... trace) {
        return new Step(input, List.of(trace));
    }

    static final String TICK = "(tick)";

    static final List<Step> SCRIPT = List.of(
            // One region alone has candidates: its case selects and takes the transition.
            step(Ev.MOVE, "exit idle", "move", "enter walk"),
            step(Ev.HEAVY, "exit none", "heavy", "enter heavy"),
            step(Ev.HALT, "exit walk", "halt", "enter idle"),
            // The guard fails: nothing is selected.
            step(Ev.MOVE),
            // Two regions select: the flat paths in SCXML's order (exits last region first, then
            // the actions in document order, then the entries).
            step(Ev.HIT, "exit normal", "exit heavy", "broken off", "stunned",
                    "enter none", "enter stunned"),
            // Two regions have candidates, one selects: its compiled microstep.
            step(Ev.HEAVY, "exit none", "heavy", "enter heavy"),
            step(Ev.HIT, "exit heavy", "broken off", "enter none"),
            step(Ev.RECOVER, "exit stunned", "recover", "enter normal"),
            // A timed transition on a tick, in one region.
            step(Ev.POWER_UP, "exit normal", "power up", "enter invulnerable"),
            step(TICK),
            step(TICK, "exit invulnerable", "expired", "enter normal"),
            // A transition out of every region: the general step.
            step(Ev.DIE, "exit normal", "exit none", "exit idle", "exit alive", "die", "enter dead"));

    enum Go { UNLOCK, FLICKER, NEXT, TOGGLE, BACK, PING, WIND, GUST }

    /**
     * Two regions whose transitions leave compounds with histories, and come back through them,
     * in one step: a shallow history in one region, a deep one in the other.
     */
    static Chart<Trace> house() {
        return Chart.<Trace>builder("house")
                .initial("world")
                .parallel("world", p -> {
                    p.on(Go.WIND).action((t, e) -> t.set("breeze", !t.flag("breeze"))); // shared by both regions
                    p.state("door", r -> {
                        r.initial("shut");
                        r.state("shut", s -> {
                            compound(s, "shut").initial("locked");
                            s.state("locked", l -> leaf(l, "locked").on(Go.UNLOCK).action(say("unlock")).target("unlocked"));
                            s.state("unlocked", l -> leaf(l, "unlocked"));
                            s.history("door-h", HistoryType.SHALLOW);
                            s.on(Go.TOGGLE).action(say("open door")).target("open");
                            s.on(Go.PING).action(say("ping door")); // targetless
                        });
                        r.state("open", s -> {
                            leaf(s, "open").on(Go.BACK).action(say("close door")).target("door-h");
                            s.on(Go.GUST).guard(t -> t.flag("breeze")).action(say("slam")).target("shut");
                            s.on(Go.GUST).action(say("rattle")); // when the guard above fails
                        });
                    });
                    p.state("light", r -> {
                        r.initial("dark");
                        r.state("dark", s -> {
                            compound(s, "dark").initial("dim");
                            s.state("dim", l -> leaf(l, "dim").on(Go.FLICKER).action(say("flicker")).target("flicker"));
                            s.state("flicker", f -> {
                                compound(f, "flicker").initial("f1");
                                f.state("f1", l -> leaf(l, "f1").on(Go.NEXT).target("f2"));
                                f.state("f2", l -> leaf(l, "f2").on(Go.PING).action(say("ping light")).target("f1"));
                            });
                            s.history("light-h", HistoryType.DEEP);
                            s.on(Go.TOGGLE).action(say("light up")).target("bright");
                        });
                        r.state("bright", s -> {
                            leaf(s, "bright").on(Go.BACK).action(say("dim light")).target("light-h");
                            s.on(Go.GUST).guard(t -> !t.flag("breeze")).action(say("blow out")).target("dark");
                        });
                    });
                })
                .build();
    }

    private static StateBuilder<Trace> compound(StateBuilder<Trace> s, String name) {
        return s.onEntry(note("enter " + name)).onExit(note("exit " + name));
    }

    static final List<Step> HOUSE = List.of(
            step(Go.UNLOCK, "exit locked", "unlock", "enter unlocked"),
            step(Go.FLICKER, "exit dim", "flicker", "enter flicker", "enter f1"),
            step(Go.NEXT, "exit f1", "enter f2"),
            // Both regions leave their compound (each recording its history): the last region's
            // exits first, then the actions in document order, then the entries region by region.
            step(Go.TOGGLE, "exit f2", "exit flicker", "exit dark", "exit unlocked", "exit shut",
                    "open door", "light up", "enter open", "enter bright"),
            // Both come back through their histories: shallow (unlocked), deep (flicker's f2).
            step(Go.BACK, "exit bright", "exit open", "close door", "dim light",
                    "enter shut", "enter unlocked", "enter dark", "enter flicker", "enter f2"),
            // A targetless transition in one region with a move in the other.
            step(Go.PING, "exit f2", "ping door", "ping light", "enter f1"));

    @Test
    void twoRegionsLeaveAndReenterThroughTheirHistoriesInOneStepOnEveryTier() {
        for (Tiers.Run run : Tiers.started(RegionTiersTest::house)) {
            String tier = run.tier();
            Trace t = run.trace();
            Machine<Trace> m = run.machine();
            assertThat(t.take()).as(tier).containsExactly("enter shut", "enter locked", "enter dark", "enter dim");
            for (Step s : HOUSE) {
                m.fire(s.input());
                assertThat(t.take()).as("%s, after %s", tier, s.input()).containsExactlyElementsOf(s.trace());
            }
            assertThat(m.activeLeaves()).as(tier).containsExactly("unlocked", "f1");
        }
    }

    enum Trio { UP, DOWN, SWAP }

    /** Three regions that an event moves all at once: each leaves its compound (recording its history) or comes back through it. */
    static Chart<Trace> trio() {
        return Chart.<Trace>builder("trio")
                .initial("all")
                .parallel("all", p -> {
                    for (int i = 1; i <= 3; i++) {
                        String n = String.valueOf(i);
                        p.state("region" + n, r -> {
                            r.initial("low" + n);
                            r.state("low" + n, s -> {
                                compound(s, "low" + n).initial("x" + n);
                                s.state("x" + n, l -> leaf(l, "x" + n).on(Trio.SWAP).target("y" + n));
                                s.state("y" + n, l -> leaf(l, "y" + n).on(Trio.SWAP).target("x" + n));
                                s.history("h" + n, HistoryType.SHALLOW);
                                s.on(Trio.UP).action(say("up" + n)).target("high" + n);
                            });
                            r.state("high" + n, s -> leaf(s, "high" + n).on(Trio.DOWN).action(say("down" + n)).target("h" + n));
                        });
                    }
                })
                .build();
    }

    @Test
    void threeRegionsMoveInOneStepOnEveryTier() {
        for (Tiers.Run run : Tiers.started(RegionTiersTest::trio)) {
            String tier = run.tier();
            Trace t = run.trace();
            Machine<Trace> m = run.machine();
            t.take();
            m.fire(Trio.SWAP);
            assertThat(t.take()).as(tier).containsExactly("exit x3", "exit x2", "exit x1", "enter y1", "enter y2", "enter y3");
            m.fire(Trio.UP);
            assertThat(t.take()).as(tier).containsExactly("exit y3", "exit low3", "exit y2", "exit low2", "exit y1", "exit low1",
                    "up1", "up2", "up3", "enter high1", "enter high2", "enter high3");
            m.fire(Trio.DOWN);
            assertThat(t.take()).as(tier).containsExactly("exit high3", "exit high2", "exit high1", "down1", "down2", "down3",
                    "enter low1", "enter y1", "enter low2", "enter y2", "enter low3", "enter y3");
        }
    }

    /**
     * Seeded random walks over the charts, with no listener attached (the quiet compiled
     * paths): every tier's trace must equal the general step's, input by input.
     */
    @Test
    void randomWalksGiveTheGeneralStepsTraceOnEveryTier() {
        walk(RegionTiersTest::house, Go.values(), 11);
        walk(RegionTiersTest::trio, Trio.values(), 13);
        walk(RegionTiersTest::player, java.util.Arrays.stream(Ev.values()).filter(e -> e != Ev.DIE).toArray(), 12);
    }

    /**
     * Past 64 states, the specialized chart's events take the scan over the active leaves
     * instead of the compiled routes: the same traces.
     */
    @Test
    void aChartOfMoreThan64StatesGivesTheSameTracesWithoutRoutes() {
        Chart<Trace> wide = player(70);
        assertThat(TierSwitch.specializeNow(wide).routed()).as("more than 64 states: no routes").isFalse();
        assertThat(TierSwitch.specializeNow(player(0)).routed()).as("the player alone").isTrue();
        walk(() -> player(70), java.util.Arrays.stream(Ev.values()).filter(e -> e != Ev.DIE).toArray(), 14);
    }

    private static void walk(java.util.function.Supplier<Chart<Trace>> definition, Object[] events, long seed) {
        List<Chart<Trace>> tiers = Tiers.of(definition);
        List<Trace> traces = new java.util.ArrayList<>();
        List<Machine<Trace>> machines = new java.util.ArrayList<>();
        for (Chart<Trace> chart : tiers) {
            Trace t = new Trace();
            traces.add(t);
            machines.add(chart.newMachine(t));
        }
        java.util.Random random = new java.util.Random(seed);
        for (int step = 0; step < 3_000; step++) {
            Object input = random.nextInt(8) == 0 ? TICK : events[random.nextInt(events.length)];
            List<List<String>> seen = new java.util.ArrayList<>();
            for (Machine<Trace> m : machines) {
                if (step == 0) {
                    m.start();
                } else if (input == TICK) {
                    m.update();
                } else {
                    m.fire(input);
                }
            }
            for (Trace t : traces) {
                seen.add(t.take());
            }
            for (int i = 0; i < tiers.size() - 1; i++) {
                assertThat(seen.get(i)).as("%s, step %d (%s), seed %d", Tiers.NAMES.get(i), step, input, seed)
                        .isEqualTo(seen.get(tiers.size() - 1));
            }
        }
    }

    @Test
    void thePlayerRunsItsScriptStepByStepOnEveryTier() {
        for (Tiers.Run run : Tiers.started(RegionTiersTest::player)) {
            String tier = run.tier();
            Trace t = run.trace();
            Machine<Trace> m = run.machine();
            assertThat(t.take()).as(tier).containsExactly("enter alive", "enter idle", "enter none", "enter normal");
            for (Step s : SCRIPT) {
                if (s.input() == TICK) {
                    m.update();
                } else {
                    m.fire(s.input());
                }
                assertThat(t.take()).as("%s, after %s", tier, s.input()).containsExactlyElementsOf(s.trace());
            }
            assertThat(m.activeStates()).as(tier).containsExactly("dead");
        }
    }
}
