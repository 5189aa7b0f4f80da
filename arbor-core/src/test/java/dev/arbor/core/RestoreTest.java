package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Snapshots and restoring them onto live machines (seed 001): only the states that differ are
 * exited and entered, each callback tagged RESTORE; history comes back too; an invalid state is
 * refused whole, naming what is wrong, and the machine stays as it was.
 */
class RestoreTest {

    enum Ev { GO, BACK, TOGGLE, MOVE }

    /**
     * root ─ IDLE
     *      ─ BUSY (H: deep history) ─ WORK (parallel) ─ ARMS ─ A1, A2
     *                                                 ─ LEGS ─ L1, L2
     *      ─ END (final)
     */
    static Chart<List<String>> chart() {
        return Chart.<List<String>>builder("restore")
                .initial("IDLE")
                .state("IDLE", s -> {
                    s.on(Ev.GO).target("H");
                    s.on(Ev.BACK).target("END");
                })
                .state("BUSY", b -> {
                    b.initial("WORK");
                    b.history("H", HistoryType.DEEP);
                    b.on(Ev.BACK).target("IDLE");
                    b.parallel("WORK", w -> {
                        w.state("ARMS", r -> {
                            r.initial("A1");
                            r.state("A1", s -> s.on(Ev.TOGGLE).target("A2"));
                            r.state("A2", s -> s.on(Ev.TOGGLE).target("A1"));
                        });
                        w.state("LEGS", r -> {
                            r.initial("L1");
                            r.state("L1", s -> s.on(Ev.MOVE).target("L2"));
                            r.state("L2", s -> s.on(Ev.MOVE).target("L1"));
                        });
                    });
                })
                .finalState("END")
                .build();
    }

    /** Records "enter X (CAUSE)" and "exit X (CAUSE)". */
    static Machine<List<String>> traced(Chart<List<String>> chart, List<String> log) {
        Machine<List<String>> m = chart.newMachine(log);
        m.addListener(new MachineListener() {
            @Override
            public void onEntry(Machine<?> mm, int state, Cause cause) {
                log.add("enter " + mm.chart().stateName(state) + " (" + cause + ")");
            }

            @Override
            public void onExit(Machine<?> mm, int state, Cause cause) {
                log.add("exit " + mm.chart().stateName(state) + " (" + cause + ")");
            }
        });
        return m;
    }

