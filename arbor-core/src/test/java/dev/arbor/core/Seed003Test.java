package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 003's machine (Samek's QHsmTst: states s, s1, s11, s2, s21, s211; signals A–I; the
 * extended variable foo read by guards), written in both authoring styles and driven by one long
 * event sequence that takes every transition, including guards that fail and bubble.
 *
 * <p>The handler style reproduces QP's trace exactly: a handler's own code (the "s21-A" record)
 * runs before the exits. The declarative style runs the same transitions with Arbor's
 * exit → action → entry order, so each action record moves to after the exits; the transitions
 * are declared {@link TransitionKind#LOCAL local}, which is QP's semantics.
 */
class Seed003Test {

    enum Sig { A, B, C, D, E, F, G, H, I, Z }

    enum S { S, S1, S11, S2, S21, S211 }

    /** The owner: extended state and the trace. */
    static final class Hsm {
        boolean foo;
        final List<String> log = new ArrayList<>();

        void log(String s) {
            log.add(s);
        }

        List<String> take() {
            List<String> out = List.copyOf(log);
            log.clear();
            return out;
        }
    }

    // ------------------------------------------------------------------ declarative style

    static Chart<Hsm> declarative() {
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

    // ------------------------------------------------------------------ handler style

    /** A handler that logs entry, exit and initial, as every QHsmTst state does. */
    abstract static class Logged implements StateHandler<Hsm> {
        private final String name;

        Logged(String name) {
            this.name = name;
        }

        @Override
        public void onEntry(Hsm h) {
            h.log(name + "-ENTRY");
        }

        @Override
        public void onExit(Hsm h) {
            h.log(name + "-EXIT");
        }

        Reply go(Hsm h, Transitions to, String record, S target) {
            h.log(record);
            return to.state(target);
        }
    }

    static Chart<Hsm> handlers() {
        return Chart.<Hsm>handlers("qhsmtst")
                .initial(S.S2)
                .initialAction(h -> { h.foo = false; h.log("top-INIT"); })
                .onUnhandled((h, e) -> h.log("unhandled-" + e))
                .state(S.S, Chart.ROOT, new Logged("s") {
                    @Override
                    public void onInitial(Hsm h) {
                        h.log("s-INIT");
                    }

                    @Override
                    public Reply onEvent(Hsm h, Object e, Transitions to) {
                        if (e == Sig.I && h.foo) {
                            h.foo = false;
                            h.log("s-I");
                            return Reply.HANDLED;
                        }
                        return e == Sig.E ? go(h, to, "s-E", S.S11) : Reply.UNHANDLED;
                    }
                })
                .initial(S.S, S.S11)
                .state(S.S1, S.S, new Logged("s1") {
                    @Override
                    public void onInitial(Hsm h) {
                        h.log("s1-INIT");
                    }

                    @Override
                    public Reply onEvent(Hsm h, Object e, Transitions to) {
                        switch ((Sig) e) {
                            case A: return go(h, to, "s1-A", S.S1);
                            case B: return go(h, to, "s1-B", S.S11);
                            case C: return go(h, to, "s1-C", S.S2);
                            case D:
                                if (!h.foo) {
                                    h.foo = true;
                                    return go(h, to, "s1-D", S.S);
                                }
                                return Reply.UNHANDLED;
                            case F: return go(h, to, "s1-F", S.S211);
                            case I:
                                h.log("s1-I");
                                return Reply.HANDLED;
                            default: return Reply.UNHANDLED;
                        }
                    }
                })
                .initial(S.S1, S.S11)
                .state(S.S11, S.S1, new Logged("s11") {
                    @Override
                    public Reply onEvent(Hsm h, Object e, Transitions to) {
                        switch ((Sig) e) {
                            case D:
                                if (h.foo) {
                                    h.foo = false;
                                    return go(h, to, "s11-D", S.S1);
                                }
                                return Reply.UNHANDLED;
                            case G: return go(h, to, "s11-G", S.S211);
                            case H: return go(h, to, "s11-H", S.S);
                            default: return Reply.UNHANDLED;
                        }
                    }
                })
                .state(S.S2, S.S, new Logged("s2") {
                    @Override
                    public void onInitial(Hsm h) {
                        h.log("s2-INIT");
                    }

                    @Override
                    public Reply onEvent(Hsm h, Object e, Transitions to) {
                        switch ((Sig) e) {
                            case C: return go(h, to, "s2-C", S.S1);
                            case F: return go(h, to, "s2-F", S.S11);
                            case I:
                                if (!h.foo) {
                                    h.foo = true;
                                    h.log("s2-I");
                                    return Reply.HANDLED;
                                }
                                return Reply.UNHANDLED;
                            default: return Reply.UNHANDLED;
                        }
                    }
                })
                .initial(S.S2, S.S211)
                .state(S.S21, S.S2, new Logged("s21") {
                    @Override
                    public void onInitial(Hsm h) {
                        h.log("s21-INIT");
                    }

                    @Override
                    public Reply onEvent(Hsm h, Object e, Transitions to) {
                        switch ((Sig) e) {
                            case A: return go(h, to, "s21-A", S.S21);
                            case B: return go(h, to, "s21-B", S.S211);
                            case G: return go(h, to, "s21-G", S.S1);
                            default: return Reply.UNHANDLED;
                        }
                    }
                })
                .initial(S.S21, S.S211)
                .state(S.S211, S.S21, new Logged("s211") {
                    @Override
                    public Reply onEvent(Hsm h, Object e, Transitions to) {
                        switch ((Sig) e) {
                            case D: return go(h, to, "s211-D", S.S21);
                            case H: return go(h, to, "s211-H", S.S);
                            default: return Reply.UNHANDLED;
                        }
                    }
                })
                .build();
    }

    // ------------------------------------------------------------------ the trace

    /**
     * One step of the script: the event, the configuration after it, and QP's records for it.
     * The first record of a transition step is the handler's own record.
     */
    record Step(Sig event, List<S> config, List<String> qpTrace) {}

    static Step step(Sig e, List<S> config, String... trace) {
        return new Step(e, config, List.of(trace));
    }

    static final List<S> IN_S211 = List.of(S.S, S.S2, S.S21, S.S211);
    static final List<S> IN_S11 = List.of(S.S, S.S1, S.S11);

    static final List<String> START = List.of(
            "top-INIT", "s-ENTRY", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY");

    static final List<Step> SCRIPT = List.of(
            step(Sig.A, IN_S211, "s21-A", "s211-EXIT", "s21-EXIT", "s21-ENTRY", "s21-INIT", "s211-ENTRY"),
            step(Sig.B, IN_S211, "s21-B", "s211-EXIT", "s211-ENTRY"),
            step(Sig.D, IN_S211, "s211-D", "s211-EXIT", "s21-INIT", "s211-ENTRY"),
            step(Sig.E, IN_S11, "s-E", "s211-EXIT", "s21-EXIT", "s2-EXIT", "s1-ENTRY", "s11-ENTRY"),
            step(Sig.I, IN_S11, "s1-I"),
            step(Sig.F, IN_S211, "s1-F", "s11-EXIT", "s1-EXIT", "s2-ENTRY", "s21-ENTRY", "s211-ENTRY"),
            step(Sig.I, IN_S211, "s2-I"),          // foo: false -> true
            step(Sig.I, IN_S211, "s-I"),           // s2's guard fails, bubbles to s; foo -> false
            step(Sig.F, IN_S11, "s2-F", "s211-EXIT", "s21-EXIT", "s2-EXIT", "s1-ENTRY", "s11-ENTRY"),
            step(Sig.A, IN_S11, "s1-A", "s11-EXIT", "s1-EXIT", "s1-ENTRY", "s1-INIT", "s11-ENTRY"),
            step(Sig.B, IN_S11, "s1-B", "s11-EXIT", "s11-ENTRY"),
            // s11's guard [foo] fails, bubbles to s1 whose guard [!foo] holds: to the ancestor s, locally
            step(Sig.D, IN_S11, "s1-D", "s11-EXIT", "s1-EXIT", "s-INIT", "s1-ENTRY", "s11-ENTRY"),
            step(Sig.D, IN_S11, "s11-D", "s11-EXIT", "s1-INIT", "s11-ENTRY"),
            step(Sig.E, IN_S11, "s-E", "s11-EXIT", "s1-EXIT", "s1-ENTRY", "s11-ENTRY"),
            step(Sig.G, IN_S211, "s11-G", "s11-EXIT", "s1-EXIT", "s2-ENTRY", "s21-ENTRY", "s211-ENTRY"),
            step(Sig.H, IN_S11, "s211-H", "s211-EXIT", "s21-EXIT", "s2-EXIT", "s-INIT", "s1-ENTRY", "s11-ENTRY"),
            step(Sig.H, IN_S11, "s11-H", "s11-EXIT", "s1-EXIT", "s-INIT", "s1-ENTRY", "s11-ENTRY"),
            step(Sig.C, IN_S211, "s1-C", "s11-EXIT", "s1-EXIT", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"),
            step(Sig.G, IN_S11, "s21-G", "s211-EXIT", "s21-EXIT", "s2-EXIT", "s1-ENTRY", "s1-INIT", "s11-ENTRY"),
            step(Sig.C, IN_S211, "s1-C", "s11-EXIT", "s1-EXIT", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"),
            step(Sig.C, IN_S11, "s2-C", "s211-EXIT", "s21-EXIT", "s2-EXIT", "s1-ENTRY", "s1-INIT", "s11-ENTRY"),
            step(Sig.Z, IN_S11, "unhandled-Z"));

    @Test
    void handlerStyleReproducesQpTraceStepByStep() {
        Hsm hsm = new Hsm();
        Machine<Hsm> m = handlers().newMachine(hsm);
        m.start();
        assertThat(hsm.take()).containsExactlyElementsOf(START);
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S211);
        for (Step step : SCRIPT) {
            m.fire(step.event());
            assertThat(hsm.take()).as("after %s", step.event()).containsExactlyElementsOf(step.qpTrace());
            assertThat(m.activeStates()).as("configuration after %s", step.event())
                    .containsExactlyElementsOf(step.config());
        }
    }

    @Test
    void declarativeStyleRunsTheSameTransitionsWithActionsBetweenExitsAndEntries() {
        Hsm hsm = new Hsm();
        Machine<Hsm> m = declarative().newMachine(hsm);
        m.start();
        assertThat(hsm.take()).containsExactlyElementsOf(START);
        for (Step step : SCRIPT) {
            m.fire(step.event());
            assertThat(hsm.take()).as("after %s", step.event())
                    .containsExactlyElementsOf(declarativeOrder(step.qpTrace()));
            assertThat(m.activeStates()).as("configuration after %s", step.event())
                    .containsExactlyElementsOf(step.config());
        }
    }

    /** QP's trace with the handler's record moved after the last exit: exit → action → entry. */
    static List<String> declarativeOrder(List<String> qp) {
        if (qp.size() == 1) {
            return qp; // internal transition or unhandled: nothing moves
        }
        List<String> out = new ArrayList<>(qp.subList(1, qp.size()));
        int lastExit = -1;
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).endsWith("-EXIT")) {
                lastExit = i;
            }
        }
        out.add(lastExit + 1, qp.get(0));
        return out;
    }

    @Test
    void theRecordOrderDiffersOnlyByWhereTheActionRuns() {
        assertThat(declarativeOrder(List.of("s21-A", "s211-EXIT", "s21-EXIT", "s21-ENTRY")))
                .containsExactly("s211-EXIT", "s21-EXIT", "s21-A", "s21-ENTRY");
        assertThat(declarativeOrder(List.of("s211-D", "s211-EXIT", "s21-INIT", "s211-ENTRY")))
                .containsExactly("s211-EXIT", "s211-D", "s21-INIT", "s211-ENTRY");
    }

    @Test
    void bothStylesCompileToTheSameStructure() {
        Chart<Hsm> a = declarative();
        Chart<Hsm> b = handlers();
        assertThat(a.stateCount()).isEqualTo(b.stateCount());
        for (int s = 0; s < a.stateCount(); s++) {
            assertThat(b.stateKey(s)).isEqualTo(a.stateKey(s));
            assertThat(b.parent(s)).isEqualTo(a.parent(s));
            assertThat(b.kind(s)).isEqualTo(a.kind(s));
        }
    }

    @Test
    void isInHoldsForTheLeafAndEveryAncestor() {
        Machine<Hsm> m = declarative().newMachine(new Hsm());
        m.start();
        assertThat(m.isIn(S.S211)).isTrue();
        assertThat(m.isIn(S.S21)).isTrue();
        assertThat(m.isIn(S.S2)).isTrue();
        assertThat(m.isIn(S.S)).isTrue();
        assertThat(m.isIn(S.S1)).isFalse();
        assertThat(m.isIn(S.S11)).isFalse();
    }
}
