package dev.arbor.examples;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.demo.Stage;
import java.io.PrintStream;

/**
 * Samek's QHsmTst: six nested states, nine signals and a guard variable, driven by an
 * event sequence that takes every transition. Prints each event, the trace it caused and the
 * active configuration.
 */
public final class QhsmDemo {

    enum Sig { A, B, C, D, E, F, G, H, I }

    enum S { S, S1, S11, S2, S21, S211 }

    /** The owner: the extended state variable {@code foo}, and where actions write. */
    static final class Hsm {
        final PrintStream out;
        boolean foo;

        Hsm(PrintStream out) {
            this.out = out;
        }

        void say(String line) {
            out.println("  " + line);
        }
    }

    static Chart<Hsm> chart() {
        return Chart.<Hsm>builder("qhsmtst")
                .initial(S.S2)
                .initialAction(h -> h.foo = false)
                .state(S.S, s -> {
                    s.initial(S.S11);
                    s.on(Sig.I).guard(h -> h.foo).action((h, e) -> { h.foo = false; h.say("s handles I, foo := false"); });
                    s.on(Sig.E).target(S.S11).local();
                    s.state(S.S1, s1 -> {
                        s1.initial(S.S11);
                        s1.on(Sig.A).target(S.S1).local();
                        s1.on(Sig.B).target(S.S11).local();
                        s1.on(Sig.C).target(S.S2).local();
                        s1.on(Sig.D).guard(h -> !h.foo).action((h, e) -> h.foo = true).target(S.S).local();
                        s1.on(Sig.F).target(S.S211).local();
                        s1.on(Sig.I).action((h, e) -> h.say("s1 handles I"));
                        s1.state(S.S11, s11 -> {
                            s11.on(Sig.D).guard(h -> h.foo).action((h, e) -> h.foo = false).target(S.S1).local();
                            s11.on(Sig.G).target(S.S211).local();
                            s11.on(Sig.H).target(S.S).local();
                        });
                    });
                    s.state(S.S2, s2 -> {
                        s2.initial(S.S211);
                        s2.on(Sig.C).target(S.S1).local();
                        s2.on(Sig.F).target(S.S11).local();
                        s2.on(Sig.I).guard(h -> !h.foo).action((h, e) -> { h.foo = true; h.say("s2 handles I, foo := true"); });
                        s2.state(S.S21, s21 -> {
                            s21.initial(S.S211);
                            s21.on(Sig.A).target(S.S21).local();
                            s21.on(Sig.B).target(S.S211).local();
                            s21.on(Sig.G).target(S.S1).local();
                            s21.state(S.S211, s211 -> {
                                s211.on(Sig.D).target(S.S21).local();
                                s211.on(Sig.H).target(S.S).local();
                            });
                        });
                    });
                })
                .build();
    }

    /** The event sequence that visits every transition of the chart. */
    static final String SCRIPT = "A B D E I F I I F A B D D E G H H C G C C";

    public static void run(PrintStream out) {
        run(out, Stage.NONE);
    }

    static void run(PrintStream out, Stage stage) {
        out.println("Samek's QHsmTst on Arbor: events " + SCRIPT);
        Machine<Hsm> m = chart().newMachine(new Hsm(out));
        m.addListener(new TraceLog(out));
        stage.show("qhsm", m);
        out.println("start");
        m.start();
        out.println("  => " + m.activeStates());
        long t = 0;
        for (String name : SCRIPT.split(" ")) {
            stage.tick(++t);
            out.println(name);
            m.fire(Sig.valueOf(name));
            out.println("  => " + m.activeStates());
        }
    }

    private QhsmDemo() {}
}