    @Test
    void restoringChangesOnlyTheStatesThatDifferAndSaysWhy() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = traced(chart(), log);
        m.start();
        m.fire(Ev.GO);
        m.fire(Ev.TOGGLE); // A2, L1
        MachineState saved = m.snapshot();
        m.fire(Ev.TOGGLE); // A1
        m.fire(Ev.MOVE);   // L2
        log.clear();
        m.restore(saved, Cause.RESTORE);
        assertThat(log).containsExactly(
                "exit L2 (RESTORE)", "exit A1 (RESTORE)", "enter A2 (RESTORE)", "enter L1 (RESTORE)");
        assertThat(m.activeStates()).containsExactly("BUSY", "WORK", "ARMS", "A2", "LEGS", "L1");
        assertThat(m.snapshot()).isEqualTo(saved);
    }

    @Test
    void historyComesBackWithTheConfiguration() {
        List<String> log = new ArrayList<>();
        Machine<List<String>> m = traced(chart(), log);
        m.start();
        m.fire(Ev.GO);
        m.fire(Ev.TOGGLE);
        m.fire(Ev.MOVE);     // A2, L2
        m.fire(Ev.BACK);     // IDLE; H records A2, L2
        MachineState saved = m.snapshot();
        assertThat(saved.history(chart().stateId("H"))).hasSize(2);

        Machine<List<String>> copy = traced(chart(), new ArrayList<>());
        copy.restore(saved, Cause.RESTORE); // onto a machine never started
        assertThat(copy.activeStates()).containsExactly("IDLE");
        copy.fire(Ev.GO); // the restored history sends it back to A2 and L2
        assertThat(copy.activeStates()).containsExactly("BUSY", "WORK", "ARMS", "A2", "LEGS", "L2");
    }

    @Test
    void aRestoredMachineBehavesLikeTheOriginalFromThenOn() {
        Machine<List<String>> original = traced(chart(), new ArrayList<>());
        original.start();
        Ev[] script = {Ev.GO, Ev.TOGGLE, Ev.MOVE, Ev.BACK, Ev.GO, Ev.MOVE, Ev.TOGGLE, Ev.BACK, Ev.BACK};
        for (int cut = 0; cut <= script.length; cut++) {
            Machine<List<String>> a = traced(chart(), new ArrayList<>());
            a.start();
            for (int i = 0; i < cut; i++) {
                a.fire(script[i]);
            }
            Machine<List<String>> b = traced(chart(), new ArrayList<>());
            b.restore(a.snapshot(), Cause.RESTORE);
            for (int i = cut; i < script.length; i++) {
                a.fire(script[i]);
                b.fire(script[i]);
                assertThat(b.snapshot()).as("cut %d, step %d", cut, i).isEqualTo(a.snapshot());
            }
            assertThat(b.isHalted()).isEqualTo(a.isHalted());
        }
    }

    @Test
    void invalidStatesAreRefusedWholeAndNameTheProblem() {
        Chart<List<String>> chart = chart();
        Machine<List<String>> m = traced(chart, new ArrayList<>());
        m.start();
        m.fire(Ev.GO);
        MachineState before = m.snapshot();
        int n = chart.stateCount();
        int[][] noHistory = new int[n][0];
        int root = 0;
        int busy = chart.stateId("BUSY");
        int work = chart.stateId("WORK");
        int arms = chart.stateId("ARMS");
        int a1 = chart.stateId("A1");
        int a2 = chart.stateId("A2");
        int legs = chart.stateId("LEGS");
        int l1 = chart.stateId("L1");
        int idle = chart.stateId("IDLE");
        int h = chart.stateId("H");

        assertRefused(m, new MachineState(new int[] {root, 99}, noHistory, false), "out of range");
        assertRefused(m, new MachineState(new int[] {root, busy, work, arms, a1, a2, legs, l1}, noHistory, false),
                "compound 'ARMS' has 2 active children");
        assertRefused(m, new MachineState(new int[] {root, busy, work, arms, a1}, noHistory, false),
                "parallel 'WORK' has 1 of its 2 regions active");
        assertRefused(m, new MachineState(new int[] {root, a1}, noHistory, false), "its parent 'ARMS' is not");
        assertRefused(m, new MachineState(new int[] {root, idle, busy}, noHistory, false), "compound 'root' has 2");
        assertRefused(m, new MachineState(new int[] {root, idle}, noHistory, true), "no top-level final state");
        assertRefused(m, new MachineState(new int[] {idle, root}, noHistory, false), "increasing document order");
        int[][] badHistory = new int[n][0];
        badHistory[h] = new int[] {a1, a2};
        assertRefused(m, new MachineState(new int[] {root, idle}, badHistory, false), "history 'H'");
        int[][] historyOnAState = new int[n][0];
        historyOnAState[idle] = new int[] {a1};
        assertRefused(m, new MachineState(new int[] {root, idle}, historyOnAState, false), "not a history state");
        assertRefused(m, new MachineState(new int[] {root, idle}, new int[3][0], false), "history has 3 entries");

        assertThat(m.snapshot()).isEqualTo(before);
    }

    private static void assertRefused(Machine<List<String>> m, MachineState bad, String why) {
        assertThatThrownBy(() -> m.restore(bad, Cause.RESTORE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a state of chart 'restore'")
                .hasMessageContaining(why);
    }

    @Test
    void aHaltedStateComesBackHalted() {
        Machine<List<String>> m = traced(chart(), new ArrayList<>());
        m.start();
        m.fire(Ev.BACK);
        assertThat(m.isHalted()).isTrue();
        MachineState end = m.snapshot();
        Machine<List<String>> copy = traced(chart(), new ArrayList<>());
        copy.restore(end, Cause.RESTORE);
        assertThat(copy.isHalted()).isTrue();
        assertThat(copy.activeStates()).containsExactly("END");
    }
}
