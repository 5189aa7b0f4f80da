package dev.arbor.core;

import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A chart with parallel regions (seed 001's player, with a way out of the regions) on the
 * engine's tiers: specialised (an event only one region can take runs that region's case as in a
 * flat chart; otherwise each region's selection is compiled and the step taken by a compiled
 * microstep, the flat paths in SCXML's order, or the general step), interpreted, and on the
 * general SCXML step alone.
 * Each step's trace is spelled out, and both tiers must produce it.
 */
class RegionTiersTest {

    enum Ev { MOVE, HALT, HEAVY, DONE, HIT, RECOVER, POWER_UP, DIE }

    static Chart<Trace> player() {
        return Chart.<Trace>builder("player")
                .initial("alive")
                .parallel("alive", p -> {
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

    @Test
    void thePlayerRunsItsScriptStepByStepOnEveryTier() {
        List<Chart<Trace>> tiers = Tiers.of(RegionTiersTest::player);
        for (int i = 0; i < tiers.size(); i++) {
            Chart<Trace> chart = tiers.get(i);
            String tier = Tiers.NAMES.get(i);
            Trace t = new Trace();
            Machine<Trace> m = chart.newMachine(t);
            m.start();
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
