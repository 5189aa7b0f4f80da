package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A substituted copy runs the functions it is given, with the chart's own ids; the chart is unchanged. */
class SubstitutionTest {

    private final List<String> trace = new ArrayList<>();

    private Chart<Object> door() {
        return Chart.builder("door")
                .initial("closed")
                .state("closed", s -> s
                        .onEntry(o -> trace.add("enter closed"))
                        .on("open").guard(o -> false).target("opened"))
                .state("opened", s -> s
                        .onEntry(o -> trace.add("enter opened"))
                        .on("close").target("closed").action((o, e) -> trace.add("slam")))
                .build();
    }

    @Test
    void aSubstitutedCopyDecidesTheGuardAndRunsTheActionsItIsGiven() {
        Chart<Object> door = door();
        List<String> asked = new ArrayList<>();
        Chart<Object> forced = door.substituted(new Substitution<>() {
            @Override
            public MachineGuard<Object, Object> guard(int transition, Object original) {
                asked.add("guard of " + door.describeTransition(transition));
                return (m, o, e) -> true;
            }

            @Override
            public MachineAction<Object, Object> action(Site site, int id, Object original) {
                String where = site == Site.TRANSITION ? door.describeTransition(id) : door.stateName(id);
                asked.add(site + " of " + where);
                return site == Site.TRANSITION ? (m, o, e) -> trace.add("quietly " + e) : null;
            }
        });
        assertThat(asked).containsExactly(
                "ENTRY of closed", "ENTRY of opened", "guard of closed \"open\" -> opened", "TRANSITION of opened \"close\" -> closed");
        assertThat(forced.stateCount()).isEqualTo(door.stateCount());
        assertThat(forced.transitionCount()).isEqualTo(door.transitionCount());

        Machine<Object> m = forced.newMachine(new Object());
        m.start();
        m.fire("open");
        m.fire("close");
        assertThat(trace).containsExactly("enter closed", "enter opened", "quietly close", "enter closed");

        trace.clear();
        Machine<Object> plain = door.newMachine(new Object());
        plain.start();
        plain.fire("open");
        assertThat(plain.activeLeaves()).containsExactly("closed");
        assertThat(trace).as("the chart itself keeps its own guard").containsExactly("enter closed");
    }

    @Test
    void aCopyOfACopySubstitutesWhatTheFirstCopyRuns() {
        Chart<Object> door = door();
        Chart<Object> forced = door.substituted(new Substitution<>() {
            @Override
            public MachineGuard<Object, Object> guard(int transition, Object original) {
                return (m, o, e) -> true;
            }
        });
        List<String> tested = new ArrayList<>();
        Chart<Object> watched = forced.substituted(new Substitution<>() {
            @Override
            @SuppressWarnings("unchecked")
            public MachineGuard<Object, Object> guard(int transition, Object original) {
                MachineGuard<Object, Object> inner = (MachineGuard<Object, Object>) original;
                return (m, o, e) -> {
                    boolean holds = inner.test(m, o, e);
                    tested.add(e + " " + holds);
                    return holds;
                };
            }
        });
        Machine<Object> m = watched.newMachine(new Object());
        m.start();
        m.fire("open");
        assertThat(tested).containsExactly("open true");
        assertThat(m.activeLeaves()).containsExactly("opened");
    }
}
