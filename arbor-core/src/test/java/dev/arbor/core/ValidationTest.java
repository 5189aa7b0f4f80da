package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException.Rule;
import java.util.List;
import java.util.function.Supplier;
import org.assertj.core.api.ListAssert;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * Build-time validation (docs/architecture.md, "How a chart is compiled";
 * {@link ChartDefinitionException.Rule}): every rule a definition breaks is reported at once, each
 * problem naming the state and the rule, and the exception message listing them all.
 */
class ValidationTest {

    enum Ev { GO }

    enum K { A }

    /** A handler that handles nothing. */
    static final StateHandler<Trace> NOTHING = (owner, event, to) -> Reply.UNHANDLED;

    static ChartDefinitionException failure(Supplier<Chart<Trace>> build) {
        Throwable thrown = null;
        try {
            build.get();
        } catch (Throwable e) {
            thrown = e;
        }
        assertThat(thrown).as("building must fail").isInstanceOf(ChartDefinitionException.class);
        return (ChartDefinitionException) thrown;
    }

    static ListAssert<Tuple> assertProblems(Supplier<Chart<Trace>> build) {
        ChartDefinitionException e = failure(build);
        for (Problem p : e.problems()) {
            assertThat(e.getMessage()).contains("state '" + p.state() + "': " + p.rule());
        }
        List<Tuple> found = e.problems().stream().map(p -> tuple(p.state(), p.rule())).toList();
        return assertThat(found);
    }

    // ------------------------------------------------------------------ UNKNOWN_TARGET

