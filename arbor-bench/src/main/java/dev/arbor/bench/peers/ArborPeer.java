package dev.arbor.bench.peers;

import dev.arbor.core.Chart;

/**
 * Arbor: the declarative chart of seed 003 ({@code Seed003Test.declarative()}), with QP's
 * local transitions declared {@code .local()}. The chart is compiled once and shared; each peer
 * instance is one {@link Machine}. This is the reference every other peer is compared with.
 */
public final class ArborPeer extends ArborMachinePeer {

    /** The compiled chart, shared by every machine. */
    public static final Chart<QhsmOwner> CHART = chart();

    public ArborPeer(QhsmOwner owner) {
        super(CHART, owner);
    }

    static Chart<QhsmOwner> chart() {
        return Chart.<QhsmOwner>builder("qhsmtst")
                .initial(Q.S2)
                .initialAction(h -> { h.foo = false; h.rec("top-INIT"); })
                .onUnhandled((h, e) -> h.rec(((Sig) e).unhandledRecord()))
                .state(Q.S, s -> {
                    s.initial(Q.S11).initialAction(h -> h.rec("s-INIT"));
                    s.onEntry(h -> h.rec("s-ENTRY")).onExit(h -> h.rec("s-EXIT"));
                    s.on(Sig.I).guard(h -> h.foo).action((h, e) -> { h.foo = false; h.rec("s-I"); });
                    s.on(Sig.E).action((h, e) -> h.rec("s-E")).target(Q.S11).local();
                    s.state(Q.S1, s1 -> {
                        s1.initial(Q.S11).initialAction(h -> h.rec("s1-INIT"));
                        s1.onEntry(h -> h.rec("s1-ENTRY")).onExit(h -> h.rec("s1-EXIT"));
                        s1.on(Sig.A).action((h, e) -> h.rec("s1-A")).target(Q.S1).local();
                        s1.on(Sig.B).action((h, e) -> h.rec("s1-B")).target(Q.S11).local();
                        s1.on(Sig.C).action((h, e) -> h.rec("s1-C")).target(Q.S2).local();
                        s1.on(Sig.D).guard(h -> !h.foo)
                                .action((h, e) -> { h.foo = true; h.rec("s1-D"); }).target(Q.S).local();
                        s1.on(Sig.F).action((h, e) -> h.rec("s1-F")).target(Q.S211).local();
                        s1.on(Sig.I).action((h, e) -> h.rec("s1-I"));
                        s1.state(Q.S11, s11 -> {
                            s11.onEntry(h -> h.rec("s11-ENTRY")).onExit(h -> h.rec("s11-EXIT"));
                            s11.on(Sig.D).guard(h -> h.foo)
                                    .action((h, e) -> { h.foo = false; h.rec("s11-D"); }).target(Q.S1).local();
                            s11.on(Sig.G).action((h, e) -> h.rec("s11-G")).target(Q.S211).local();
                            s11.on(Sig.H).action((h, e) -> h.rec("s11-H")).target(Q.S).local();
                        });
                    });
                    s.state(Q.S2, s2 -> {
                        s2.initial(Q.S211).initialAction(h -> h.rec("s2-INIT"));
                        s2.onEntry(h -> h.rec("s2-ENTRY")).onExit(h -> h.rec("s2-EXIT"));
                        s2.on(Sig.C).action((h, e) -> h.rec("s2-C")).target(Q.S1).local();
                        s2.on(Sig.F).action((h, e) -> h.rec("s2-F")).target(Q.S11).local();
                        s2.on(Sig.I).guard(h -> !h.foo).action((h, e) -> { h.foo = true; h.rec("s2-I"); });
                        s2.state(Q.S21, s21 -> {
                            s21.initial(Q.S211).initialAction(h -> h.rec("s21-INIT"));
                            s21.onEntry(h -> h.rec("s21-ENTRY")).onExit(h -> h.rec("s21-EXIT"));
                            s21.on(Sig.A).action((h, e) -> h.rec("s21-A")).target(Q.S21).local();
                            s21.on(Sig.B).action((h, e) -> h.rec("s21-B")).target(Q.S211).local();
                            s21.on(Sig.G).action((h, e) -> h.rec("s21-G")).target(Q.S1).local();
                            s21.state(Q.S211, s211 -> {
                                s211.onEntry(h -> h.rec("s211-ENTRY")).onExit(h -> h.rec("s211-EXIT"));
                                s211.on(Sig.D).action((h, e) -> h.rec("s211-D")).target(Q.S21).local();
                                s211.on(Sig.H).action((h, e) -> h.rec("s211-H")).target(Q.S).local();
                            });
                        });
                    });
                })
                .build();
    }
}
