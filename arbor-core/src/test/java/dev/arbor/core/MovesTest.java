package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Programmatic moves (docs/architecture.md, "Moves"; seed 002): {@code goTo}, {@code revert} (state
 * blips) and {@code push}/{@code pop} (interrupt and resume), queued when asked from inside an
 * action and applied as steps of their own, with paths computed like declared transitions.
 */
class MovesTest {

    enum St { WORK, DIG, BANK, REST, BATHROOM, ALARM }

    enum Ev { NEED }

    static final class Npc {
        final List<String> log = new ArrayList<>();

        List<String> take() {
            List<String> out = List.copyOf(log);
            log.clear();
            return out;
        }
    }

    static void logged(StateBuilder<Npc> s, String name) {
        s.onEntry(n -> n.log.add("enter " + name));
        s.onExit(n -> n.log.add("exit " + name));
    }

    /** WORK { DIG, BANK }, REST, BATHROOM (reverts when done), ALARM. */
    static Chart<Npc> chart() {
        return Chart.<Npc>builder("moves")
                .initial(St.WORK)
                .state(St.WORK, w -> {
                    logged(w, "WORK");
                    w.initial(St.DIG);
                    w.state(St.DIG, d -> logged(d, "DIG"));
                    w.state(St.BANK, b -> logged(b, "BANK"));
                })
                .state(St.REST, r -> logged(r, "REST"))
                .state(St.BATHROOM, b -> {
                    logged(b, "BATHROOM");
                    b.on(Ev.NEED).action((m, n, e) -> m.revert()); // the blip ends by itself
                })
                .state(St.ALARM, a -> logged(a, "ALARM"))
                .allowUnreachable() // reached only by goTo
                .build();
    }

    @Test
    void goToExitsUpToTheCommonAncestorAndEntersDown() {
        Npc npc = new Npc();
        Machine<Npc> m = chart().newMachine(npc);
        m.start();
        assertThat(npc.take()).containsExactly("enter WORK", "enter DIG");
        m.goTo(St.BANK);
        assertThat(npc.take()).containsExactly("exit DIG", "enter BANK");
        m.goTo(St.REST);
        assertThat(npc.take()).containsExactly("exit BANK", "exit WORK", "enter REST");
        m.goTo(St.WORK);
        assertThat(npc.take()).containsExactly("exit REST", "enter WORK", "enter DIG");
    }

    @Test
    void goToTheCurrentStateExitsAndReentersIt() {
        Npc npc = new Npc();
        Machine<Npc> m = chart().newMachine(npc);
        m.start();
        npc.take();
        m.goTo(St.DIG);
        assertThat(npc.take()).containsExactly("exit DIG", "enter DIG");
    }

    @Test
    void aBlipReturnsToTheWholePreviousConfiguration() {
        Npc npc = new Npc();
        Machine<Npc> m = chart().newMachine(npc);
        m.start();
        m.goTo(St.BANK);
        npc.take();
        m.goTo(St.BATHROOM);
        assertThat(npc.take()).containsExactly("exit BANK", "exit WORK", "enter BATHROOM");
        m.fire(Ev.NEED); // BATHROOM's action asks for revert(): queued, applied after the action
        assertThat(npc.take()).containsExactly("exit BATHROOM", "enter WORK", "enter BANK");
        assertThat(m.activeStates()).containsExactly(St.WORK, St.BANK);
    }

    @Test
    void revertMovesOnlyTheStatesThatDiffer() {
        Npc npc = new Npc();
        Machine<Npc> m = chart().newMachine(npc);
        m.start();
        m.goTo(St.BANK);
        npc.take();
        m.revert();
        assertThat(npc.take()).containsExactly("exit BANK", "enter DIG"); // WORK stays
        m.revert();
        assertThat(npc.take()).containsExactly("exit DIG", "enter BANK"); // a revert can be reverted
    }

    @Test
    void pushAndPopInterruptAndResume() {
        Npc npc = new Npc();
        Machine<Npc> m = chart().newMachine(npc);
        m.start();
        m.goTo(St.BANK);
        npc.take();
        m.push(St.ALARM);
        assertThat(npc.take()).containsExactly("exit BANK", "exit WORK", "enter ALARM");
        assertThat(m.pushedDepth()).isEqualTo(1);
        m.push(St.REST);
        assertThat(npc.take()).containsExactly("exit ALARM", "enter REST");
        m.pop();
        assertThat(npc.take()).containsExactly("exit REST", "enter ALARM");
        m.pop();
        assertThat(npc.take()).containsExactly("exit ALARM", "enter WORK", "enter BANK");
        assertThat(m.pushedDepth()).isZero();
    }

    @Test
    void movesAskedFromActionsAreQueuedInOrderAsStepsOfTheirOwn() {
        Npc npc = new Npc();
        Chart<Npc> chart = Chart.<Npc>builder("queued")
                .initial(St.DIG)
                .state(St.DIG, d -> {
                    logged(d, "DIG");
                    d.on(Ev.NEED).action((m, n, e) -> {
                        m.goTo(St.BANK);
                        m.goTo(St.REST);
                        n.log.add("action done");
                    });
                })
                .state(St.BANK, b -> logged(b, "BANK"))
                .state(St.REST, r -> logged(r, "REST"))
                .allowUnreachable()
                .build();
        Machine<Npc> m = chart.newMachine(npc);
        m.start();
        npc.take();
        m.fire(Ev.NEED);
        assertThat(npc.take()).containsExactly("action done", "exit DIG", "enter BANK", "exit BANK", "enter REST");
    }

