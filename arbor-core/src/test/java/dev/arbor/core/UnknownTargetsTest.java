package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException.Rule;
import org.junit.jupiter.api.Test;

/**
 * A state key the chart does not have, wherever a definition names one (a transition's target, a
 * plan step, {@code then}, {@code onDone(key)}, an initial target, a history default, a handler
 * state's parent) is reported with the chart, the state and the transition that name it, the key,
 * "did you mean" the nearest declared name (or the key of the state of that very name, when the
 * key is of another type) and the chart's states. {@code goTo} and the like say the same at run
 * time.
 */
class UnknownTargetsTest {

    enum Ev { SEE_ENEMY, LOST_ENEMY, DONE }

    enum St { PATROL, WALK, WAIT, COMBAT, COMBATT_TYPO, PATROL_HISTORY }

    /** Another enum with a constant named as one of the chart's states. */
    enum Other { COMBAT }

    static final String STATES = " The chart's states: PATROL, WALK, WAIT, PATROL_HISTORY, COMBAT";

    /** The README's guard, with {@code spec} declared on COMBAT's sibling WAIT; build() must fail with one problem. */
    static Problem onlyProblem(java.util.function.Consumer<ChartBuilder<Object>> broken) {
        ChartBuilder<Object> b = Chart.builder("guard");
        broken.accept(b);
        ChartDefinitionException e = catchThrowableOfType(ChartDefinitionException.class, b::build);
        assertThat(e).as("build() fails").isNotNull();
        assertThat(e.getMessage()).startsWith("chart 'guard' is invalid (1 problem)");
        assertThat(e.problems()).hasSize(1);
        return e.problems().get(0);
    }

    /** The guard's states; {@code walk} declares WALK's transitions and {@code patrol} more of PATROL's. */
    static void guard(ChartBuilder<Object> b, java.util.function.Consumer<StateBuilder<Object>> walk,
            java.util.function.Consumer<StateBuilder<Object>> patrol, Object initial) {
        b.initial(initial)
                .state(St.PATROL, p -> {
                    p.initial(St.WALK);
                    p.state(St.WALK, walk);
                    p.state(St.WAIT, w -> w.on(Ev.SEE_ENEMY).target(St.WALK));
                    p.history(St.PATROL_HISTORY, HistoryType.SHALLOW);
                    patrol.accept(p);
                })
                .state(St.COMBAT, c -> c.on(Ev.LOST_ENEMY).target(St.PATROL_HISTORY));
    }

    static Problem withWalk(java.util.function.Consumer<StateBuilder<Object>> walk) {
        return onlyProblem(b -> guard(b, w -> {
            w.on(Ev.DONE).target(St.WAIT);
            walk.accept(w);
        }, p -> p.on(Ev.SEE_ENEMY).target(St.COMBAT), St.PATROL));
    }

    @Test
    void aTransitionTargetNamesTheSourceTheTransitionTheKeyTheNearestStateAndTheStates() {
        Problem p = withWalk(w -> w.on(Ev.SEE_ENEMY).target("COMBT"));
        assertThat(p.state()).isEqualTo("WALK");
        assertThat(p.rule()).isEqualTo(Rule.UNKNOWN_TARGET);
        assertThat(p.message()).isEqualTo("transition WALK SEE_ENEMY -> COMBT targets 'COMBT', which the chart does not "
                + "have; did you mean 'COMBAT'?" + STATES);
    }

    @Test
    void aKeyOfAnotherTypeNamesTheKeyOfTheStateOfThatName() {
        Problem p = withWalk(w -> w.on(Ev.SEE_ENEMY).target(Other.COMBAT));
        assertThat(p.message()).isEqualTo("transition WALK SEE_ENEMY -> COMBAT targets 'COMBAT', which the chart does not "
                + "have; its state 'COMBAT' has the key UnknownTargetsTest.St.COMBAT, not UnknownTargetsTest.Other.COMBAT."
                + STATES);

        Problem byName = withWalk(w -> w.on(Ev.SEE_ENEMY).target("COMBAT"));
        assertThat(byName.message()).contains("its state 'COMBAT' has the key UnknownTargetsTest.St.COMBAT, not \"COMBAT\".");
    }

    @Test
    void aKeyNearNothingListsTheStatesWithoutASuggestion() {
        Problem p = withWalk(w -> w.on(Ev.SEE_ENEMY).target("TAVERN"));
        assertThat(p.message()).isEqualTo("transition WALK SEE_ENEMY -> TAVERN targets 'TAVERN', which the chart does not "
                + "have." + STATES);
    }

    @Test
    void aPlanStep() {
        Problem p = withWalk(w -> w.on(Ev.SEE_ENEMY).plan(St.WAIT, "WALKK"));
        assertThat(p.state()).isEqualTo("WALK");
        assertThat(p.message()).isEqualTo("transition WALK SEE_ENEMY -> WAIT plans 'WALKK', which the chart does not "
                + "have; did you mean 'WALK'?" + STATES);
    }

