package dev.arbor.core.typed;

import static dev.arbor.core.typed.Recorder.note;
import static dev.arbor.core.typed.Recorder.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.HistoryType;
import org.junit.jupiter.api.Test;

/**
 * History, parallel regions and final states declared through the typed face, each a trace step
 * by step: deep history restores the whole configuration below its parent; a parallel state's
 * regions are entered together and complete it together; a final child completes its parent
 * ({@code onDone(S)}, {@code then(S)}); a top-level final state halts the machine.
 */
class TypedStructureTest {

    enum Ev { START, NEXT, STOP, RESUME, GO, FOUND, WON, DONE, RETREAT }

    enum St {
        OFF, DUTY, DUTY_HISTORY, ROUTE, NORTH, SOUTH,
        CAMP, RAID, SCOUTS, LOOK, SCOUTS_BACK, FIGHTERS, STRIKE, FIGHTERS_BACK,
        JOB, WORKING, JOB_DONE, REST, END
    }

    static TypedMachine<Recorder, St, Ev> started(TypedChart<Recorder, St, Ev> chart, Recorder r) {
        TypedMachine<Recorder, St, Ev> m = chart.newMachine(r);
        m.addListener(r).start();
        return m;
    }

    /**
     * <pre>
     * root ─ OFF   START → DUTY, RESUME → DUTY_HISTORY
     *      ─ DUTY (initial ROUTE; deep history DUTY_HISTORY)  STOP → OFF
     *          └─ ROUTE (initial NORTH) ─ NORTH  NEXT → SOUTH;  SOUTH
     * </pre>
     */
    static TypedChart<Recorder, St, Ev> patrol() {
        return TypedChart.builder("patrol", Recorder.class, St.class, Ev.class)
                .initial(St.OFF)
                .state(St.OFF, o -> {
                    o.on(Ev.START).target(St.DUTY);
                    o.on(Ev.RESUME).target(St.DUTY_HISTORY);
                })
                .state(St.DUTY, d -> {
                    d.initial(St.ROUTE);
                    d.history(St.DUTY_HISTORY, HistoryType.DEEP);
                    d.on(Ev.STOP).target(St.OFF);
                    d.state(St.ROUTE, r -> {
                        r.initial(St.NORTH);
                        r.state(St.NORTH, n -> n.on(Ev.NEXT).target(St.SOUTH));
                        r.state(St.SOUTH);
                    });
                })
                .build();
    }

    @Test
    void deepHistoryRestoresTheWholeConfigurationBelowItsParent() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(patrol(), r);
        assertThat(r.take()).containsExactly("enter root", "enter OFF");

        m.fire(Ev.RESUME);
        assertThat(r.take()).as("never visited: the parent's initial content")
                .containsExactly("exit OFF", "enter DUTY", "enter ROUTE", "enter NORTH");

        m.fire(Ev.NEXT);
        m.fire(Ev.STOP);
        assertThat(r.take()).containsExactly("exit NORTH", "enter SOUTH", "exit SOUTH", "exit ROUTE", "exit DUTY", "enter OFF");

        m.fire(Ev.START);
        assertThat(r.take()).as("a plain entry follows the initial transitions")
                .containsExactly("exit OFF", "enter DUTY", "enter ROUTE", "enter NORTH");