    @Test
    void popWithNothingPushedIsAnError() {
        Machine<Npc> m = chart().newMachine(new Npc());
        m.start();
        assertThatThrownBy(m::pop).isInstanceOf(IllegalStateException.class).hasMessageContaining("nothing pushed");
        assertThat(m.activeStates()).containsExactly(St.WORK, St.DIG);
    }

    @Test
    void movesAreReportedToListenersAsTheMoveTransition() {
        Machine<Npc> m = chart().newMachine(new Npc());
        List<String> seen = new ArrayList<>();
        m.addListener(new MachineListener() {
            @Override
            public void onTransition(Machine<?> mm, int t, Object event, Cause cause) {
                seen.add(mm.chart().describeTransition(t));
            }
        });
        m.start();
        m.goTo(St.REST);
        assertThat(seen).containsExactly("(programmatic move)");
    }

    @Test
    void isSteppingTellsAMoveAskedFromInsideAStepWhichIsQueuedFromOneAskedBetweenSteps() {
        List<String> seen = new ArrayList<>();
        Chart<Npc> chart = Chart.<Npc>builder("stepping")
                .initial(St.DIG)
                .state(St.DIG, d -> d.onExit((m, n) -> {
                    seen.add("exit DIG, stepping " + m.isStepping());
                    m.goTo(St.REST); // queued: runs after this action, within the same step
                    seen.add("still in DIG " + m.isIn(St.DIG));
                }))
                .state(St.BANK)
                .state(St.REST, r -> r.onEntry(n -> seen.add("enter REST")))
                .allowUnreachable()
                .build();
        Machine<Npc> m = chart.newMachine(new Npc());
        assertThat(m.isStepping()).isFalse();
        m.start();
        m.goTo(St.BANK);
        assertThat(seen).containsExactly("exit DIG, stepping true", "still in DIG true", "enter REST");
        assertThat(m.isStepping()).isFalse();
        assertThat(m.activeStates()).containsExactly(St.REST);
    }

    @Test
    void wasInAnswersForTheConfigurationARevertReturnsTo() {
        Machine<Npc> m = chart().newMachine(new Npc());
        Chart<Npc> c = m.chart();
        m.start();
        assertThat(m.wasIn(0)).isFalse(); // no change yet: no previous configuration
        m.goTo(St.REST);
        assertThat(m.wasIn(c.stateId(St.WORK))).isTrue();
        assertThat(m.wasIn(c.stateId(St.DIG))).isTrue();
        assertThat(m.wasIn(c.stateId(St.REST))).isFalse();
        m.revert();
        assertThat(m.wasIn(c.stateId(St.REST))).isTrue();
        assertThat(m.wasIn(c.stateId(St.DIG))).isFalse();
    }

    @Test
    void wasInReadsPastTheFirst64States() {
        Chart<Npc> wide = Chart.<Npc>builder("wide")
                .initial("s0")
                .state("s0")
                .state("many", many -> {
                    many.initial("s1");
                    for (int i = 1; i < 80; i++) {
                        many.state("s" + i);
                    }
                })
                .allowUnreachable()
                .build();
        Machine<Npc> m = wide.newMachine(new Npc());
        m.start();
        m.goTo("s75");
        m.goTo("s0");
        assertThat(wide.stateId("s75")).isGreaterThan(63);
        assertThat(m.wasIn(wide.stateId("s75"))).isTrue();
        assertThat(m.wasIn(wide.stateId("s74"))).isFalse();
    }

    @Test
    void isInPushedReadsEachSavedConfigurationOldestFirst() {
        Machine<Npc> m = chart().newMachine(new Npc());
        Chart<Npc> c = m.chart();
        m.start();
        assertThatThrownBy(() -> m.isInPushed(0, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        m.push(St.ALARM);
        m.push(St.REST);
        assertThat(m.isInPushed(0, c.stateId(St.DIG))).isTrue();
        assertThat(m.isInPushed(0, c.stateId(St.ALARM))).isFalse();
        assertThat(m.isInPushed(1, c.stateId(St.ALARM))).isTrue();
        assertThatThrownBy(() -> m.isInPushed(2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        m.pop();
        assertThatThrownBy(() -> m.isInPushed(1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void setOwnerHandsTheNextStepsActionsAnotherOwnerAndIsRefusedInsideAStep() {
        Npc first = new Npc();
        Npc second = new Npc();
        Machine<Npc> m = chart().newMachine(first);
        m.start();
        first.take();
        m.setOwner(second);
        assertThat(m.owner()).isSameAs(second);
        assertThat(first.take()).isEmpty(); // nothing runs
        m.goTo(St.REST);
        assertThat(first.take()).isEmpty();
        assertThat(second.take()).containsExactly("exit DIG", "exit WORK", "enter REST");

        Chart<Npc> busy = Chart.<Npc>builder("busy")
                .initial(St.DIG)
                .state(St.DIG, d -> d.onExit((mm, n) -> mm.setOwner(first)))
                .state(St.REST)
                .allowUnreachable()
                .build();
        Machine<Npc> b = busy.newMachine(second);
        b.start();
        assertThatThrownBy(() -> b.goTo(St.REST)).isInstanceOf(IllegalStateException.class)
                .hasMessage("setOwner() called from inside a step of machine 'busy': call it between steps");
        assertThat(b.owner()).isSameAs(second);
        assertThat(b.activeStates()).containsExactly(St.REST); // the step finished, then the error
    }
}
