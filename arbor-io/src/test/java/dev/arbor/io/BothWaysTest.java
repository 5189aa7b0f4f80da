package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Conditions;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.TransitionKind;
import dev.arbor.core.UpdateOrder;
import dev.arbor.io.Bot.Attack;
import dev.arbor.io.Bot.EventNamed;
import dev.arbor.io.Bot.FlagSet;
import dev.arbor.io.Bot.Log;
import dev.arbor.io.Bot.MoveTo;
import dev.arbor.io.Bot.Pause;
import dev.arbor.io.Bot.Raise;
import dev.arbor.io.Bot.XAtLeast;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A chart written once with the Java builder and once as a JSON file ({@code charts/sentry.json},
 * which uses every construct of the format) compiles to the same structure and, driven by the
 * same events and ticks, produces the same trace.
 */
class BothWaysTest {

    /** The Say component configured in code, as the file configures it. */
    static Bot.Say say(String text) {
        Bot.Say s = new Bot.Say();
        s.text = text;
        return s;
    }

    static Chart<Bot> inJava() {
        return Chart.<Bot>builder("sentry")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .updateOrder(UpdateOrder.OUTER_FIRST)
                .maxMicrosteps(500)
                .onUnhandled(new Log("nobody heard"))
                .initial("duty")
                .initialAction(say("boot"))
                .global(g -> {
                    g.onUpdate(say("tick"));
                    g.handler(new Bot.Echo());
                    g.on("reset").action(new Log("global reset")).target("duty");
                    g.onDone("rest").action(new Log("rest done, seen from the top")::run);
                })
                .state("duty", d -> {
                    d.initial("patrol");
                    d.onEntry(say("on duty"));
                    d.onExit(b -> b.log.add("bye"));
                    d.on("alarm").guard(new FlagSet("armed")).action(new Log("alarm!"))
                            .target("fight").kind(TransitionKind.LOCAL).resumeAfter();
                    d.onChildFinished().action(new Log("a child finished")::run).target("rest");
                    d.on("ping").action(new Log("pong")).action((b, e) -> b.log.add("bye"));
                    d.on("back").target("hist");
                    d.on("lab").target("labHist");
                    d.on("tired").target("shut", "listening");
                    d.state("patrol", p -> {
                        p.initial("walkOut");
                        p.onUpdate(say("patrolling"));
                        p.when(new XAtLeast(5), Conditions.not(b -> b.flags.contains("alarmed"))).target("lab");
                        p.state("walkOut", s -> s.use(new MoveTo(2)).then("wait"));
                        p.state("wait", s -> s.use(new Pause(1)).then("walkBack"));
                        p.state("walkBack", s -> s.use(new MoveTo(0)));
                        p.history("hist", HistoryType.SHALLOW, "wait");
                    });
                    d.state("fight", s -> s.use(new Attack(2)));
                })
                .parallel("rest", r -> {
                    r.onDone().action(new Log("rested")::run).target("lab");
                    r.state("eyes", e -> {
                        e.initial("open");
                        e.state("open", s -> s.on("blink").target("shut"));
                        e.finalState("shut", s -> s.onEntry(say("eyes shut")));
                    });
                    r.state("ears", e -> {
                        e.initial("listening");
                        e.state("listening", s -> s.on("noise").target("heard"));
                        e.finalState("heard");
                    });
                })
                .state("lab", l -> {
                    l.initial("a");
                    l.initialAction(b -> b.log.add("bye"));
                    l.always().guard(Conditions.allOf(b -> b.flags.contains("alarmed"),
                            Conditions.anyOf(new FlagSet("armed"), new XAtLeast(9)))).target("over");
                    l.onAny().guard(new EventNamed("leave")).target("duty");
                    l.on("planit").plan("a", "b", "a");
                    l.on("error.execution").action(new Log("failed"));
                    l.state("a", s -> s.on("next").target("b"));
                    l.state("b", s -> {
                        s.onEntry(new Raise("bumped"));
                        s.on("bumped").action(new Log("bumped"));
                        s.on("skip").target("c");
                    });
                    l.state("c", c -> {
                        c.initial("c1");
                        c.state("c1", s -> s.on("next").target("c2"));
                        c.state("c2");
                    });
                    l.history("labHist", HistoryType.DEEP, "b");
                })
                .finalState("over")
                .build();
    }

