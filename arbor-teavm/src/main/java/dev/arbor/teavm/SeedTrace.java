package dev.arbor.teavm;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.dispatch.Dispatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * A program that runs two of the seed documents' charts and prints their trace, one line a step:
 * the same program is compiled to JavaScript by TeaVM and run under Node, and run on the JVM, and
 * the two outputs must be equal ({@code SeedTraceTest}).
 *
 * <p>The charts are the update-driven HSM's (Millington's Figure 5.19, as arbor-core's
 * {@code Seed000Test} builds it: polled transitions, a shallow history, ticks) and the
 * event-driven HSM's in the declarative style ({@code Seed003Test}'s, Samek's QHsmTst: events,
 * guards on an extended variable, local transitions, an unhandled event), with the same inputs. On the JVM the charts are specialized; under TeaVM the speed tier is absent and
 * they run interpreted, so equal traces also hold the interpreter to the compiled dispatch.
 *
 * <p>So that TeaVM compiles more of the engine than one path, QHsmTst's events reach the machine by
 * three routes in turn ({@link Machine#fire}, {@link Machine#post} then {@link Machine#drainPosted},
 * a {@link Dispatcher}'s telegram), and the guards' labels as tools see them close each chart's trace.
 */
public final class SeedTrace {

    private SeedTrace() {}

    /**
     * Prints the trace, one line a step.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        for (String line : trace()) {
            System.out.println(line);
        }
    }

    /** Both charts' steps: {@code chart step: records | active states}. */
    static List<String> trace() {
        List<String> out = new ArrayList<>();
        figure519(out);
        qhsmtst(out);
        return out;
    }

    // ------------------------------------------------------------------ the update-driven HSM: Figure 5.19

    enum St { L, A, B, C, M, N, L_HISTORY }

    /** The owner: which transitions trigger on the next tick, and what the actions did. */
    static final class Robot {
        final boolean[] triggered = new boolean[8];
        final List<String> log = new ArrayList<>();
    }

    static Chart<Robot> figure519Chart() {
        return Chart.<Robot>builder("figure-5.19")
                .initial(St.L)
                .state(St.L, l -> {
                    l.initial(St.A);
                    logged(l, "L");
                    l.when(r -> r.triggered[4]).action((r, e) -> r.log.add("4-actions")).target(St.M);
                    l.history(St.L_HISTORY, HistoryType.SHALLOW);
                    l.state(St.A, a -> {
                        logged(a, "A");
                        a.when(r -> r.triggered[1]).action((r, e) -> r.log.add("1-actions")).target(St.B);
                    });
                    l.state(St.B, b -> {
                        logged(b, "B");
                        b.when(r -> r.triggered[3]).action((r, e) -> r.log.add("3-actions")).target(St.N);
                    });
                    l.state(St.C, c -> logged(c, "C"));
                })
                .state(St.M, m -> {
                    logged(m, "M");
                    m.when(r -> r.triggered[2]).action((r, e) -> r.log.add("2-actions")).target(St.C);
                    m.when(r -> r.triggered[5]).action((r, e) -> r.log.add("5-actions")).target(St.N);
                })
                .state(St.N, n -> {
                    logged(n, "N");
                    n.when(r -> r.triggered[6]).action((r, e) -> r.log.add("6-actions")).target(St.L_HISTORY);
                    n.when(r -> r.triggered[7]).action((r, e) -> r.log.add("7-actions")).target(St.M);
                })
                .build();
    }

    static void logged(StateBuilder<Robot> s, String name) {
        s.onEntry(r -> r.log.add(name + "-entry"));
        s.onExit(r -> r.log.add(name + "-exit"));
        s.onUpdate(r -> r.log.add(name + "-active"));
    }

    /** The ticks of Seed000Test's paragraphs (the book's), one after the other: the transitions each tick triggers. */
    static final int[][] TICKS = {{}, {1}, {4}, {5}, {6}, {3}, {6}, {1, 4}, {5}, {7}, {2}, {4}, {5}, {6}};

    static void figure519(List<String> out) {
        Robot robot = new Robot();
        Machine<Robot> machine = figure519Chart().newMachine(robot);
        machine.start();
        out.add(line("figure-5.19 start", robot.log, machine));
        for (int[] tick : TICKS) {
            java.util.Arrays.fill(robot.triggered, false);
            StringBuilder name = new StringBuilder("figure-5.19 tick");
            for (int t : tick) {
                robot.triggered[t] = true;
                name.append(' ').append(t);
            }
            machine.update();
            out.add(line(name.toString(), robot.log, machine));
        }
        out.add("figure-5.19 " + guardLabels(machine.chart()));
    }

    // ------------------------------------------------------------------ the event-driven HSM: QHsmTst

    enum Sig { A, B, C, D, E, F, G, H, I, Z }

    enum S { S, S1, S11, S2, S21, S211 }

    /** The owner: the extended variable foo and the trace. */
    static final class Hsm {
        boolean foo;
        final List<String> log = new ArrayList<>();

        void log(String s) {
            log.add(s);
        }
    }

    static Chart<Hsm> qhsmtstChart() {
        return Chart.<Hsm>builder("qhsmtst")
                .initial(S.S2)
                .initialAction(h -> { h.foo = false; h.log("top-INIT"); })
                .onUnhandled((h, e) -> h.log("unhandled-" + e))
                .state(S.S, s -> {
                    s.initial(S.S11).initialAction(h -> h.log("s-INIT"));
                    s.onEntry(h -> h.log("s-ENTRY")).onExit(h -> h.log("s-EXIT"));
                    s.on(Sig.I).guard(h -> h.foo).action((h, e) -> { h.foo = false; h.log("s-I"); });
                    s.on(Sig.E).action((h, e) -> h.log("s-E")).target(S.S11).local();
                    s.state(S.S1, s1 -> {
                        s1.initial(S.S11).initialAction(h -> h.log("s1-INIT"));
                        s1.onEntry(h -> h.log("s1-ENTRY")).onExit(h -> h.log("s1-EXIT"));
                        s1.on(Sig.A).action((h, e) -> h.log("s1-A")).target(S.S1).local();
                        s1.on(Sig.B).action((h, e) -> h.log("s1-B")).target(S.S11).local();
                        s1.on(Sig.C).action((h, e) -> h.log("s1-C")).target(S.S2).local();
                        s1.on(Sig.D).guard(h -> !h.foo)
                                .action((h, e) -> { h.foo = true; h.log("s1-D"); }).target(S.S).local();
                        s1.on(Sig.F).action((h, e) -> h.log("s1-F")).target(S.S211).local();
                        s1.on(Sig.I).action((h, e) -> h.log("s1-I"));
                        s1.state(S.S11, s11 -> {
                            s11.onEntry(h -> h.log("s11-ENTRY")).onExit(h -> h.log("s11-EXIT"));
                            s11.on(Sig.D).guard(h -> h.foo)
                                    .action((h, e) -> { h.foo = false; h.log("s11-D"); }).target(S.S1).local();
                            s11.on(Sig.G).action((h, e) -> h.log("s11-G")).target(S.S211).local();
                            s11.on(Sig.H).action((h, e) -> h.log("s11-H")).target(S.S).local();
                        });
                    });
                    s.state(S.S2, s2 -> {
                        s2.initial(S.S211).initialAction(h -> h.log("s2-INIT"));
                        s2.onEntry(h -> h.log("s2-ENTRY")).onExit(h -> h.log("s2-EXIT"));
                        s2.on(Sig.C).action((h, e) -> h.log("s2-C")).target(S.S1).local();
                        s2.on(Sig.F).action((h, e) -> h.log("s2-F")).target(S.S11).local();
                        s2.on(Sig.I).guard(h -> !h.foo).action((h, e) -> { h.foo = true; h.log("s2-I"); });
                        s2.state(S.S21, s21 -> {
                            s21.initial(S.S211).initialAction(h -> h.log("s21-INIT"));
                            s21.onEntry(h -> h.log("s21-ENTRY")).onExit(h -> h.log("s21-EXIT"));
                            s21.on(Sig.A).action((h, e) -> h.log("s21-A")).target(S.S21).local();
                            s21.on(Sig.B).action((h, e) -> h.log("s21-B")).target(S.S211).local();
                            s21.on(Sig.G).action((h, e) -> h.log("s21-G")).target(S.S1).local();
                            s21.state(S.S211, s211 -> {
                                s211.onEntry(h -> h.log("s211-ENTRY")).onExit(h -> h.log("s211-EXIT"));
                                s211.on(Sig.D).action((h, e) -> h.log("s211-D")).target(S.S21).local();
                                s211.on(Sig.H).action((h, e) -> h.log("s211-H")).target(S.S).local();
                            });
                        });
                    });
                })
                .build();
    }

    /** Seed003Test's script: every transition, guards that fail and bubble, and an unhandled event. */
    static final Sig[] SCRIPT = {
        Sig.A, Sig.B, Sig.D, Sig.E, Sig.I, Sig.F, Sig.I, Sig.I, Sig.F, Sig.A, Sig.B, Sig.D, Sig.D, Sig.E, Sig.G,
        Sig.H, Sig.H, Sig.C, Sig.G, Sig.C, Sig.C, Sig.Z};

    static void qhsmtst(List<String> out) {
        Hsm hsm = new Hsm();
        Machine<Hsm> machine = qhsmtstChart().newMachine(hsm);
        Dispatcher dispatcher = new Dispatcher().register(1, machine);
        machine.start();
        out.add(line("qhsmtst start", hsm.log, machine));
        for (int i = 0; i < SCRIPT.length; i++) {
            Sig e = SCRIPT[i];
            switch (i % 3) {
                case 0 -> machine.fire(e);
                case 1 -> {
                    machine.post(e);
                    machine.drainPosted();
                }
                default -> {
                    dispatcher.send(i, 0, 0, 1, e);
                    dispatcher.deliver(i);
                }
            }
            out.add(line("qhsmtst " + e, hsm.log, machine));
        }
        out.add("qhsmtst " + guardLabels(machine.chart()));
    }

    /** The labels tools show for the chart's guards ({@code -} where a guard has none, as a lambda). */
    static String guardLabels(Chart<?> chart) {
        StringBuilder out = new StringBuilder("guard labels:");
        for (int t = 0; t < chart.transitionCount(); t++) {
            Chart.TransitionInfo info = chart.transitionInfo(t);
            if (info.guarded()) {
                out.append(' ').append(info.guard().orElse("-"));
            }
        }
        return out.toString();
    }

    /** {@code step: records | active states}, taking the records. */
    static String line(String step, List<String> log, Machine<?> machine) {
        String records = String.join(" ", log);
        log.clear();
        return step + ": " + records + " | " + machine.activeStates();
    }
}
