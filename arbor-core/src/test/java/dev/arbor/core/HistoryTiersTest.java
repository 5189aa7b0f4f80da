package dev.arbor.core;

import dev.arbor.core.semantics.TierSwitch;
import dev.arbor.core.semantics.UserCode;
import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.StateDef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Transitions into history states on every tier of the engine: each script runs on the
 * specialized code (with a listener, its full variant; without, its quiet one), on the
 * interpreter's flat path and on the general SCXML microstep, and must give the same records
 * step by step. A flat chart enters through a history by entries precomputed per value the
 * history can hold ({@code CompiledChart.paths.historyEntries}), chosen by one look-up of the record
 * after the step's exits; the general microstep computes the same entries from SCXML's
 * addDescendantStatesToEnter (SCXML §3.10, Appendix D).
 *
 * <p>Every state's entry and exit actions write {@code "enter X"} and {@code "exit X"}, so that
 * the order of entries, initial actions ({@code "X initial"}), history default actions
 * ({@code "H default"}) and transition actions is visible without a listener; where a listener is
 * attached it must hear exactly those entries and exits.
 */
class HistoryTiersTest {

    enum Ev { ENTER, SHALLOW, DEEP, LEAVE, NEXT, AGAIN, BACK, GO, OUT }

    /**
     * <pre>
     * root ─ OFF   ENTER→M, SHALLOW→HS, DEEP→HD
     *      ─ M (initial M1)   LEAVE→OFF, AGAIN→HD (external), BACK→HD (local)
     *          HS shallow, default M2;  HD deep, no default (M's initial, M1); each with a default action
     *          ├─ M1 (initial M1a) ─ M1a NEXT→M1b;  M1b NEXT→M2
     *          └─ M2 (initial M2a) ─ M2a NEXT→M2b;  M2b
     * </pre>
     * Every compound has an initial action; every transition an action named after its event.
     */
    static ChartBuilder<Trace> machine() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("history-tiers");
        b.initial("OFF");
        state(b, "OFF", s -> {
            s.on(Ev.ENTER).action(say("enter!")).target("M");
            s.on(Ev.SHALLOW).action(say("shallow!")).target("HS");
            s.on(Ev.DEEP).action(say("deep!")).target("HD");
        });
        state(b, "M", m -> {
            m.initial("M1").initialAction(note("M initial"));
            m.history("HS", HistoryType.SHALLOW, "M2");
            m.history("HD", HistoryType.DEEP);
            historyDefaultAction(m, "HS", "HS default");
            historyDefaultAction(m, "HD", "HD default");
            m.on(Ev.LEAVE).action(say("leave!")).target("OFF");
            m.on(Ev.AGAIN).action(say("again!")).target("HD");
            m.on(Ev.BACK).action(say("back!")).target("HD").local();
            state(m, "M1", s -> {
                s.initial("M1a").initialAction(note("M1 initial"));
                state(s, "M1a", a -> a.on(Ev.NEXT).action(say("next!")).target("M1b"));
                state(s, "M1b", a -> a.on(Ev.NEXT).action(say("next!")).target("M2"));
            });
            state(m, "M2", s -> {
                s.initial("M2a").initialAction(note("M2 initial"));
                state(s, "M2a", a -> a.on(Ev.NEXT).action(say("next!")).target("M2b"));
                state(s, "M2b", a -> { });
            });
        });
        return b;
    }

    @Test
    void aHistoryThatRecordedNothingRunsItsDefaultActionThenEntersItsDefault() {
        new Script(HistoryTiersTest::machine)
                .start("enter root", "enter OFF")
                // HD has no default targets: M's initial content, M1, entered by default below; M's
                // own initial action does not run, the history's default transition stands for it.
                .fire(Ev.DEEP, "exit OFF", "deep!", "enter M", "HD default", "enter M1", "M1 initial", "enter M1a")
                .in("M", "M1", "M1a")
                .fire(Ev.LEAVE, "exit M1a", "exit M1", "exit M", "leave!", "enter OFF")
                // HS has recorded M1 now: no default action, M1 entered by default below.
                .fire(Ev.SHALLOW, "exit OFF", "shallow!", "enter M", "enter M1", "M1 initial", "enter M1a")
                .in("M", "M1", "M1a")
                .runOnEveryTier();
        new Script(HistoryTiersTest::machine)
                .start("enter root", "enter OFF")
                .fire(Ev.SHALLOW, "exit OFF", "shallow!", "enter M", "HS default", "enter M2", "M2 initial", "enter M2a")
                .in("M", "M2", "M2a")
                .runOnEveryTier();
    }

    @Test
    void shallowHistoryRestoresTheChildAndDeepHistoryTheLeaf() {
        new Script(HistoryTiersTest::machine)
                .start("enter root", "enter OFF")
                .fire(Ev.ENTER, "exit OFF", "enter!", "enter M", "M initial", "enter M1", "M1 initial", "enter M1a")
                .fire(Ev.NEXT, "exit M1a", "next!", "enter M1b")
                .fire(Ev.LEAVE, "exit M1b", "exit M1", "exit M", "leave!", "enter OFF")
                // Deep: the leaf and its ancestors, no initial action on the way.
                .fire(Ev.DEEP, "exit OFF", "deep!", "enter M", "enter M1", "enter M1b")
                .in("M", "M1", "M1b")
                .fire(Ev.LEAVE, "exit M1b", "exit M1", "exit M", "leave!", "enter OFF")
                // Shallow: the child, with its initial transition followed again.
                .fire(Ev.SHALLOW, "exit OFF", "shallow!", "enter M", "enter M1", "M1 initial", "enter M1a")
                .in("M", "M1", "M1a")
                .runOnEveryTier();
    }

    @Test
    void aLeafEnteredThroughHistoryIsExitedAgainLikeAnyOther() {
        new Script(HistoryTiersTest::machine)
                .start("enter root", "enter OFF")
                .fire(Ev.ENTER, "exit OFF", "enter!", "enter M", "M initial", "enter M1", "M1 initial", "enter M1a")
                .fire(Ev.NEXT, "exit M1a", "next!", "enter M1b")
                .fire(Ev.LEAVE, "exit M1b", "exit M1", "exit M", "leave!", "enter OFF")
                .fire(Ev.DEEP, "exit OFF", "deep!", "enter M", "enter M1", "enter M1b")
                .fire(Ev.NEXT, "exit M1b", "exit M1", "next!", "enter M2", "M2 initial", "enter M2a")
                .in("M", "M2", "M2a")
                .fire(Ev.NEXT, "exit M2a", "next!", "enter M2b")
                .fire(Ev.LEAVE, "exit M2b", "exit M2", "exit M", "leave!", "enter OFF")
                .fire(Ev.DEEP, "exit OFF", "deep!", "enter M", "enter M2", "enter M2b")
                .in("M", "M2", "M2b")
                .fire(Ev.LEAVE, "exit M2b", "exit M2", "exit M", "leave!", "enter OFF")
                .in("OFF")
                .runOnEveryTier();
    }

    @Test
    void theParentsExternalTransitionToItsHistoryRecordsBeforeItReenters() {
        new Script(HistoryTiersTest::machine)
                .start("enter root", "enter OFF")
                .fire(Ev.ENTER, "exit OFF", "enter!", "enter M", "M initial", "enter M1", "M1 initial", "enter M1a")
                .fire(Ev.NEXT, "exit M1a", "next!", "enter M1b")
                .fire(Ev.AGAIN, "exit M1b", "exit M1", "exit M", "again!", "enter M", "enter M1", "enter M1b")
                .in("M", "M1", "M1b")
                .runOnEveryTier();
    }

    /**
     * A local transition from M to its own history keeps M active: M is not exited, so nothing is
     * recorded in the step, and what HD recorded before decides (SCXML type="internal").
     * (A history target never makes a domain that is itself kept by {@code DOMAIN_STAYS_ACTIVE}: that needs the
     * target to be the domain or its ancestor, and a history state has no descendants.)
     */
    @Test
    void aLocalTransitionToTheParentsHistoryKeepsTheParentAndUsesTheEarlierRecord() {
        new Script(HistoryTiersTest::machine)
                .start("enter root", "enter OFF")
                .fire(Ev.ENTER, "exit OFF", "enter!", "enter M", "M initial", "enter M1", "M1 initial", "enter M1a")
                .fire(Ev.NEXT, "exit M1a", "next!", "enter M1b")
                .fire(Ev.LEAVE, "exit M1b", "exit M1", "exit M", "leave!", "enter OFF")
                .fire(Ev.ENTER, "exit OFF", "enter!", "enter M", "M initial", "enter M1", "M1 initial", "enter M1a")
                .fire(Ev.BACK, "exit M1a", "exit M1", "back!", "enter M1", "enter M1b")
                .in("M", "M1", "M1b")
                .runOnEveryTier();
    }

    /** Never recorded and M not entered: the default targets, but no default action, which runs only after M's entry. */
    @Test
    void aLocalTransitionToAHistoryThatRecordedNothingRunsNoDefaultAction() {
        new Script(HistoryTiersTest::machine)
                .start("enter root", "enter OFF")
                .fire(Ev.ENTER, "exit OFF", "enter!", "enter M", "M initial", "enter M1", "M1 initial", "enter M1a")
                .fire(Ev.NEXT, "exit M1a", "next!", "enter M1b")
                .fire(Ev.BACK, "exit M1b", "exit M1", "back!", "enter M1", "M1 initial", "enter M1a")
                .in("M", "M1", "M1a")
                .runOnEveryTier();
    }

    /**
     * <pre>
     * root ─ A (initial P)   GO→PH (local: A stays active)
     *          └─ P (initial P1)  PH deep, default P2; default action
     *               ├─ P1 (initial P1a) ─ P1a NEXT→P1b;  P1b
     *               └─ P2
     *      ─ Z   OUT→PH
     * </pre>
     */
    static ChartBuilder<Trace> nested() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("history-in-a-kept-domain");
        b.initial("A");
        state(b, "A", a -> {
            a.initial("P").initialAction(note("A initial"));
            a.on(Ev.GO).action(say("go!")).target("PH").local();
            a.on(Ev.LEAVE).action(say("leave!")).target("Z");
            state(a, "P", p -> {
                p.initial("P1").initialAction(note("P initial"));
                p.history("PH", HistoryType.DEEP, "P2");
                historyDefaultAction(p, "PH", "PH default");
                state(p, "P1", s -> {
                    s.initial("P1a").initialAction(note("P1 initial"));
                    state(s, "P1a", x -> x.on(Ev.NEXT).action(say("next!")).target("P1b"));
                    state(s, "P1b", x -> { });
                });
                state(p, "P2", s -> { });
            });
        });
        state(b, "Z", z -> z.on(Ev.OUT).action(say("out!")).target("PH"));
        return b;
    }

    @Test
    void aLocalTransitionFromAnAncestorRecordsTheParentAndReentersItThroughItsHistory() {
        new Script(HistoryTiersTest::nested)
                .start("enter root", "enter A", "A initial", "enter P", "P initial", "enter P1", "P1 initial", "enter P1a")
                .fire(Ev.NEXT, "exit P1a", "next!", "enter P1b")
                // A is the domain and stays; P is exited (recording P1b) and entered again below it.
                .fire(Ev.GO, "exit P1b", "exit P1", "exit P", "go!", "enter P", "enter P1", "enter P1b")
                .in("A", "P", "P1", "P1b")
                .runOnEveryTier();
    }

    @Test
    void aHistoryEnteredFromOutsideItsGrandparentEntersTheAncestorsBetween() {
        new Script(HistoryTiersTest::nested)
                .start("enter root", "enter A", "A initial", "enter P", "P initial", "enter P1", "P1 initial", "enter P1a")
                .fire(Ev.LEAVE, "exit P1a", "exit P1", "exit P", "exit A", "leave!", "enter Z")
                .fire(Ev.OUT, "exit Z", "out!", "enter A", "enter P", "enter P1", "enter P1a")
                .in("A", "P", "P1", "P1a")
                .runOnEveryTier();
        new Script(() -> {
            ChartBuilder<Trace> b = nested();
            b.initial("Z"); // PH has recorded nothing when Z leaves for it
            return b;
        })
                .start("enter root", "enter Z")
                .fire(Ev.OUT, "exit Z", "out!", "enter A", "enter P", "PH default", "enter P2")
                .in("A", "P", "P2")
                .runOnEveryTier();
    }

    // ------------------------------------------------------------------ what the compiled code leaves to the interpreter

    /** A deep history over 70 leaves: more cases than the specialized code compiles in (64). */
    static ChartBuilder<Trace> wide() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("wide-history");
        b.initial("OFF");
        state(b, "OFF", s -> s.on(Ev.DEEP).action(say("deep!")).target("WH"));
        state(b, "W", w -> {
            w.initial("w0");
            w.history("WH", HistoryType.DEEP);
            w.on(Ev.LEAVE).action(say("leave!")).target("OFF");
            for (int i = 0; i < 70; i++) {
                String name = "w" + i;
                String next = "w" + (i + 1) % 70;
                state(w, name, s -> s.on(Ev.NEXT).action(say("next!")).target(next));
            }
        });
        return b;
    }

    @Test
    void aHistoryWithMoreCasesThanTheSpecializedCodeHoldsIsLeftToTheInterpretersFlatStep() {
        Chart<Trace> chart = wide().build();
        CompiledChart c = chart.compiled();
        int toHistory = transitionInto(chart, "WH");
        assertThat(c.paths.precomputed[toHistory]).as("the interpreter's flat step takes it").isTrue();
        assertThat(c.paths.historyEntries[chart.stateId("WH")].length).as("cases: the 70 leaves, and recorded nothing").isEqualTo(71);
        assertThat(TierSwitch.specializeNow(chart).leftToInterpreter()).containsExactly(toHistory);
        new Script(HistoryTiersTest::wide)
                .start("enter root", "enter OFF")
                .fire(Ev.DEEP, "exit OFF", "deep!", "enter W", "enter w0")
                .fire(Ev.NEXT, "exit w0", "next!", "enter w1")
                .fire(Ev.NEXT, "exit w1", "next!", "enter w2")
                .fire(Ev.LEAVE, "exit w2", "exit W", "leave!", "enter OFF")
                .fire(Ev.DEEP, "exit OFF", "deep!", "enter W", "enter w2")
                .in("W", "w2")
                .runOnEveryTier();
    }

    /**
     * M's history records C; C's initial is C's own history, so what entering C enters depends on
     * a second record: no precomputed entries, and transitions to MH take the general microstep
     * on every tier.
     */
    static ChartBuilder<Trace> historyBehindHistory() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("history-behind-history");
        b.initial("OFF");
        state(b, "OFF", s -> s.on(Ev.SHALLOW).action(say("shallow!")).target("MH"));
        state(b, "M", m -> {
            m.initial("C");
            m.history("MH", HistoryType.SHALLOW);
            m.on(Ev.LEAVE).action(say("leave!")).target("OFF");
            state(m, "C", s -> {
                s.initial("CH");
                s.history("CH", HistoryType.SHALLOW, "c1");
                state(s, "c1", x -> x.on(Ev.NEXT).action(say("next!")).target("c2"));
                state(s, "c2", x -> { });
            });
        });
        return b;
    }

    @Test
    void aHistoryWhoseEntryPassesThroughAnotherHistoryTakesTheGeneralStep() {
        Chart<Trace> chart = historyBehindHistory().build();
        int toHistory = transitionInto(chart, "MH");
        assertThat(chart.compiled().paths.historyTarget[toHistory]).as("no precomputed entries").isEqualTo(-1);
        assertThat(chart.compiled().paths.precomputed[toHistory]).isFalse();
        new Script(HistoryTiersTest::historyBehindHistory)
                .start("enter root", "enter OFF")
                .fire(Ev.SHALLOW, "exit OFF", "shallow!", "enter M", "enter C", "enter c1")
                .fire(Ev.NEXT, "exit c1", "next!", "enter c2")
                .fire(Ev.LEAVE, "exit c2", "exit C", "exit M", "leave!", "enter OFF")
                .fire(Ev.SHALLOW, "exit OFF", "shallow!", "enter M", "enter C", "enter c2")
                .in("M", "C", "c2")
                .runOnEveryTier();
    }

    // ------------------------------------------------------------------ the harness

    /** The tiers a script runs on. */
    enum Tier {
        /** The specialized code with a listener attached: its full variant. */
        SPECIALIZED,
        /** The specialized code without a listener: its quiet variant. */
        SPECIALIZED_QUIET,
        /** The interpreter's flat path. */
        FLAT,
        /** The general SCXML microstep. */
        GENERAL
    }

    /** A chart, the records of its start, then events, each with the records and (optionally) the configuration expected. */
    static final class Script {
        private final Supplier<ChartBuilder<Trace>> chart;
        private final List<Object> events = new ArrayList<>();
        private final List<List<String>> records = new ArrayList<>();
        private final List<List<String>> configurations = new ArrayList<>();

        Script(Supplier<ChartBuilder<Trace>> chart) {
            this.chart = chart;
        }

        Script start(String... expected) {
            return fire(null, expected);
        }

        Script fire(Object event, String... expected) {
            events.add(event);
            records.add(List.of(expected));
            configurations.add(null);
            return this;
        }

        /** The configuration (below the root) after the last step. */
        Script in(String... states) {
            configurations.set(configurations.size() - 1, List.of(states));
            return this;
        }

        void runOnEveryTier() {
            for (Tier tier : Tier.values()) {
                run(tier);
            }
        }

        private void run(Tier tier) {
            Chart<Trace> c = build(chart.get(), tier);
            Trace owner = new Trace();
            Trace listener = new Trace();
            Machine<Trace> m = c.newMachine(owner);
            if (tier != Tier.SPECIALIZED_QUIET) {
                m.addListener(listener);
            }
            for (int i = 0; i < events.size(); i++) {
                Object event = events.get(i);
                if (event == null) {
                    m.start();
                } else {
                    m.fire(event);
                }
                String step = tier + ", " + (event == null ? "start" : "after " + event) + " (step " + i + ")";
                assertThat(owner.take()).as(step).containsExactlyElementsOf(records.get(i));
                assertThat(listener.take()).as(step + ": the listener hears every entry and exit")
                        .containsExactlyElementsOf(tier == Tier.SPECIALIZED_QUIET ? List.of() : entriesAndExits(records.get(i)));
                if (configurations.get(i) != null) {
                    assertThat(m.activeStates()).as(step + ": configuration").containsExactlyElementsOf(configurations.get(i));
                }
                assertThat(owner.errors()).as(step + ": errors").isEmpty();
            }
        }
    }

    /** The chart as the tier needs it: specialized, or kept on the flat interpreter, or on the general microstep alone. */
    static Chart<Trace> build(ChartBuilder<Trace> builder, Tier tier) {
        builder.onEntry(note("enter root"));
        Chart<Trace> c = builder.build();
        CompiledChart compiled = c.compiled();
        assertThat(compiled.flat).as("%s: flat chart", tier).isTrue();
        if (tier == Tier.SPECIALIZED || tier == Tier.SPECIALIZED_QUIET) {
            assertThat(TierSwitch.specializeNow(c)).as("specialized").isNotNull();
        } else if (tier == Tier.GENERAL) {
            TierSwitch.generalOnly(c);
        } else {
            TierSwitch.neverSpecialize(c);
        }
        return c;
    }

    /** The entry and exit records of a step, as a listener hears them. */
    static List<String> entriesAndExits(List<String> records) {
        return records.stream().filter(r -> r.startsWith("enter ") || r.startsWith("exit ")).toList();
    }

    /** Declares a state whose entry and exit actions write "enter name" and "exit name". */
    static void state(StateBuilder<Trace> parent, String name, Consumer<StateBuilder<Trace>> spec) {
        parent.state(name, s -> {
            s.onEntry(note("enter " + name)).onExit(note("exit " + name));
            spec.accept(s);
        });
    }

    /**
     * Gives history state {@code history} (a child of {@code parent}) a default action: the
     * content of SCXML's {@code <history><transition>}, run once the parent is entered when the
     * history has recorded nothing. No builder declares one yet (the SCXML loader runs that
     * content from the parent's entry); the engine runs it, so these tests set it on the definition.
     */
    static void historyDefaultAction(StateBuilder<Trace> parent, String history, String record) {
        for (StateDef child : parent.def.children) {
            if (child.name.equals(history)) {
                child.initialActions.add(UserCode.ownerAction(note(record)));
                return;
            }
        }
        throw new IllegalArgumentException(history);
    }

    /** The one transition that targets state {@code target}. */
    static int transitionInto(Chart<Trace> chart, String target) {
        int id = chart.stateId(target);
        int found = -1;
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (Arrays.equals(chart.transitionTargets(t), new int[] {id})) {
                assertThat(found).as("one transition into " + target).isEqualTo(-1);
                found = t;
            }
        }
        return found;
    }
}
