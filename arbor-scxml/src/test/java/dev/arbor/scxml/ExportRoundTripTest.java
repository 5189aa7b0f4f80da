package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.io.export.Scxml;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * An Arbor chart written as SCXML by arbor-io's exporter and read back by {@link ScxmlLoader}
 * behaves the same: for seeded random event sequences, the Arbor machine and the SCXML session
 * enter, exit and take the same states and transitions, step by step, and halt together.
 */
class ExportRoundTripTest {

    static final List<String> EVENTS = List.of("a", "b", "c", "d", "e");

    /** Records entries, exits and transitions by state name. */
    static final class Recorder implements MachineListener {
        final List<String> records = new ArrayList<>();

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            if (state != 0) {
                records.add("enter " + m.chart().stateName(state));
            }
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            if (state != 0) {
                records.add("exit " + m.chart().stateName(state));
            }
        }

        @Override
        public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
            Chart.TransitionInfo t = m.chart().transitionInfo(transition);
            StringBuilder line = new StringBuilder("transition ").append(m.chart().stateName(t.source())).append(" ->");
            t.targets().forEach(target -> line.append(' ').append(m.chart().stateName(target)));
            records.add(line.toString());
        }

        @Override
        public void onUnhandled(Machine<?> m, Object event, Cause cause) {
            records.add("unhandled");
        }
    }

    /** Nested states, local and external transitions, self-transitions, targetless and eventless ones. */
    static Chart<Object> nested() {
        return Chart.builder("nested")
                .initial("s1")
                .state("s1", s1 -> {
                    s1.initial("s11");
                    s1.on("a").target("s2");
                    s1.on("e").target("s12").local();
                    s1.state("s11", s -> {
                        s.on("b").target("s12");
                        s.on("c").target("s11");
                    });
                    s1.state("s12", s -> {
                        s.on("b").target("s11");
                        s.on("d");
                        s.on("c").target("s13");
                    });
                    s1.state("s13", s -> s.always().target("s11")); // eventless: passed through at once
                })
                .state("s2", s2 -> {
                    s2.initial("s21");
                    s2.on("a").target("s1");
                    s2.on("c").target("s12");
                    s2.state("s21", s -> s.on("b").target("s22"));
                    s2.state("s22", s -> s.on("b").target("s2").external());
                })
                .build();
    }

    /** Parallel regions, shallow and deep history with defaults, final states and done events. */
    static Chart<Object> regionsAndHistory() {
        ChartBuilder<Object> b = Chart.builder("regions");
        return b.initial("work")
                .state("work", w -> {
                    w.initial("p");
                    w.history("deep", HistoryType.DEEP, "p");
                    w.on("e").target("pause");
                    w.onDone().target("over");
                    w.parallel("p", p -> {
                        p.state("left", l -> {
                            l.initial("l1");
                            l.history("lh", HistoryType.SHALLOW, "l1");
                            l.state("l1", s -> s.on("a").target("l2"));
                            l.state("l2", s -> {
                                s.on("a").target("l1");
                                s.on("d").target("ldone");
                            });
                            l.finalState("ldone");
                        });
                        p.state("right", r -> {
                            r.initial("r1");
                            r.state("r1", s -> s.on("b").target("r2"));
                            r.state("r2", s -> {
                                s.on("b").target("r1");
                                s.on("d").target("rdone");
                            });
                            r.finalState("rdone");
                        });
                        p.onDone().target("wrapup");
                    });
                    w.state("wrapup", s -> s.on("c").target("finished"));
                    w.finalState("finished");
                })
                .state("pause", s -> {
                    s.on("a").target("deep");
                    s.on("b").target("lh");
                })
                .finalState("over")
                .build();
    }

    @Test
    void nestedChartsBehaveTheSameAfterTheRoundTrip() {
        compare(ExportRoundTripTest::nested, 200, 300);
    }

    @Test
    void regionsHistoryAndCompletionBehaveTheSameAfterTheRoundTrip() {
        compare(ExportRoundTripTest::regionsAndHistory, 200, 300);
    }

    static void compare(Supplier<Chart<Object>> charts, int seeds, int steps) {
        Chart<Object> chart = charts.get();
        String xml = Scxml.export(chart);
        ScxmlDocument document = ScxmlLoader.load(xml, chart.name() + ".scxml");
        boolean sawHalt = false;
        for (int seed = 0; seed < seeds; seed++) {
            Random random = new Random(seed);
            Machine<Object> machine = chart.newMachine(new Object());
            Recorder arbor = new Recorder();
            machine.addListener(arbor);
            ScxmlSession session = document.newSession(line -> { });
            Recorder scxml = new Recorder();
            session.addListener(scxml);
            machine.start();
            session.start();
            assertThat(scxml.records).as("seed %d, start", seed).isEqualTo(arbor.records);
            for (int i = 0; i < steps && !machine.isHalted(); i++) {
                String event = EVENTS.get(random.nextInt(EVENTS.size()));
                int from = arbor.records.size();
                machine.fire(event);
                session.fire(event);
                List<String> expected = arbor.records.subList(from, arbor.records.size());
                List<String> actual = scxml.records.subList(from, Math.min(scxml.records.size(), from + expected.size()));
                assertThat(actual).as("seed %d, step %d, event %s", seed, i, event).isEqualTo(expected);
                assertThat(session.isHalted()).as("seed %d, step %d: halted", seed, i).isEqualTo(machine.isHalted());
                if (!session.isHalted()) {
                    assertThat(scxml.records).hasSameSizeAs(arbor.records);
                }
            }
            sawHalt |= machine.isHalted();
        }
        if (chart.name().equals("regions")) {
            assertThat(sawHalt).as("some sequence reaches the top-level final state").isTrue();
        }
    }
}
