package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart.Callbacks;
import dev.arbor.core.Chart.StateInfo;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.Chart.TransitionInfo.Mode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Read-only introspection for tools ({@link Chart#stateInfo}, {@link Chart#transitionInfo},
 * {@link Chart#historyStates}): what exporters and inspectors show of a chart. Initial targets
 * (the root's too), history types and defaults, which actions a state runs, and for each
 * transition its triggers as display text, kind, guard and action. User code is labelled by its
 * own {@code toString()} (components loaded from files), by its class's simple name when it has
 * none, and not at all when it is a lambda.
 */
class IntrospectionTest {

    enum Ev { GO, STOP }

    record Hit(int damage) {}

    /** A component as a file would configure it: its toString() names it and its settings. */
    record MoveTo(double speed) implements Behavior<Object>, StateAction<Object> {
        @Override
        public void run(Object owner) {}

        @Override
        public String toString() {
            return "MoveTo{speed=" + speed + "}";
        }
    }

    /** A named condition class without a toString of its own: labelled by its simple name. */
    static final class IsHungry implements Condition<Object> {
        @Override
        public boolean test(Object owner) {
            return true;
        }
    }

    record Log<E>(String text) implements Action<Object, E> {
        @Override
        public void run(Object owner, E event) {}
    }

    /**
     * <pre>
     * root (initial Idle)
     *   ├─ Idle   entry MoveTo, entry lambda; GO [IsHungry] / Log → Busy; "*" → Idle (local); Hit (internal)
     *   ├─ Busy (initial B1, history H deep with default B2)
     *   │    ├─ B1  update lambda; when(IsHungry, lambda) → B2; always → Done
     *   │    ├─ B2  onDone-of-Busy from Busy
     *   │    └─ Fin (final)
     *   └─ Done (final)
     * </pre>
     */
    static Chart<Object> chart() {
        StateAction<Object> lambda = o -> { };
        return Chart.builder("intro")
                .initial("Idle")
                .state("Idle", s -> {
                    s.onEntry(new MoveTo(2.5)).onEntry(lambda);
                    s.use(new MoveTo(1.0));
                    s.on(Ev.GO).guard(new IsHungry()).action(new Log<>("go")).target("Busy");
                    s.on("*").target("Idle").local();
                    s.on(Hit.class).action((o, e) -> { });
                })
                .state("Busy", s -> {
                    s.initial("B1");
                    s.history("H", HistoryType.DEEP, "B2");
                    s.onDone().target("Done");
                    s.state("B1", b -> {
                        b.onUpdate(lambda);
                        b.when(new IsHungry(), o -> true).target("B2");
                        b.always().guard(Conditions.not(new IsHungry())).target("Fin");
                    });
                    s.state("B2", b -> b.on("error.execution ping").target("H"));
                    s.finalState("Fin");
                })
                .finalState("Done")
                .build();
    }

    static final Chart<Object> CHART = chart();

    static int id(String name) {
        return CHART.stateId(name);
    }

    static TransitionInfo transition(String source, String triggerText) {
        for (int t = 0; t < CHART.transitionCount(); t++) {
            TransitionInfo info = CHART.transitionInfo(t);
            if (info.source() == id(source) && info.triggerText().equals(triggerText)) {
                return info;
            }
        }
        throw new AssertionError("no transition " + source + " " + triggerText);
    }

    // ------------------------------------------------------------------ states

    @Test
    void theRootAndCompoundStatesReportTheirInitialTargets() {
        assertThat(CHART.stateInfo(0).initialTargets()).containsExactly(id("Idle"));
        assertThat(CHART.stateInfo(id("Busy")).initialTargets()).containsExactly(id("B1"));
        assertThat(CHART.stateInfo(id("Idle")).initialTargets()).isEmpty();
    }

    @Test
    void aHistoryStateReportsItsTypeAndDefaultTargetsAndItsParentListsIt() {
        StateInfo h = CHART.stateInfo(id("H"));
        assertThat(h.kind()).isEqualTo(StateKind.DEEP_HISTORY);
        assertThat(h.historyType()).contains(HistoryType.DEEP);
        assertThat(h.initialTargets()).containsExactly(id("B2"));
        assertThat(CHART.historyStates(id("Busy"))).containsExactly(id("H"));
        assertThat(CHART.stateInfo(id("Busy")).historyStates()).containsExactly(id("H"));
        assertThat(CHART.stateInfo(id("Busy")).historyType()).isEmpty();
        assertThat(CHART.historyStates(0)).isEmpty();
    }

    @Test
    void actionsAreCountedAndLabelledByTheirOwnTextButLambdasHaveNoLabel() {
        StateInfo idle = CHART.stateInfo(id("Idle"));
        assertThat(idle.name()).isEqualTo("Idle");
        assertThat(idle.entry()).isEqualTo(new Callbacks(2, List.of("MoveTo{speed=2.5}")));
        assertThat(idle.exit().isEmpty()).isTrue();
        assertThat(idle.behaviors()).containsExactly("MoveTo{speed=1.0}");
        assertThat(CHART.stateInfo(id("B1")).update()).isEqualTo(new Callbacks(1, List.of()));
        assertThat(CHART.stateInfo(id("B1")).hasHandler()).isFalse();
    }

    // ------------------------------------------------------------------ transitions

    @Test
    void anEventTransitionReportsTriggerGuardActionTargetAndKind() {
        TransitionInfo go = transition("Idle", "GO");
        assertThat(go.mode()).isEqualTo(Mode.EVENT);
        assertThat(go.triggers()).containsExactly("GO");
        assertThat(go.guarded()).isTrue();
        assertThat(go.guard()).contains("IsHungry");
        assertThat(go.action()).isEqualTo(new Callbacks(1, List.of("Log[text=go]")));
        assertThat(go.targets()).containsExactly(id("Busy"));
        assertThat(go.kind()).isEqualTo(TransitionKind.EXTERNAL);
        assertThat(go.internal()).isFalse();
    }

    @Test
    void triggersReadAsWildcardsClassNamesDescriptorsAndDoneEvents() {
        TransitionInfo any = transition("Idle", "*");
        assertThat(any.kind()).isEqualTo(TransitionKind.LOCAL);
        assertThat(any.guarded()).isFalse();
        assertThat(any.guard()).isEmpty();

        TransitionInfo hit = transition("Idle", "Hit");
        assertThat(hit.internal()).isTrue();
        assertThat(hit.action()).isEqualTo(new Callbacks(1, List.of()));

        assertThat(transition("B2", "error.execution ping").triggers()).containsExactly("error.execution", "ping");
        assertThat(transition("B2", "error.execution ping").targets()).containsExactly(id("H"));
        assertThat(transition("Busy", "done.state.Busy").targets()).containsExactly(id("Done"));
    }

    @Test
    void polledAndEventlessTransitionsCarryTheirConditionAsTheGuard() {
        TransitionInfo polled = transition("B1", "when");
        assertThat(polled.mode()).isEqualTo(Mode.POLLED);
        assertThat(polled.triggers()).isEmpty();
        assertThat(polled.guarded()).isTrue();
        assertThat(polled.guard()).as("one part is a lambda, so the conjunction has no label").isEmpty();

        TransitionInfo always = transition("B1", "always");
        assertThat(always.mode()).isEqualTo(Mode.EVENTLESS);
        assertThat(always.guard()).contains("!IsHungry");
    }

    @Test
    void combinedConditionsAreLabelledByTheirParts() {
        Chart<Object> chart = Chart.builder("combined").initial("A")
                .state("A", s -> {
                    s.when(new IsHungry(), new IsHungry()).target("B");
                    s.when(Conditions.anyOf(new IsHungry(), Conditions.allOf(new IsHungry(), new IsHungry())))
                            .target("B");
                })
                .state("B")
                .build();
        assertThat(chart.transitionInfo(0).guard()).contains("IsHungry && IsHungry");
        assertThat(chart.transitionInfo(1).guard()).contains("IsHungry || (IsHungry && IsHungry)");
    }

    static final class Quiet implements StateHandler<Object> {
        @Override
        public Reply onEvent(Object owner, Object event, Transitions to) {
            return Reply.UNHANDLED;
        }
    }

    @Test
    void aHandlerStateIsReportedAsSuchWithoutItsCallbacksCountedAsActions() {
        Chart<Object> chart = Chart.handlers("h").initial("A").state("A", Chart.ROOT, new Quiet()).build();
        StateInfo a = chart.stateInfo(chart.stateId("A"));
        assertThat(a.hasHandler()).isTrue();
        assertThat(a.entry().isEmpty()).isTrue();
        assertThat(a.exit().isEmpty()).isTrue();
        assertThat(a.update().isEmpty()).isTrue();
        assertThat(a.initialAction().isEmpty()).isTrue();
        TransitionInfo placeholder = chart.transitionInfo(0);
        assertThat(placeholder.mode()).isEqualTo(Mode.HANDLER);
        assertThat(placeholder.source()).isEqualTo(chart.stateId("A"));
        assertThat(placeholder.internal()).isFalse();
    }

    @Test
    void handlerAndMovePlaceholdersAreNotDeclaredTransitions() {
        TransitionInfo last = CHART.transitionInfo(CHART.transitionCount() - 1);
        assertThat(last.mode()).isEqualTo(Mode.MOVE);
        assertThat(last.mode().declared()).isFalse();
        assertThat(last.internal()).isFalse();
        long declared = java.util.stream.IntStream.range(0, CHART.transitionCount())
                .filter(t -> CHART.transitionInfo(t).mode().declared()).count();
        assertThat(declared).isEqualTo(7);
    }

    @Test
    void theEventsAChartNamesAreItsEnumConstantsAndNamesAndANameFindsItsEvent() {
        // wildcards, done events and events matched by class cannot be made from a name: not listed
        assertThat(CHART.namedEvents()).containsExactly(Ev.GO, "error.execution", "ping");
        assertThat(CHART.namedEvent("GO")).contains(Ev.GO);
        assertThat(CHART.namedEvent("ping")).contains("ping");
        assertThat(CHART.namedEvent("error.execution.bad")).contains("error.execution.bad"); // a dotted descendant
        assertThat(CHART.namedEvent("STOP")).isEmpty(); // a constant of the enum the chart never names
        assertThat(CHART.namedEvent("Hit")).isEmpty();
        assertThat(CHART.namedEvent("pingpong")).isEmpty();
    }

    @Test
    void reportedValuesAreImmutableAndIdsAreChecked() {
        StateInfo root = CHART.stateInfo(0);
        assertThatThrownBy(() -> root.initialTargets().add(3)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> CHART.transitionInfo(0).triggers().add("X"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> CHART.stateInfo(CHART.stateCount())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> CHART.transitionInfo(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(CHART.stateInfo(id("Done")).kind()).isEqualTo(StateKind.FINAL);
        assertThat(Optional.of(CHART.stateInfo(id("Idle")))).get().isEqualTo(CHART.stateInfo(id("Idle")));
    }
}
