package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Failures in user code (docs/architecture.md, "Failures"; {@link ErrorPolicy}; SCXML §5.10.1 and
 * §3.12.1): an entry, exit or transition action that throws never leaves a half-made configuration.
 * The step finishes as if the action had returned, then either {@code fire} throws the first error
 * (with later ones suppressed: {@link ErrorPolicy#RETHROW}, the default) or an
 * {@link ExecutionError} named {@code error.execution} is placed on the internal queue
 * ({@link ErrorPolicy#RAISE_ERROR_EVENT}). A guard that throws is false. The machine keeps working.
 */
class ExceptionSafetyTest {

    enum Ev { GO, BACK, NEXT, X }

    static RuntimeException boom(String message) {
        return new IllegalStateException(message);
    }

    /** Throws any throwable, checked or not, without declaring it. */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    // ------------------------------------------------------------------ RETHROW (the default)

    @Test
    void anExitActionThatThrowsLetsTheStepFinishThenFireRethrows() {
        Chart<Trace> chart = Chart.<Trace>builder("exit-throws")
                .initial("A")
                .state("A", a -> {
                    a.onExit(t -> {
                        throw boom("A exit failed");
                    });
                    a.on(Ev.GO).action(say("go")).target("B");
                })
                .state("B", b -> b.on(Ev.BACK).action(say("back")).target("C"))
                .state("C")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.GO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("A exit failed");
        assertThat(t.take()).containsExactly("exit A", "go", "enter B");
        assertThat(t.errors()).containsExactly("A: A exit failed");
        assertThat(m.activeStates()).containsExactly("B");

        m.fire(Ev.BACK); // the machine keeps working; no stale error is thrown again
        assertThat(t.take()).containsExactly("exit B", "back", "enter C");
        assertThat(t.errors()).isEmpty();
    }

    @Test
    void aTransitionActionThatThrowsStillEntersTheTarget() {
        Chart<Trace> chart = Chart.<Trace>builder("action-throws")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((t, e) -> {
                    throw boom("GO action failed");
                }).target("B"))
                .state("B", b -> {
                    b.initial("B1");
                    b.state("B1");
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.GO)).hasMessage("GO action failed");
        assertThat(t.take()).containsExactly("exit A", "enter B", "enter B1");
        assertThat(t.errors()).containsExactly("A: GO action failed");
        assertThat(m.activeStates()).containsExactly("B", "B1");
    }

    @Test
    void anEntryActionThatThrowsStillEntersTheStatesBelow() {
        Chart<Trace> chart = Chart.<Trace>builder("entry-throws")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action(say("go")).target("B"))
                .state("B", b -> {
                    b.onEntry(t -> {
                        throw boom("B entry failed");
                    });
                    b.initial("B1");
                    b.state("B1", b1 -> b1.on(Ev.NEXT).action(say("next")).target("B2"));
                    b.state("B2");
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.GO)).hasMessage("B entry failed");
        assertThat(t.take()).containsExactly("exit A", "go", "enter B", "enter B1");
        assertThat(m.activeStates()).containsExactly("B", "B1");

        m.fire(Ev.NEXT);
        assertThat(t.take()).containsExactly("exit B1", "next", "enter B2");
    }

    @Test
    void anExitActionThatThrowsDeepInsideStillExitsEveryAncestor() {
        Chart<Trace> chart = Chart.<Trace>builder("deep-exit-throws")
                .initial("S")
                .state("S", s -> {
                    s.state("S1", s1 -> s1.state("S11", s11 -> s11.onExit(t -> {
                        throw boom("S11 exit failed");
                    })));
                    s.on(Ev.GO).action(say("go")).target("T");
                })
                .state("T")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.GO)).hasMessage("S11 exit failed");
        assertThat(t.take()).containsExactly("exit S11", "exit S1", "exit S", "go", "enter T");
        assertThat(m.activeStates()).containsExactly("T");
        assertThat(m.isIn("S11")).isFalse();
    }

    @Test
    void theFirstErrorIsThrownAndLaterOnesAreSuppressed() {
        Chart<Trace> chart = Chart.<Trace>builder("many-throw")
                .initial("A")
                .state("A", a -> {
                    a.onExit(t -> {
                        throw boom("first");
                    });
                    a.on(Ev.GO).action((t, e) -> {
                        throw boom("second");
                    }).target("B");
                })
                .state("B", b -> b.onEntry(t -> {
                    throw boom("third");
                }))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        Throwable thrown = null;
        try {
            m.fire(Ev.GO);
        } catch (RuntimeException e) {
            thrown = e;
        }
        assertThat(thrown).isInstanceOf(IllegalStateException.class).hasMessage("first");
        List<String> suppressed = new ArrayList<>();
        for (Throwable s : thrown.getSuppressed()) {
            suppressed.add(s.getMessage());
        }
        assertThat(suppressed).containsExactly("second", "third");
        assertThat(t.take()).containsExactly("exit A", "enter B");
        assertThat(t.errors()).containsExactly("A: first", "A: second", "B: third");
        assertThat(m.activeStates()).containsExactly("B");
    }

    @Test
    void aCheckedExceptionIsWrappedInActionFailedException() {
        IOException disk = new IOException("disk full");
        Chart<Trace> chart = Chart.<Trace>builder("checked")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((t, e) -> sneakyThrow(disk)).target("B"))
                .state("B")
                .build();
        Machine<Trace> m = Trace.started(chart);

        assertThatThrownBy(() -> m.fire(Ev.GO))
                .isInstanceOf(ActionFailedException.class)
                .hasCause(disk);
        assertThat(m.activeStates()).containsExactly("B");
    }

    @Test
    void anEntryActionThatThrowsDuringStartIsRethrownFromStart() {
        Chart<Trace> chart = Chart.<Trace>builder("start-throws")
                .initial("A")
                .state("A", a -> {
                    a.onEntry(t -> {
                        throw boom("A entry failed");
                    });
                    a.initial("A1");
                    a.state("A1", a1 -> a1.on(Ev.GO).action(say("go")).target("B"));
                })
                .state("B")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = chart.newMachine(t);
        m.addListener(t);

        assertThatThrownBy(m::start).hasMessage("A entry failed");
        assertThat(t.take()).containsExactly("enter root", "enter A", "enter A1");
        assertThat(m.isStarted()).isTrue();
        assertThat(m.activeStates()).containsExactly("A", "A1");

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("exit A1", "exit A", "go", "enter B");
    }

    // ------------------------------------------------------------------ guards

    @Test
    void aGuardThatThrowsIsFalseAndTheNextTransitionIsTaken() {
        Chart<Trace> chart = Chart.<Trace>builder("guard-throws")
                .initial("A")
                .state("A", a -> {
                    a.on(Ev.GO).guard((t, e) -> {
                        throw boom("guard failed");
                    }).action(say("guarded")).target("B");
                    a.on(Ev.GO).action(say("fallback")).target("C");
                })
                .state("B")
                .state("C")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.GO)).hasMessage("guard failed");
        assertThat(t.take()).containsExactly("exit A", "fallback", "enter C");
        assertThat(t.errors()).containsExactly("A: guard failed");
        assertThat(m.activeStates()).containsExactly("C");
    }

    @Test
    void aGuardThatThrowsLetsTheEventBubbleToTheParent() {
        Chart<Trace> chart = Chart.<Trace>builder("guard-throws-bubbles")
                .initial("S")
                .state("S", s -> {
                    s.on(Ev.GO).action(say("parent")).target("T");
                    s.state("S1", s1 -> s1.on(Ev.GO).guard(t -> {
                        throw boom("guard failed");
                    }).action(say("child")).target("U"));
                })
                .state("T")
                .state("U")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.GO)).hasMessage("guard failed");
        assertThat(t.take()).containsExactly("exit S1", "exit S", "parent", "enter T");
        assertThat(t.errors()).containsExactly("S1: guard failed");
        assertThat(m.activeStates()).containsExactly("T");
    }

    @Test
    void aPolledConditionThatThrowsIsFalseAndUpdateRethrowsAfterTheTick() {
        Chart<Trace> chart = Chart.<Trace>builder("condition-throws")
                .initial("A")
                .state("A", a -> {
                    a.onUpdate(t -> t.log("A update"));
                    a.when(t -> {
                        throw boom("condition failed");
                    }).target("B");
                    a.when(t -> true).action(say("second")).target("C");
                })
                .state("B")
                .state("C", c -> c.onUpdate(t -> t.log("C update")))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(m::update).hasMessage("condition failed");
        assertThat(t.take()).containsExactly("exit A", "second", "enter C", "C update");
        assertThat(m.activeStates()).containsExactly("C");
    }

    @Test
    void anUnhandledHookThatThrowsIsReportedLikeAnAction() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("hook-throws").initial("A");
        b.onUnhandled((t, e) -> {
            throw boom("hook failed on " + e);
        });
        Chart<Trace> chart = b.state("A", a -> a.on(Ev.GO).action(say("go")).target("B")).state("B").build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.X)).hasMessage("hook failed on X");
        assertThat(t.take()).containsExactly("unhandled X");
        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("exit A", "go", "enter B");
    }

    @Test
    void anInitialActionThatThrowsStillEntersTheInitialChild() {
        Chart<Trace> chart = Chart.<Trace>builder("initial-action-throws")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).target("M"))
                .state("M", mm -> {
                    mm.initial("M1").initialAction(t -> {
                        throw boom("M initial failed");
                    });
                    mm.state("M1");
                    mm.state("M2");
                })
                .allowUnreachable() // M2
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.GO)).hasMessage("M initial failed");
        assertThat(t.take()).containsExactly("exit A", "enter M", "enter M1");
        assertThat(t.errors()).containsExactly("M: M initial failed");
        assertThat(m.activeStates()).containsExactly("M", "M1");
    }

    // ------------------------------------------------------------------ RAISE_ERROR_EVENT

    @Test
    void withRaiseErrorEventTheErrorIsAnInternalEventHandledAfterEarlierOnes() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-error")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((m, t, e) -> {
                    m.raise(Ev.X); // raised before the failure: processed first
                    throw boom("GO action failed");
                }).target("B"))
                .state("B", b -> {
                    b.on(Ev.X).action(say("x"));
                    b.on("error.execution").action((t, e) -> {
                        ExecutionError err = (ExecutionError) e;
                        t.log("caught '" + err.error().getMessage() + "' from " + err.state() + " as " + err.name());
                    }).target("FAILED");
                })
                .state("FAILED")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO); // does not throw
        assertThat(t.take()).containsExactly(
                "exit A", "enter B",
                "x",
                "exit B", "caught 'GO action failed' from A as error.execution", "enter FAILED");
        assertThat(t.errors()).containsExactly("A: GO action failed");
        assertThat(m.activeStates()).containsExactly("FAILED");
    }

    @Test
    void theErrorPrefixAndTheExecutionErrorTypeBothMatchTheErrorEvent() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-error-matching")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .initial("A")
                .state("A", a -> {
                    a.on(Ev.GO).action((t, e) -> {
                        throw boom("first");
                    });
                    a.on("error").action((t, e) -> t.log("error prefix: " + ((ExecutionError) e).error().getMessage()))
                            .target("B");
                })
                .state("B", b -> {
                    b.on(Ev.GO).action((t, e) -> {
                        throw boom("second");
                    });
                    b.on(ExecutionError.class).action((t, e) -> t.log("by type: " + e.error().getMessage()));
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("exit A", "error prefix: first", "enter B");
        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("by type: second");
        assertThat(m.activeStates()).containsExactly("B");
    }

    @Test
    void withRaiseErrorEventAThrowingGuardIsFalseAndRaisesTheErrorEvent() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-error-guard")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .initial("A")
                .state("A", a -> {
                    a.on(Ev.GO).guard(t -> {
                        throw boom("guard failed");
                    }).action(say("guarded")).target("B");
                    a.on("error.execution").action((t, e) -> t.log("error from " + ((ExecutionError) e).state()))
                            .target("E");
                })
                .state("B")
                .state("E")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("unhandled GO", "exit A", "error from A", "enter E");
        assertThat(m.activeStates()).containsExactly("E");
    }

    @Test
    void withRaiseErrorEventAnExitFailureIsReportedForTheExitedStateAfterTheStep() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-error-exit")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .initial("A")
                .state("A", a -> {
                    a.onExit(t -> {
                        throw boom("A exit failed");
                    });
                    a.on(Ev.GO).action(say("go")).target("B");
                })
                .state("B", b -> b.on("error").action((t, e) -> t.log("B saw error from " + ((ExecutionError) e).state())))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("exit A", "go", "enter B", "B saw error from A");
        assertThat(m.activeStates()).containsExactly("B");
    }
}
