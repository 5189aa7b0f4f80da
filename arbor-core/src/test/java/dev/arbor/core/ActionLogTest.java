package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The actions of a tick, observable as an ordered list (seed 000's update result). */
class ActionLogTest {

    enum St { L, A, B }

    static final class Flags {
        boolean go;
    }

    @Test
    void aTickIsReportedAsExitTransitionEntryThenUpdatesRootToLeaf() {
        Chart<Flags> chart = Chart.<Flags>builder("tick")
                .initial(St.L)
                .state(St.L, l -> {
                    l.initial(St.A);
                    l.onUpdate(f -> { });
                    l.state(St.A, a -> a.when(f -> f.go).target(St.B));
                    l.state(St.B, b -> b.onUpdate(f -> { }));
                })
                .build();
        Flags flags = new Flags();
        Machine<Flags> m = chart.newMachine(flags);
        ActionLog log = new ActionLog();
        m.addListener(log);
        m.start();
        assertThat(log.describe(chart)).containsExactly("enter root", "enter L", "enter A");
        log.clear();
        m.update();
        assertThat(log.describe(chart)).containsExactly("update L");
        log.clear();
        flags.go = true;
        m.update();
        assertThat(log.describe(chart)).containsExactly("exit A", "take A when -> B", "enter B", "update L", "update B");
        assertThat(log.size()).isEqualTo(5);
        assertThat(log.kind(0)).isEqualTo(ActionLog.Kind.EXIT);
        assertThat(log.id(0)).isEqualTo(chart.stateId(St.A));
    }

    @Test
    void recordingGrowsPastItsInitialCapacity() {
        Chart<Flags> chart = Chart.<Flags>builder("grow")
                .initial(St.A)
                .state(St.A, a -> a.when(f -> true).target(St.B))
                .state(St.B, b -> b.when(f -> true).target(St.A))
                .build();
        Machine<Flags> m = chart.newMachine(new Flags());
        ActionLog log = new ActionLog();
        m.addListener(log);
        m.start();
        for (int i = 0; i < 40; i++) {
            m.update();
        }
        assertThat(log.size()).isEqualTo(2 + 40 * 3); // enter root, enter A; then exit, take, enter per tick
        assertThat(log.describe(chart).get(log.size() - 1)).isEqualTo("enter A");
    }
}