        m.fire(Ev.NEXT);
        m.fire(Ev.STOP);
        r.take();
        m.fire(Ev.RESUME);
        assertThat(r.take()).as("deep history: SOUTH, two levels down")
                .containsExactly("exit OFF", "enter DUTY", "enter ROUTE", "enter SOUTH");
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.ROUTE, St.SOUTH);
    }

    /**
     * <pre>
     * root ─ CAMP  GO → RAID
     *      ─ RAID (parallel)  done(SCOUTS) / scouts back;  done / raid done → CAMP;  RETREAT → CAMP
     *          ├─ SCOUTS (initial LOOK) ─ LOOK  FOUND → SCOUTS_BACK;  SCOUTS_BACK (final)
     *          └─ FIGHTERS (initial STRIKE) ─ STRIKE  WON → FIGHTERS_BACK;  FIGHTERS_BACK (final)
     * </pre>
     */
    static TypedChart<Recorder, St, Ev> raid() {
        return TypedChart.builder("raid", Recorder.class, St.class, Ev.class)
                .initial(St.CAMP)
                .state(St.CAMP, c -> c.on(Ev.GO).target(St.RAID))
                .parallel(St.RAID, p -> {
                    p.onDone(St.SCOUTS).action(say("scouts back"));
                    p.onDone().action(say("raid done")).target(St.CAMP);
                    p.on(Ev.RETREAT).target(St.CAMP);
                    p.state(St.SCOUTS, s -> {
                        s.initial(St.LOOK);
                        s.state(St.LOOK, l -> l.on(Ev.FOUND).target(St.SCOUTS_BACK));
                        s.finalState(St.SCOUTS_BACK);
                    });
                    p.state(St.FIGHTERS, f -> {
                        f.initial(St.STRIKE);
                        f.state(St.STRIKE, l -> l.on(Ev.WON).target(St.FIGHTERS_BACK));
                        f.finalState(St.FIGHTERS_BACK, b -> b.onEntry(note("cheer")));
                    });
                })
                .build();
    }

    @Test
    void aParallelStatesRegionsRunTogetherAndCompleteItTogether() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(raid(), r);
        r.take();

        m.fire(Ev.GO);
        assertThat(r.take()).containsExactly(
                "exit CAMP", "enter RAID", "enter SCOUTS", "enter LOOK", "enter FIGHTERS", "enter STRIKE");
        assertThat(m.activeLeaves()).containsExactly(St.LOOK, St.STRIKE);

        m.fire(Ev.FOUND);
        assertThat(r.take()).as("one region done: its completion, not the parallel state's")
                .containsExactly("exit LOOK", "enter SCOUTS_BACK", "scouts back");

        m.fire(Ev.WON);
        assertThat(r.take()).as("every region done: the parallel state is done")
                .containsExactly("exit STRIKE", "enter FIGHTERS_BACK", "cheer",
                        "unhandled done.state.FIGHTERS", // RAID declares onDone(SCOUTS) only
                        "exit FIGHTERS_BACK", "exit FIGHTERS", "exit SCOUTS_BACK", "exit SCOUTS", "exit RAID",
                        "raid done", "enter CAMP");
        assertThat(m.activeStates()).containsExactly(St.CAMP);
    }

    @Test
    void leavingAParallelStateExitsEveryRegionInReverseDocumentOrder() {
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(raid(), r);
        m.fire(Ev.GO);
        r.take();

        m.fire(Ev.RETREAT);
        assertThat(r.take()).containsExactly(
                "exit STRIKE", "exit FIGHTERS", "exit LOOK", "exit SCOUTS", "exit RAID", "enter CAMP");
    }

    /**
     * <pre>
     * root ─ JOB (initial WORKING)  then REST
     *          ├─ WORKING  DONE → JOB_DONE
     *          └─ JOB_DONE (final)
     *      ─ REST  STOP → END
     *      ─ END (final)
     * </pre>
     */
    @Test
    void aFinalChildCompletesItsParentAndATopLevelFinalStateHaltsTheMachine() {
        TypedChart<Recorder, St, Ev> chart = TypedChart.builder("job", Recorder.class, St.class, Ev.class)
                .initial(St.JOB)
                .state(St.JOB, j -> {
                    j.initial(St.WORKING);
                    j.state(St.WORKING, w -> w.on(Ev.DONE).target(St.JOB_DONE));
                    j.finalState(St.JOB_DONE);
                    j.then(St.REST);
                })
                .state(St.REST, s -> s.on(Ev.STOP).target(St.END))
                .finalState(St.END, e -> e.onEntry(note("the end")))
                .build();
        Recorder r = new Recorder();
        TypedMachine<Recorder, St, Ev> m = started(chart, r);
        r.take();

        m.fire(Ev.DONE);
        assertThat(r.take()).containsExactly("exit WORKING", "enter JOB_DONE", "exit JOB_DONE", "exit JOB", "enter REST");

        m.fire(Ev.STOP);
        assertThat(r.take()).as("the final state stays active").containsExactly("exit REST", "enter END", "the end");
        assertThat(m.isHalted()).isTrue();
        assertThat(m.activeStates()).containsExactly(St.END);

        m.fire(Ev.DONE);
        assertThat(r.take()).as("a halted machine ignores events").isEmpty();
    }
}