    @Test
    void aSuccessorNamedByThen() {
        Problem p = withWalk(w -> w.then("WAITT"));
        assertThat(p.message()).isEqualTo("transition WALK done(WALK) -> WAITT targets 'WAITT', which the chart does not "
                + "have; did you mean 'WAIT'?" + STATES);
    }

    @Test
    void theStateWhoseCompletionATransitionAwaits() {
        Problem p = withWalk(w -> w.onDone("PATRO").target(St.WAIT));
        assertThat(p.message()).isEqualTo("transition WALK done(PATRO) -> WAIT waits for the completion of 'PATRO', which "
                + "the chart does not have; did you mean 'PATROL'?" + STATES);
    }

    @Test
    void anInitialTarget() {
        Problem p = onlyProblem(b -> guard(b, w -> w.on(Ev.DONE).target(St.WAIT), pp -> { }, "PATROLL"));
        assertThat(p.state()).isEqualTo("root");
        assertThat(p.message()).isEqualTo("initial targets 'PATROLL', which the chart does not have; did you mean "
                + "'PATROL'?" + STATES);
    }

    @Test
    void aHistoryDefaultTarget() {
        Problem p = onlyProblem(b -> b.initial(St.PATROL)
                .state(St.PATROL, pp -> {
                    pp.initial(St.WALK);
                    pp.state(St.WALK, w -> w.on(Ev.SEE_ENEMY).target(St.COMBAT));
                    pp.state(St.WAIT, w -> w.on(Ev.DONE).target(St.WALK));
                    pp.history(St.PATROL_HISTORY, HistoryType.DEEP, "WIAT");
                })
                .state(St.COMBAT, c -> c.on(Ev.LOST_ENEMY).target(St.PATROL_HISTORY)));
        assertThat(p.state()).isEqualTo("PATROL_HISTORY");
        assertThat(p.message()).isEqualTo("history default targets 'WIAT', which the chart does not have; did you mean "
                + "'WAIT'?" + STATES);
    }

    @Test
    void aHandlerStatesParent() {
        ChartDefinitionException e = catchThrowableOfType(ChartDefinitionException.class, () -> Chart.<Object>handlers("qp")
                .initial("WALK")
                .state("PATROL", Chart.ROOT, (o, ev, to) -> Reply.UNHANDLED)
                .state("WALK", "PATRL", (o, ev, to) -> Reply.UNHANDLED)
                .build());
        assertThat(e.problems()).extracting(Problem::state, Problem::rule).contains(
                org.assertj.core.groups.Tuple.tuple("WALK", Rule.UNKNOWN_PARENT));
        assertThat(e.getMessage()).contains("state 'WALK': UNKNOWN_PARENT: parent 'PATRL' is not registered; did you "
                + "mean 'PATROL'? The chart's states: PATROL, WALK");
    }

    @Test
    void aMoveAtRunTimeToAStateTheChartDoesNotHave() {
        ChartBuilder<Object> b = Chart.builder("guard");
        guard(b, w -> w.on(Ev.DONE).target(St.WAIT), p -> p.on(Ev.SEE_ENEMY).target(St.COMBAT), St.PATROL);
        Machine<Object> m = b.build().newMachine(null);
        m.start();

        assertThatThrownBy(() -> m.goTo("COMBT"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'guard' has no state 'COMBT'; did you mean 'COMBAT'?" + STATES);
        assertThatThrownBy(() -> m.isIn(St.COMBATT_TYPO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'guard' has no state 'COMBATT_TYPO'." + STATES);
        assertThat(m.activeStates()).containsExactly(St.PATROL, St.WALK);
    }

    @Test
    void thousandsOfUnknownKeysAreReportedQuicklyTheSuggestionsWithinABudget() {
        int n = 5_000;
        ChartBuilder<Object> b = Chart.builder("big").initial("s0");
        for (int i = 0; i < n; i++) {
            String target = "x" + i;
            b.state("s" + i, st -> st.on(Ev.SEE_ENEMY).target(target));
        }
        long began = System.nanoTime();
        ChartDefinitionException e = catchThrowableOfType(ChartDefinitionException.class, b::build);
        assertThat(System.nanoTime() - began).as("nanoseconds").isLessThan(10_000_000_000L);
        assertThat(e.problems()).hasSize(n);
        assertThat(e.problems().get(0).message()).isEqualTo("transition s0 SEE_ENEMY -> x0 targets 'x0', which the chart "
                + "does not have; did you mean 's0'? The chart's states: s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, "
                + "s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22, s23, s24, s25, s26, s27, s28, s29, ... "
                + "(5000 in all)");
        assertThat(e.problems().get(n - 1).message()).as("past the budget: the states, without a suggestion")
                .startsWith("transition s4999 SEE_ENEMY -> x4999 targets 'x4999', which the chart does not have. The "
                        + "chart's states: s0, s1,");
    }
}