    static Chart<Bot> fromFile() throws IOException {
        return ChartLoader.of(Bot.components()).load(Path.of("src/test/resources/charts/sentry.json"));
    }

    @Test
    void bothCompileToTheSameStructure() throws IOException {
        assertThat(structure(fromFile())).containsExactlyElementsOf(structure(inJava()));
    }

    /** What a script does to a machine: an event, a tick, or a change to the owner between steps. */
    static final List<Consumer<Machine<Bot>>> SCRIPT = List.of(
            Machine::update, Machine::update, Machine::update, Machine::update,   // walk out, pause
            m -> m.fire("ping"),
            m -> m.fire("alarm"),                                                  // not armed: unhandled
            m -> m.owner().flags.add("armed"),
            m -> m.fire("alarm"),                                                  // interrupts, to resume later
            Machine::update, Machine::update,                                      // the enemy falls
            Machine::update, Machine::update, Machine::update,
            m -> m.fire("echo"),
            m -> m.fire("back"),                                                   // shallow history
            m -> m.fire("tired"),                                                  // two targets, one a final
            m -> m.fire("noise"),                                                  // rest done -> lab
            m -> m.fire("next"),
            m -> m.fire("skip"),
            m -> m.fire("next"),
            m -> m.fire("leave"),                                                  // any + guard on the event
            m -> m.fire("lab"),                                                    // deep history: c2
            m -> m.fire("planit"),
            m -> m.fire("nothing"),
            m -> m.fire("reset"),
            m -> m.owner().x = 5,
            Machine::update,                                                       // polled: to lab
            m -> m.owner().flags.add("alarmed"),
            m -> m.fire("anything"),                                               // eventless: over
            Machine::update);

    static List<String> run(Chart<Bot> chart) {
        Bot bot = new Bot();
        Machine<Bot> m = chart.newMachine(bot);
        m.addListener(bot);
        m.start();
        List<String> trace = new ArrayList<>(bot.take());
        for (Consumer<Machine<Bot>> step : SCRIPT) {
            step.accept(m);
            trace.add("--");
            trace.addAll(bot.take());
        }
        trace.add("halted " + m.isHalted());
        return trace;
    }

    @Test
    void bothGiveTheSameTrace() throws IOException {
        List<String> fromJava = run(inJava());
        List<String> fromJson = run(fromFile());
        assertThat(fromJson).containsExactlyElementsOf(fromJava);
        // The script reaches every part of the chart, so the comparison is not vacuous.
        assertThat(fromJava).contains("say boot", "move to 2 from 0", "pong (ping)", "alarm! (alarm)",
                "hit, enemy hp 0", "echo", "say eyes shut", "rested (done.state.rest)", "bumped (bumped)",
                "enter c2", "nobody heard (nothing)", "global reset (reset)", "enter over", "halted true");
    }

    /** Everything a chart's public introspection tells about it, one line per state and transition. */
    static List<String> structure(Chart<Bot> c) {
        List<String> out = new ArrayList<>();
        out.add(c.name() + " " + c.stateCount() + " states " + c.transitionCount() + " transitions");
        for (int s = 0; s < c.stateCount(); s++) {
            out.add("state " + s + " " + c.stateName(s) + " key=" + c.stateKey(s) + " parent=" + c.parent(s)
                    + " depth=" + c.depth(s) + " kind=" + c.kind(s) + " children=" + Arrays.toString(c.children(s)));
        }
        for (int t = 0; t < c.transitionCount(); t++) {
            out.add("transition " + t + " " + c.describeTransition(t) + " source=" + c.transitionSource(t)
                    + " targets=" + Arrays.toString(c.transitionTargets(t)) + " level=" + c.transitionLevel(t));
        }
        return out;
    }
}
