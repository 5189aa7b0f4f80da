package dev.arbor.core;

import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Ticks (docs/architecture.md, "Ticks"; seeds 000 and 004): {@link Machine#update()} first fires
 * the events posted from other threads, then walks the active tree from the root down testing each
 * state's polled ({@code when}) transitions in declaration order; the first that holds fires and
 * nothing below its source's domain is tested in that tick (outer states first, or innermost first
 * when the chart says {@link UpdateOrder#INNER_FIRST}); then every active state's {@code onUpdate}
 * runs, root to leaf.
 */
class TicksTest {

    enum Ev { GO, X, Y }

    /** A polled condition that records being tested, and holds while the owner's flag of that name is set. */
    static Condition<Trace> cond(String name) {
        return t -> {
            t.log("test " + name);
            return t.flag(name);
        };
    }

    /**
     * <pre>
     * root   when(root)→T;  update "root update"
     *  ├─ S (initial S1)  when(S)→T, when(S-local)→S1 (local);  update "S update"
     *  │    ├─ S1   when(S1)→S2;  update "S1 update"
     *  │    └─ S2   update "S2 update"
     *  └─ T   update "T update"
     * </pre>
     */
    static Chart<Trace> chart(UpdateOrder order) {
        ChartBuilder<Trace> b = Chart.<Trace>builder("ticks").updateOrder(order).initial("S");
        b.onUpdate(note("root update"));
        b.when(cond("root")).action(say("root fires")).target("T");
        return b
                .state("S", s -> {
                    s.initial("S1");
                    s.onUpdate(note("S update"));
                    s.when(cond("S")).action(say("S fires")).target("T");
                    s.when(cond("S-local")).action(say("S-local fires")).target("S1").local();
                    s.state("S1", s1 -> {
                        s1.onUpdate(note("S1 update"));
                        s1.when(cond("S1")).action(say("S1 fires")).target("S2");
                    });
                    s.state("S2", s2 -> s2.onUpdate(note("S2 update")));
                })
                .state("T", x -> x.onUpdate(note("T update")))
                .build();
    }

    static Machine<Trace> started(UpdateOrder order, Trace t) {
        Machine<Trace> m = Trace.started(chart(order), t);
        assertThat(t.take()).containsExactly("enter root", "enter S", "enter S1");
        return m;
    }

    // ------------------------------------------------------------------ outer first (the default)

    @Test
    void aQuietTickTestsEveryPolledTransitionRootDownThenRunsUpdatesRootToLeaf() {
        Trace t = new Trace();
        Machine<Trace> m = started(UpdateOrder.OUTER_FIRST, t);

        m.update();
        assertThat(t.take()).containsExactly(
                "test root", "test S", "test S-local", "test S1",
                "root update", "S update", "S1 update");
        assertThat(m.activeStates()).containsExactly("S", "S1");
    }

    @Test
    void aPolledTransitionFiresAndTheUpdatesRunInTheNewConfiguration() {
        Trace t = new Trace();
        Machine<Trace> m = started(UpdateOrder.OUTER_FIRST, t);
        t.set("S1", true);

        m.update();
        assertThat(t.take()).containsExactly(
                "test root", "test S", "test S-local", "test S1",
                "exit S1", "S1 fires", "enter S2",
                "root update", "S update", "S2 update");
        assertThat(m.activeStates()).containsExactly("S", "S2");
    }

    @Test
    void anOuterStatesPolledTransitionWinsAndNothingBelowItIsTested() {
        Trace t = new Trace();
        Machine<Trace> m = started(UpdateOrder.OUTER_FIRST, t);
        t.set("S", true).set("S1", true);

        m.update();
        assertThat(t.take()).containsExactly(
                "test root", "test S",
                "exit S1", "exit S", "S fires", "enter T",
                "root update", "T update");
        assertThat(m.activeStates()).containsExactly("T");
    }

    @Test
    void statesReenteredByAFiringAreNotTestedAgainInTheSameTick() {
        Trace t = new Trace();
        Machine<Trace> m = started(UpdateOrder.OUTER_FIRST, t);
        t.set("S-local", true).set("S1", true);

        m.update(); // S -> S1 (local) re-enters S1, whose own polled transition waits for the next tick
        assertThat(t.take()).containsExactly(
                "test root", "test S", "test S-local",
                "exit S1", "S-local fires", "enter S1",
                "root update", "S update", "S1 update");
        assertThat(m.activeStates()).containsExactly("S", "S1");
    }

    @Test
    void theRootsPolledTransitionsAreTestedFirst() {
        Trace t = new Trace();
        Machine<Trace> m = started(UpdateOrder.OUTER_FIRST, t);
        t.set("root", true).set("S", true).set("S1", true);

        m.update();
        assertThat(t.take()).containsExactly(
                "test root", "exit S1", "exit S", "root fires", "enter T", "root update", "T update");
        assertThat(m.activeStates()).containsExactly("T");
    }

    // ------------------------------------------------------------------ regions

    /**
     * P (parallel) ─ R1 ─ A1 when(A1)→A2, A2 when(A2)→A3, A3;  ─ R2 ─ B1 when(B1)→B2, B2; every
     * state has an update action.
     */
    static Chart<Trace> regions() {
        return Chart.<Trace>builder("tick-regions")
                .initial("P")
                .onUpdate(note("root update"))
                .parallel("P", p -> {
                    p.onUpdate(note("P update"));
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.onUpdate(note("R1 update"));
                        r.state("A1", a -> {
                            a.onUpdate(note("A1 update"));
                            a.when(cond("A1")).action(say("A1 fires")).target("A2");
                        });
                        r.state("A2", a -> {
                            a.onUpdate(note("A2 update"));
                            a.when(cond("A2")).action(say("A2 fires")).target("A3");
                        });
                        r.state("A3", a -> a.onUpdate(note("A3 update")));
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.onUpdate(note("R2 update"));
                        r.state("B1", b -> {
                            b.onUpdate(note("B1 update"));
                            b.when(cond("B1")).action(say("B1 fires")).target("B2");
                        });
                        r.state("B2", b -> b.onUpdate(note("B2 update")));
                    });
                })
                .build();
    }

    @Test
    void updateActionsRunRootToLeafInDocumentOrderAcrossRegions() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(regions(), t);
        t.take();

        m.update();
        assertThat(t.take()).containsExactly(
                "test A1", "test B1",
                "root update", "P update", "R1 update", "A1 update", "R2 update", "B1 update");
    }

    @Test
    void eachRegionFiresAtMostOnePolledTransitionPerTick() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(regions(), t);
        t.take();
        t.set("A1", true).set("A2", true).set("B1", true);

        m.update(); // A1 -> A2 and B1 -> B2 fire; A2's transition holds but waits for the next tick
        assertThat(t.take()).containsExactly(
                "test A1", "exit A1", "A1 fires", "enter A2",
                "test B1", "exit B1", "B1 fires", "enter B2",
                "root update", "P update", "R1 update", "A2 update", "R2 update", "B2 update");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B2");

        m.update();
        assertThat(t.take()).containsExactly(
                "test A2", "exit A2", "A2 fires", "enter A3",
                "root update", "P update", "R1 update", "A3 update", "R2 update", "B2 update");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A3", "R2", "B2");
    }

    // ------------------------------------------------------------------ innermost first

    @Test
    void innerFirstTestsFromTheLeafUpAndAnInnerFiringStopsTheWalk() {
        Trace t = new Trace();
        Machine<Trace> m = started(UpdateOrder.INNER_FIRST, t);
        t.set("S", true).set("S1", true);

        m.update();
        assertThat(t.take()).containsExactly(
                "test S1", "exit S1", "S1 fires", "enter S2",
                "root update", "S update", "S2 update");
        assertThat(m.activeStates()).containsExactly("S", "S2");
    }

    @Test
    void innerFirstFallsBackToTheAncestorsWhenTheLeafHasNothingEnabled() {
        Trace t = new Trace();
        Machine<Trace> m = started(UpdateOrder.INNER_FIRST, t);
        m.update();
        assertThat(t.take()).containsExactly(
                "test S1", "test S", "test S-local", "test root",
                "root update", "S update", "S1 update");

        t.set("S", true);
        m.update();
        assertThat(t.take()).containsExactly(
                "test S1", "test S", "exit S1", "exit S", "S fires", "enter T",
                "root update", "T update");
        assertThat(m.activeStates()).containsExactly("T");
    }

    @Test
    void polledTransitionsAreTestedOnlyByTicksNeverByEventsOrStart() {
        Chart<Trace> chart = Chart.<Trace>builder("polled-only-on-ticks")
                .unknownEvents(UnknownEvents.IGNORE) // events it does not know, to show that they poll nothing
                .initial("A")
                .state("A", a -> a.when(cond("A")).action(say("A fires")).target("B"))
                .state("B")
                .build();
        Trace t = new Trace();
        t.set("A", true);
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly("enter root", "enter A");

        m.fire(Ev.X);
        assertThat(t.take()).containsExactly("unhandled X");
        assertThat(m.activeStates()).containsExactly("A");

        m.update();
        assertThat(t.take()).containsExactly("test A", "exit A", "A fires", "enter B");
    }

    @Test
    void eventlessTransitionsEnabledByAPolledFiringRunWithinTheTickBeforeTheUpdates() {
        Chart<Trace> chart = Chart.<Trace>builder("polled-then-eventless")
                .initial("A")
                .state("A", a -> a.when(cond("A")).action(say("A fires")).target("B"))
                .state("B", b -> {
                    b.always().action(say("B always")).target("C");
                    b.onUpdate(note("B update"));
                })
                .state("C", c -> c.onUpdate(note("C update")))
                .build();
        Trace t = new Trace();
        t.set("A", true);
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.update();
        assertThat(t.take()).containsExactly(
                "test A", "exit A", "A fires", "enter B", "exit B", "B always", "enter C", "C update");
        assertThat(m.activeStates()).containsExactly("C");
    }

    // ------------------------------------------------------------------ events during a tick

    @Test
    void eventsRaisedByUpdateActionsAreProcessedWithinTheTick() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-in-update")
                .initial("A")
                .state("A", a -> {
                    a.onUpdate((m, t) -> {
                        t.log("A update raises X");
                        m.raise(Ev.X);
                    });
                    a.on(Ev.X).action(say("x")).target("B");
                })
                .state("B")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.update();
        assertThat(t.take()).containsExactly("A update raises X", "exit A", "x", "enter B");
        assertThat(m.activeStates()).containsExactly("B");
    }

    // ------------------------------------------------------------------ posting from other threads

    @Test
    void eventsPostedFromAnotherThreadAreFiredInOrderOnTheOwnerThreadByTheNextUpdate() throws Exception {
        Thread owner = Thread.currentThread();
        Chart<Trace> chart = Chart.<Trace>builder("posted")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((t, e) ->
                        t.log("go on " + (Thread.currentThread() == owner ? "owner" : "other") + " thread")).target("B"))
                .state("B", b -> {
                    b.onUpdate(note("B update"));
                    b.on(Ev.X).action(say("x")).target("C");
                })
                .state("C", c -> c.on(Ev.Y).action(say("y")).target("D"))
                .state("D", d -> d.onUpdate(note("D update")))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        CountDownLatch posted = new CountDownLatch(1);
        Thread network = new Thread(() -> {
            m.post(Ev.GO);
            posted.countDown();
        }, "network");
        network.start();
        assertThat(posted.await(10, TimeUnit.SECONDS)).isTrue();
        network.join(10_000);

        assertThat(t.take()).as("nothing happens until the owner thread drains").isEmpty();
        assertThat(m.activeStates()).containsExactly("A");

        m.update(); // posted events first, then the tick's updates in the new configuration
        assertThat(t.take()).containsExactly("exit A", "go on owner thread", "enter B", "B update");

        Thread other = new Thread(() -> {
            m.post(Ev.X);
            m.post(Ev.Y);
        }, "network-2");
        other.start();
        other.join(10_000);
        m.drainPosted(); // fires them without a tick
        assertThat(t.take()).containsExactly("exit B", "x", "enter C", "exit C", "y", "enter D");
        assertThat(m.activeStates()).containsExactly("D");
    }

    @Test
    void anUpdateActionThatThrowsIsRethrownAfterTheTick() {
        Chart<Trace> chart = Chart.<Trace>builder("update-throws")
                .initial("S")
                .state("S", s -> {
                    s.onUpdate(t -> {
                        throw new IllegalStateException("S update failed");
                    });
                    s.state("S1", s1 -> s1.onUpdate(note("S1 update")));
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        org.assertj.core.api.Assertions.assertThatThrownBy(m::update).hasMessage("S update failed");
        assertThat(t.take()).containsExactly("S1 update");
        assertThat(m.activeStates()).containsExactly("S", "S1");
    }
}