    @Test
    void aTransitionToAnUnknownStateNamesItsSourceAndTheMissingTarget() {
        ChartDefinitionException e = failure(() -> Chart.<Trace>builder("bad")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).target("NOPE"))
                .build());
        assertThat(e.problems()).extracting(Problem::state, Problem::rule)
                .containsExactly(tuple("A", Rule.UNKNOWN_TARGET));
        assertThat(e.problems().get(0).message()).contains("NOPE");
        assertThat(e.getMessage()).contains("chart 'bad'").contains("state 'A': UNKNOWN_TARGET").contains("NOPE");
    }

    @Test
    void anUnknownInitialTargetIsAnUnknownTarget() {
        assertProblems(() -> Chart.<Trace>builder("bad").initial("GHOST").state("A").build())
                .containsExactly(tuple("root", Rule.UNKNOWN_TARGET));
    }

    @Test
    void anUnknownHistoryDefaultIsAnUnknownTarget() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("M")
                .state("M", m -> {
                    m.initial("M1");
                    m.history("H", HistoryType.SHALLOW, "GHOST");
                    m.state("M1");
                })
                .build())
                .containsExactly(tuple("H", Rule.UNKNOWN_TARGET));
    }

    @Test
    void waitingForTheCompletionOfAnUnknownStateIsAnUnknownTarget() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("A")
                .state("A", a -> a.onDone("GHOST"))
                .build())
                .containsExactly(tuple("A", Rule.UNKNOWN_TARGET));
    }

    // ------------------------------------------------------------------ MISSING_INITIAL

    @Test
    void aCompoundStateWithTwoChildrenMustNameItsInitialChild() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("M")
                .state("M", m -> {
                    m.state("M1");
                    m.state("M2");
                })
                .build())
                .containsExactly(tuple("M", Rule.MISSING_INITIAL));
    }

    @Test
    void theRootWithTwoChildrenMustNameItsInitialChild() {
        assertProblems(() -> Chart.<Trace>builder("bad").state("A").state("B").build())
                .containsExactly(tuple("root", Rule.MISSING_INITIAL));
    }

    @Test
    void aCompoundStateWithOneChildNeedsNoInitial() {
        Chart<Trace> chart = Chart.<Trace>builder("ok")
                .state("M", m -> m.state("M1"))
                .build();
        Machine<Trace> m = Trace.started(chart);
        assertThat(m.activeStates()).containsExactly("M", "M1");
    }

    // ------------------------------------------------------------------ INITIAL_NOT_DESCENDANT

    @Test
    void anInitialTransitionMustTargetADescendant() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("A")
                .state("A", a -> {
                    a.initial("B");
                    a.state("A1");
                    a.state("A2");
                })
                .state("B")
                .build())
                .containsExactly(tuple("A", Rule.INITIAL_NOT_DESCENDANT));
    }

    @Test
    void aHistoryDefaultMustTargetADescendantOfItsParent() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("M")
                .state("M", m -> {
                    m.initial("M1");
                    m.history("H", HistoryType.DEEP, "B");
                    m.state("M1");
                })
                .state("B")
                .build())
                .containsExactly(tuple("H", Rule.INITIAL_NOT_DESCENDANT));
    }

    // ------------------------------------------------------------------ INVALID_NAME

    @Test
    void aSlashInANameIsRejectedBecausePathsJoinNamesWithIt() {
        // Without the rule, top-level "a/b" and "b" under "a" would share the path a/b.
        ChartDefinitionException e = failure(() -> Chart.<Trace>builder("bad")
                .initial("a")
                .state("a", a -> a.state("b"))
                .state("a/b")
                .build());
        assertThat(e.problems()).extracting(Problem::state, Problem::rule)
                .containsExactly(tuple("a/b", Rule.INVALID_NAME));
        assertThat(e.problems().get(0).message()).contains("'/'");
        assertThat(e.getMessage()).contains("state 'a/b': INVALID_NAME");
    }

    @Test
    void controlCharactersInANameAreRejected() {
        assertProblems(() -> Chart.<Trace>builder("bad").initial("A").state("A").state("B\nC").build())
                .containsExactly(tuple("B\nC", Rule.INVALID_NAME));
    }

    @Test
    void leadingOrTrailingWhitespaceAndEmptyNamesAreRejected() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("A")
                .state("A")
                .state(" B")
                .state("C ")
                .state("")
                .build())
                .containsExactly(tuple(" B", Rule.INVALID_NAME), tuple("C ", Rule.INVALID_NAME),
                        tuple("", Rule.INVALID_NAME));
    }

    @Test
    void spacesInsideANameAndOtherPunctuationAreAllowed() {
        Chart<Trace> chart = Chart.<Trace>builder("ok").allowUnreachable().initial("go home").state("go home").state("done.state-x").build();
        assertThat(chart.statePath(1)).isEqualTo("go home");
    }

    // ------------------------------------------------------------------ DUPLICATE_NAME

    @Test
    void theSameKeyDeclaredTwiceIsADuplicate() {
        assertProblems(() -> Chart.<Trace>builder("bad").initial("A").state("A").state("A").build())
                .containsExactly(tuple("A", Rule.DUPLICATE_NAME));
    }

    @Test
    void theSameKeyUnderDifferentParentsIsADuplicate() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("X")
                .state("X", x -> x.state("A"))
                .state("A")
                .build())
                .containsExactly(tuple("A", Rule.DUPLICATE_NAME));
    }

    @Test
    void twoDifferentKeysWithTheSameNameAreADuplicate() {
        assertProblems(() -> Chart.<Trace>builder("bad").initial(K.A).state(K.A).state("A").build())
                .containsExactly(tuple("A", Rule.DUPLICATE_NAME));
    }

    @Test
    void aKeyRegisteredTwiceWithAHandlerBuilderIsADuplicate() {
        assertProblems(() -> Chart.<Trace>handlers("bad")
                .initial("X")
                .state("X", Chart.ROOT, NOTHING)
                .state("X", Chart.ROOT, NOTHING)
                .build())
                .containsExactly(tuple("X", Rule.DUPLICATE_NAME));
    }

    // ------------------------------------------------------------------ UNREACHABLE

    @Test
    void aStateNoTransitionEntersIsUnreachable() {
        assertProblems(() -> Chart.<Trace>builder("bad").initial("A").state("A").state("B").build())
                .containsExactly(tuple("B", Rule.UNREACHABLE));
    }

    @Test
    void everyStateInsideAnUnreachableStateAndEveryStateOnlyItEntersIsUnreachable() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("A")
                .state("A")
                .state("B", b -> {
                    b.on(Ev.GO).target("C");
                    b.state("B1");
                })
                .state("C")
                .build())
                .containsExactly(tuple("B", Rule.UNREACHABLE), tuple("B1", Rule.UNREACHABLE), tuple("C", Rule.UNREACHABLE));
    }

    @Test
    void statesEnteredAsRegionsHistoryDefaultsOrInitialsAreReachable() {
        // R1, R2, A, B are entered as regions of P; M only through its history H; M2 as H's
        // default; M1 as M's initial: no problem is reported.
        Chart<Trace> chart = Chart.<Trace>builder("ok")
                .initial("P")
                .parallel("P", p -> {
                    p.state("R1", r -> r.state("A"));
                    p.state("R2", r -> r.state("B"));
                    p.on(Ev.GO).target("H");
                })
                .state("M", m -> {
                    m.initial("M1");
                    m.history("H", HistoryType.SHALLOW, "M2");
                    m.state("M1");
                    m.state("M2");
                })
                .build();
        assertThat(chart.hasState("M2")).isTrue();
    }

    @Test
    void allowUnreachableAcceptsADraftWithUnreachableStates() {
        Chart<Trace> chart = Chart.<Trace>builder("draft")
                .allowUnreachable()
                .initial("A")
                .state("A")
                .state("B")
                .build();
        assertThat(chart.hasState("B")).isTrue();
        assertThat(Trace.started(chart).activeStates()).containsExactly("A");
    }

    // ------------------------------------------------------------------ HISTORY_OUTSIDE_COMPOUND

    @Test
    void aHistoryStateMustBeTheChildOfACompoundOrParallelState() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("A")
                .state("A", a -> a.history("H", HistoryType.SHALLOW))
                .build())
                .containsExactly(tuple("H", Rule.HISTORY_OUTSIDE_COMPOUND));
    }

    // ------------------------------------------------------------------ PARENT_CYCLE and UNKNOWN_PARENT

    @Test
    void handlerStatesWhoseParentsFormACycleAreReported() {
        assertProblems(() -> Chart.<Trace>handlers("bad")
                .initial("A")
                .state("A", Chart.ROOT, NOTHING)
                .state("X", "Y", NOTHING)
                .state("Y", "X", NOTHING)
                .build())
                .containsExactly(tuple("X", Rule.PARENT_CYCLE), tuple("Y", Rule.PARENT_CYCLE));
    }

    @Test
    void aHandlerStateThatIsItsOwnParentIsACycle() {
        assertProblems(() -> Chart.<Trace>handlers("bad")
                .initial("A")
                .state("A", Chart.ROOT, NOTHING)
                .state("X", "X", NOTHING)
                .build())
                .containsExactly(tuple("X", Rule.PARENT_CYCLE));
    }

    @Test
    void aHandlerStateWithAnUnregisteredParentIsReported() {
        ChartDefinitionException e = failure(() -> Chart.<Trace>handlers("bad")
                .initial("A")
                .state("A", Chart.ROOT, NOTHING)
                .state("X", "GHOST", NOTHING)
                .build());
        assertThat(e.problems()).extracting(Problem::state, Problem::rule)
                .containsExactly(tuple("X", Rule.UNKNOWN_PARENT));
        assertThat(e.problems().get(0).message()).contains("GHOST");
    }

    // ------------------------------------------------------------------ INVALID_STRUCTURE

    @Test
    void aFinalStateCannotHaveChildren() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("F")
                .finalState("F", f -> f.state("G"))
                .build())
                .containsExactly(tuple("F", Rule.INVALID_STRUCTURE));
    }

    @Test
    void aParallelStateNeedsARegion() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("P")
                .parallel("P", p -> { })
                .build())
                .containsExactly(tuple("P", Rule.INVALID_STRUCTURE));
    }

    @Test
    void aParallelStateHasNoInitialTransition() {
        assertProblems(() -> Chart.<Trace>builder("bad")
                .initial("P")
                .parallel("P", p -> {
                    p.initial("R1");
                    p.state("R1");
                    p.state("R2");
                })
                .build())
                .containsExactly(tuple("P", Rule.INVALID_STRUCTURE));
    }

    @Test
    void aChartMustHaveAState() {
        assertProblems(() -> Chart.<Trace>builder("empty").build())
                .containsExactly(tuple("root", Rule.INVALID_STRUCTURE));
    }

    /**
     * {@link TransitionBuilder#target}: "Several targets must lie in different regions of a parallel
     * state"; two children of one compound state can never be active together.
     */
    @Test
    void severalTargetsInOneCompoundStateAreRejected() {
        ChartDefinitionException e = failure(() -> Chart.<Trace>builder("bad")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).target("M1", "M2"))
                .state("M", m -> {
                    m.initial("M1");
                    m.state("M1");
                    m.state("M2");
                })
                .build());
        assertThat(e.problems()).extracting(Problem::state).containsExactly("A");
        assertThat(e.getMessage()).contains("M1").contains("M2");
    }

    @Test
    void severalInitialTargetsInOneCompoundStateAreRejected() {
        ChartDefinitionException e = failure(() -> Chart.<Trace>builder("bad")
                .initial("M1", "M2")
                .state("M", m -> {
                    m.initial("M1");
                    m.state("M1");
                    m.state("M2");
                })
                .build());
        assertThat(e.problems()).extracting(Problem::state).containsExactly("root");
    }

    @Test
    void severalTargetsInDifferentRegionsAreAccepted() {
        Chart<Trace> chart = Chart.<Trace>builder("ok")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).target("X2", "Y2"))
                .parallel("P", p -> {
                    p.state("X", x -> {
                        x.initial("X1");
                        x.state("X1");
                        x.state("X2");
                    });
                    p.state("Y", y -> {
                        y.initial("Y1");
                        y.state("Y1");
                        y.state("Y2");
                    });
                })
                .allowUnreachable() // X1 and Y1 are initial only
                .build();
        Machine<Trace> m = Trace.started(chart);
        m.fire(Ev.GO);
        assertThat(m.activeStates()).containsExactly("P", "X", "X2", "Y", "Y2");
    }

    // ------------------------------------------------------------------ all at once

    @Test
    void everyProblemIsReportedAtOnce() {
        ChartDefinitionException e = failure(() -> Chart.<Trace>builder("broken")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).target("NOPE"))
                .state("M", m -> {
                    m.state("M1");
                    m.state("M2");
                })
                .state("D")
                .state("D")
                .finalState("F", f -> f.state("G"))
                .build());
        assertThat(e.problems()).extracting(Problem::state, Problem::rule).containsExactlyInAnyOrder(
                tuple("A", Rule.UNKNOWN_TARGET),
                tuple("M", Rule.MISSING_INITIAL),
                tuple("D", Rule.DUPLICATE_NAME),
                tuple("F", Rule.INVALID_STRUCTURE));
        assertThat(e.getMessage())
                .contains("chart 'broken'")
                .contains("(4 problems)")
                .contains("state 'A': UNKNOWN_TARGET")
                .contains("state 'M': MISSING_INITIAL")
                .contains("state 'D': DUPLICATE_NAME")
                .contains("state 'F': INVALID_STRUCTURE");
    }

    /** {@link ChartDefinitionException#problems()}: "Every problem found, in document order." */
    @Test
    void problemsAreListedInDocumentOrder() {
        ChartDefinitionException e = failure(() -> Chart.<Trace>builder("broken")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).target("NOPE"))
                .state("M", m -> {
                    m.state("M1");
                    m.state("M2");
                })
                .finalState("F", f -> f.state("G"))
                .build());
        assertThat(e.problems()).extracting(Problem::state, Problem::rule).containsExactly(
                tuple("A", Rule.UNKNOWN_TARGET),
                tuple("M", Rule.MISSING_INITIAL),
                tuple("F", Rule.INVALID_STRUCTURE));
    }

    @Test
    void theExceptionIsAChartDefinitionExceptionFromBuild() {
        assertThatThrownBy(() -> Chart.<Trace>builder("bad").initial("A").state("A", a -> a.on(Ev.GO).target("NOPE")).build())
                .isInstanceOf(ChartDefinitionException.class)
                .hasMessageStartingWith("chart 'bad' is invalid (1 problem)");
    }
}
