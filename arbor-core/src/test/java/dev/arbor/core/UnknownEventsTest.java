package dev.arbor.core;

import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Events a chart does not know at all (docs/architecture.md, "What happens to an event"): no
 * trigger of the chart matches them. Under {@link UnknownEvents#REJECT} such an event is an error
 * whose message names the event, its type, the chart and the events it knows, with a "did you
 * mean"; under {@link UnknownEvents#IGNORE} it is unhandled, as an event the chart knows but no
 * active state takes always is. The default follows {@code -ea}.
 */
class UnknownEventsTest {

    enum Ev { SEE_ENEMY, LOST_ENEMY, ARRIVED, SHOUT }

    /** Another enum, one of whose constants has a name the chart's events have. */
    enum Other { SEE_ENEMY }

    /**
     * <pre>
     * guard (initial PATROL)
     *  ├─ PATROL  SEE_ENEMY → COMBAT; ARRIVED: "arrived"
     *  └─ COMBAT  LOST_ENEMY → PATROL
     * </pre>
     * SHOUT is a constant of the chart's event enum that no trigger names.
     */
    static ChartBuilder<Trace> guard() {
        return Chart.<Trace>builder("guard")
                .onUnhandled((t, e) -> t.log("hook " + e))
                .initial("PATROL")
                .state("PATROL", p -> {
                    p.on(Ev.SEE_ENEMY).target("COMBAT");
                    p.on(Ev.ARRIVED).action(say("arrived"));
                })
                .state("COMBAT", c -> c.on(Ev.LOST_ENEMY).target("PATROL"));
    }

    static final String KNOWS = " The events it knows: the constants of UnknownEventsTest.Ev "
            + "(SEE_ENEMY, LOST_ENEMY, ARRIVED, SHOUT). (An event fired on purpose that the chart may not know: "
            + "build it with unknownEvents(UnknownEvents.IGNORE).)";

    // ------------------------------------------------------------------ REJECT: the messages

    @Test
    void aNameFiredAtAChartOfEnumEventsIsRejectedNamingTheChartTheEventItsTypeAndTheKnownEvents() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(guard().unknownEvents(UnknownEvents.REJECT).build(), t);
        t.take();

        assertThatThrownBy(() -> m.fire("NOISE"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'guard' does not know the event \"NOISE\" (a String): no transition, deferral or "
                        + "other trigger of the chart matches it." + KNOWS);
        assertThat(t.take()).as("the hook and the listener's onUnhandled do not hear of it").isEmpty();
        assertThat(t.errors()).containsExactly("root: " + new IllegalArgumentException(
                guard().unknownEvents(UnknownEvents.REJECT).build().compiled().unknownEventMessage("NOISE")).getMessage());
        assertThat(m.activeStates()).containsExactly("PATROL");

        m.fire(Ev.SEE_ENEMY); // the machine goes on as before
        assertThat(m.activeStates()).containsExactly("COMBAT");
    }

    @Test
    void aConstantOfAnotherEnumIsRejectedWithTheChartsConstantOfTheSameNameAsTheSuggestion() {
        Machine<Trace> m = Trace.started(guard().unknownEvents(UnknownEvents.REJECT).build());

        assertThatThrownBy(() -> m.fire(Other.SEE_ENEMY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'guard' does not know the event SEE_ENEMY (a constant of UnknownEventsTest.Other): "
                        + "no transition, deferral or other trigger of the chart matches it; "
                        + "did you mean UnknownEventsTest.Ev.SEE_ENEMY?" + KNOWS);
    }

    @Test
    void aNearMissNameGetsADidYouMean() {
        Machine<Trace> m = Trace.started(guard().unknownEvents(UnknownEvents.REJECT).build());

        assertThatThrownBy(() -> m.fire("ARIVED"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"ARIVED\" (a String)")
                .hasMessageContaining("; did you mean UnknownEventsTest.Ev.ARRIVED?");
    }

    @Test
    void aNearMissAmongNameTriggersGetsADidYouMean() {
        Chart<Trace> chart = Chart.<Trace>builder("fighter")
                .unknownEvents(UnknownEvents.REJECT)
                .initial("IDLE")
                .state("IDLE", s -> {
                    s.on("attack").target("HIT");
                    s.defer("heal");
                })
                .state("HIT")
                .build();
        Machine<Trace> m = Trace.started(chart);

        assertThatThrownBy(() -> m.fire("atack"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'fighter' does not know the event \"atack\" (a String): no transition, deferral or "
                        + "other trigger of the chart matches it; did you mean \"attack\"? The events it knows: the names "
                        + "\"attack\", \"heal\" (each with the names below it, as \"a\" has \"a.b\"). (An event fired on "
                        + "purpose that the chart may not know: build it with unknownEvents(UnknownEvents.IGNORE).)");
    }

    @Test
    void aChartThatTakesNoEventsSaysSo() {
        Chart<Trace> chart = Chart.<Trace>builder("lamp")
                .unknownEvents(UnknownEvents.REJECT)
                .initial("ON")
                .state("ON", s -> s.after(30).target("OFF"))
                .state("OFF")
                .build();
        Machine<Trace> m = Trace.started(chart);

        assertThatThrownBy(() -> m.fire("OFF"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("matches it. The chart takes no events (its transitions are ticks', eventless or completions')");
    }

    @Test
    void anUnknownEventRaisedByAnActionIsReportedOnceTheStepIsWhole() {
        Chart<Trace> chart = Chart.<Trace>builder("raiser")
                .unknownEvents(UnknownEvents.REJECT)
                .initial("A")
                .state("A", a -> a.on(Ev.SEE_ENEMY).action((mm, t, e) -> mm.raise("NOISE")).target("B"))
                .state("B", b -> b.onEntry(note("B entered")))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.SEE_ENEMY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("chart 'raiser' does not know the event \"NOISE\" (a String)");
        assertThat(t.take()).containsExactly("exit A", "enter B", "B entered");
        assertThat(m.activeStates()).containsExactly("B");
    }

    @Test
    void underRaiseErrorEventsTheRejectionIsAnErrorEvent() {
        Chart<Trace> chart = Chart.<Trace>builder("careful")
                .unknownEvents(UnknownEvents.REJECT)
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .initial("A")
                .state("A", a -> a.on("error.execution").action((t, e) -> t.log("error: "
                        + ((ExecutionError) e).error().getClass().getSimpleName())).target("B"))
                .state("B")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire("NOISE");
        assertThat(t.take()).containsExactly("exit A", "error: IllegalArgumentException", "enter B");
    }

    // ------------------------------------------------------------------ known, but not taken now: never rejected

    @Test
    void anEventTheChartKnowsButNoActiveStateTakesIsUnhandledNotRejected() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(guard().unknownEvents(UnknownEvents.REJECT).build(), t);
        t.take();

        m.fire(Ev.LOST_ENEMY); // COMBAT's, and PATROL is active
        m.fire(Ev.SHOUT);      // a constant of the chart's event enum that no trigger names
        assertThat(t.take()).containsExactly("unhandled LOST_ENEMY", "hook LOST_ENEMY", "unhandled SHOUT", "hook SHOUT");
        assertThat(t.errors()).isEmpty();
    }

    @Test
    void completionAndErrorEventsNobodyTakesAreNeverRejected() {
        Chart<Trace> chart = Chart.<Trace>builder("engine-events")
                .unknownEvents(UnknownEvents.REJECT)
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .initial("TASK")
                .state("TASK", s -> {
                    s.initial("WORK");
                    s.state("WORK", w -> w.on(Ev.ARRIVED).action((tt, e) -> {
                        throw new IllegalStateException("boom");
                    }).target("END"));
                    s.finalState("END");
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.ARRIVED); // raises error.execution, then done.state.TASK: neither has a transition
        assertThat(t.take()).containsExactly("exit WORK", "enter END", "unhandled error.execution(WORK: java.lang.IllegalStateException: boom)", "unhandled done.state.TASK");
        assertThat(t.errors()).containsExactly("WORK: boom");
    }

    // ------------------------------------------------------------------ IGNORE, and the default

    @Test
    void underIgnoreAnUnknownEventGoesToTheHookAndTheListener() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(guard().unknownEvents(UnknownEvents.IGNORE).build(), t);
        t.take();

        m.fire("NOISE");
        m.fire(Other.SEE_ENEMY);
        assertThat(t.take()).containsExactly("unhandled NOISE", "hook NOISE", "unhandled SEE_ENEMY", "hook SEE_ENEMY");
        assertThat(t.errors()).isEmpty();
        assertThat(m.activeStates()).containsExactly("PATROL");
    }

    @Test
    void theDefaultRejectsWithAssertionsEnabledAndIgnoresWithout() {
        assertThat(UnknownEvents.defaultFor(true)).isEqualTo(UnknownEvents.REJECT);
        assertThat(UnknownEvents.defaultFor(false)).isEqualTo(UnknownEvents.IGNORE);
        assertThat(UnknownEvents.byDefault()).isEqualTo(UnknownEvents.defaultFor(UnknownEvents.class.desiredAssertionStatus()));
        assertThat(guard().build().unknownEvents()).isEqualTo(UnknownEvents.byDefault());
        assertThat(guard().unknownEvents(UnknownEvents.IGNORE).build().unknownEvents()).isEqualTo(UnknownEvents.IGNORE);
    }

    @Test
    void thisSuiteRunsWithAssertionsSoAChartThatDoesNotChooseRejects() {
        boolean assertionsEnabled = false;
        assert assertionsEnabled = true; // Surefire enables assertions, as Gradle's test task does
        assertThat(assertionsEnabled).isTrue();
        Machine<Trace> m = Trace.started(guard().build());
        assertThatThrownBy(() -> m.fire("NOISE")).isInstanceOf(IllegalArgumentException.class);
    }

    // ------------------------------------------------------------------ which events a chart knows

    sealed interface Msg permits Hit, Heal {}

    record Hit(int damage) implements Msg {}

    record Heal(int amount) implements Msg {}

    static class Blow {}

    static final class CriticalBlow extends Blow {}

    record Shout(String name) implements NamedEvent {}

    @Test
    void anInstanceOfASubclassOfAClassTriggerIsKnown() {
        Chart<Trace> chart = Chart.<Trace>builder("classes")
                .unknownEvents(UnknownEvents.REJECT)
                .initial("A")
                .state("A", a -> {
                    a.on(Blow.class).guard((t, e) -> false).target("B");
                    a.on(Msg.class).guard((t, e) -> false).target("B");
                })
                .state("B")
                .build();
        assertThat(chart.knowsEvent(new Blow())).isTrue();
        assertThat(chart.knowsEvent(new CriticalBlow())).isTrue();
        assertThat(chart.knowsEvent(new Hit(3))).isTrue();
        assertThat(chart.knowsEvent(new Heal(2))).isTrue();
        assertThat(chart.knowsEvent("Blow")).isFalse();
        assertThat(chart.knowsEvent(Ev.ARRIVED)).isFalse();

        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();
        m.fire(new CriticalBlow()); // known; its guard is false: unhandled
        assertThat(t.take()).hasSize(1).allMatch(r -> r.startsWith("unhandled "));
        assertThatThrownBy(() -> m.fire(Ev.ARRIVED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The events it knows: instances of UnknownEventsTest.Blow, UnknownEventsTest.Msg "
                        + "and of their subclasses");
    }

    @Test
    void aRecordOfASealedHierarchyIsKnownOnlyThroughATriggerOfItsTypeOrASupertype() {
        Chart<Trace> chart = Chart.<Trace>builder("records")
                .initial("A")
                .state("A", a -> a.on(Hit.class).target("B"))
                .state("B")
                .build();
        assertThat(chart.knowsEvent(new Hit(1))).isTrue();
        assertThat(chart.knowsEvent(new Heal(1))).isFalse(); // a sibling is another type: name Msg.class to know both
    }

    @Test
    void aNameIsKnownWhenADescriptorMatchesItAsSCXMLMatchesNames() {
        Chart<Trace> chart = Chart.<Trace>builder("names")
                .initial("A")
                .state("A", a -> a.on("attack error.*").target("B"))
                .state("B")
                .build();
        assertThat(chart.knowsEvent("attack")).isTrue();
        assertThat(chart.knowsEvent("attack.heavy")).isTrue();
        assertThat(chart.knowsEvent(new Shout("attack.light"))).isTrue();
        assertThat(chart.knowsEvent("error.communication")).isTrue();
        assertThat(chart.knowsEvent("attacks")).isFalse();
        assertThat(chart.knowsEvent(new Shout("defend"))).isFalse();
    }

    @Test
    void aDeferralAloneMakesAnEventKnown() {
        Chart<Trace> chart = Chart.<Trace>builder("deferring")
                .initial("A")
                .state("A", a -> {
                    a.defer(Ev.SEE_ENEMY);
                    a.defer(Hit.class);
                    a.after(3).target("B");
                })
                .state("B")
                .build();
        assertThat(chart.knowsEvent(Ev.LOST_ENEMY)).isTrue(); // of the enum the deferral names
        assertThat(chart.knowsEvent(new Hit(2))).isTrue();
        assertThat(chart.knowsEvent("SEE_ENEMY")).isFalse();
    }

    @Test
    void aWildcardOrAStateHandlerMakesEveryEventKnown() {
        Chart<Trace> any = Chart.<Trace>builder("any")
                .initial("A")
                .state("A", a -> a.onAny().guard((t, e) -> false).target("B"))
                .state("B")
                .build();
        Chart<Trace> star = Chart.<Trace>builder("star")
                .initial("A")
                .state("A", a -> a.on("*").guard((t, e) -> false).target("B"))
                .state("B")
                .build();
        Chart<Trace> deferAll = Chart.<Trace>builder("defer-all")
                .initial("A")
                .state("A", a -> {
                    a.defer("*");
                    a.after(1).target("B");
                })
                .state("B")
                .build();
        Chart<Trace> handled = Chart.<Trace>builder("handler")
                .initial("A")
                .state("A", a -> a.handler((t, e, to) -> Reply.UNHANDLED))
                .build();
        for (Chart<Trace> chart : java.util.List.of(any, star, deferAll, handled)) {
            assertThat(chart.knowsEvent("NOISE")).as(chart.name()).isTrue();
            assertThat(chart.knowsEvent(Other.SEE_ENEMY)).as(chart.name()).isTrue();
        }
    }

    @Test
    void completionAndErrorEventsAreKnownToEveryChart() {
        Chart<Trace> chart = guard().build();
        assertThat(chart.knowsEvent(new ExecutionError(new IllegalStateException(), "PATROL"))).isTrue();
    }

    @Test
    void checkEventRefusesWithoutAMachineWhatAMachineWouldReject() {
        Chart<Trace> rejecting = guard().unknownEvents(UnknownEvents.REJECT).build();
        Chart<Trace> ignoring = guard().unknownEvents(UnknownEvents.IGNORE).build();

        assertThatThrownBy(() -> rejecting.checkEvent("NOISE"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'guard' does not know the event \"NOISE\" (a String): no transition, deferral or "
                        + "other trigger of the chart matches it." + KNOWS);
        rejecting.checkEvent(Ev.SHOUT); // known, though nothing takes it
        ignoring.checkEvent("NOISE");
    }
}
