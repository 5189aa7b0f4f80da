package dev.arbor.core;

import static dev.arbor.core.Conditions.allOf;
import static dev.arbor.core.Conditions.anyOf;
import static dev.arbor.core.Conditions.not;
import static dev.arbor.core.Conditions.received;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's components: reusable behaviours with parameters, completion decided by the container
 * (a declared successor, or {@code onChildFinished}), conditions as components, and plans with
 * interruption and resume.
 */
class ComponentsTest {

    enum St { DUTY, WALK_A, WAIT, WALK_B, FIGHT, IDLE, DONE }

    enum Ev { ENEMY, RESET }

    /** A guard on a line: position, enemy, and a trace of what the behaviours did. */
    static final class Npc {
        int x;
        boolean enemyNear;
        int enemyHp;
        final List<String> log = new ArrayList<>();

        List<String> take() {
            List<String> out = List.copyOf(log);
            log.clear();
            return out;
        }
    }

    /** Walks one unit per tick toward a target; finished on arrival. One class, several states. */
    record MoveTo(int target) implements Behavior<Npc> {
        @Override
        public void onEnter(Npc n, Activity<Npc> a) {
            n.log.add("move to " + target + " from " + n.x);
        }

        @Override
        public void onUpdate(Npc n, Activity<Npc> a) {
            n.x += Integer.signum(target - n.x);
        }

        @Override
        public boolean isFinished(Npc n, Activity<Npc> a) {
            return n.x == target;
        }
    }

    /** Waits a number of ticks, read from the activity's clock. */
    record Pause(int ticks) implements Behavior<Npc> {
        @Override
        public boolean isFinished(Npc n, Activity<Npc> a) {
            return a.ticks() >= ticks;
        }

        @Override
        public void onExit(Npc n, Activity<Npc> a) {
            n.log.add("paused " + a.ticks());
        }
    }

    /** Hits the enemy each tick until it falls. */
    record Attack(int damage) implements Behavior<Npc> {
        @Override
        public void onUpdate(Npc n, Activity<Npc> a) {
            n.enemyHp -= damage;
            n.log.add("hit, enemy hp " + n.enemyHp);
        }

        @Override
        public boolean isFinished(Npc n, Activity<Npc> a) {
            return n.enemyHp <= 0;
        }
    }

    @Test
    void aDeclaredSuccessorFollowsAFinishedBehaviour() {
        Chart<Npc> chart = Chart.<Npc>builder("successor")
                .initial(St.WALK_A)
                .state(St.WALK_A, s -> s.use(new MoveTo(2)).then(St.WAIT))
                .state(St.WAIT, s -> s.use(new Pause(2)).then(St.WALK_B))
                .state(St.WALK_B, s -> s.use(new MoveTo(0)))
                .build();
        Npc npc = new Npc();
        Machine<Npc> m = chart.newMachine(npc);
        m.start();
        m.update();
        assertThat(npc.x).isEqualTo(1);
        assertThat(m.isIn(St.WALK_A)).isTrue();
        m.update(); // arrives: finished, and the successor is entered in the same tick
        assertThat(npc.x).isEqualTo(2);
        assertThat(m.isIn(St.WAIT)).isTrue();
        m.update(); // one tick after entry
        assertThat(m.isIn(St.WAIT)).isTrue();
        m.update(); // two ticks after entry: finished
        assertThat(npc.take()).containsExactly("move to 2 from 0", "paused 2", "move to 0 from 2");
        assertThat(m.isIn(St.WALK_B)).isTrue();
    }

    @Test
    void theContainerDecidesWhenTheChildNamesNoSuccessor() {
        List<Object> finished = new ArrayList<>();
        Chart<Npc> chart = Chart.<Npc>builder("container")
                .initial(St.DUTY)
                .state(St.DUTY, d -> {
                    d.initial(St.WALK_A);
                    d.onChildFinished().action((n, done) -> finished.add(done.state())).target(St.IDLE);
                    d.state(St.WALK_A, s -> s.use(new MoveTo(1)));
                })
                .state(St.IDLE)
                .build();
        Machine<Npc> m = chart.newMachine(new Npc());
        m.start();
        m.update();
        assertThat(finished).containsExactly(St.WALK_A);
        assertThat(m.activeStates()).containsExactly(St.IDLE);
    }

    @Test
    void aFinishedStateRaisesItsCompletionOncePerActivation() {
        List<String> seen = new ArrayList<>();
        Chart<Npc> chart = Chart.<Npc>builder("once")
                .initial(St.DUTY)
                .state(St.DUTY, d -> {
                    d.initial(St.WAIT);
                    d.onChildFinished().action((n, done) -> seen.add(done.name()));
                    d.state(St.WAIT, s -> {
                        s.use(new Pause(1));
                        s.on(Ev.RESET).target(St.WAIT);
                    });
                })
                .build();
        Machine<Npc> m = chart.newMachine(new Npc());
        m.start();
        m.update();
        m.update();
        m.update();
        assertThat(seen).containsExactly("done.state.WAIT");
        m.fire(Ev.RESET); // a new activation may finish again
        m.update();
        assertThat(seen).containsExactly("done.state.WAIT", "done.state.WAIT");
    }

    @Test
    void conditionsCombineAndReceivedNamesTheTriggeringEvent() {
        Chart<Npc> chart = Chart.<Npc>builder("conditions")
                .initial(St.IDLE)
                .state(St.IDLE, s -> {
                    s.when(received(Ev.ENEMY), n -> n.enemyNear, not(n -> n.enemyHp <= 0)).target(St.FIGHT);
                    s.when(anyOf(n -> n.x > 5, n -> n.x < -5), allOf()).target(St.DONE);
                })
                .state(St.FIGHT)
                .state(St.DONE)
                .build();
        Npc npc = new Npc();
        Machine<Npc> m = chart.newMachine(npc);
        m.start();
        npc.enemyHp = 3;
        m.fire(Ev.ENEMY); // received, but not near: the guard fails
        assertThat(m.isIn(St.IDLE)).isTrue();
        npc.enemyNear = true;
        m.update(); // near, but nothing received this time: polling does not fire an event transition
        assertThat(m.isIn(St.IDLE)).isTrue();
        m.fire(Ev.ENEMY);
        assertThat(m.isIn(St.FIGHT)).isTrue();

        Machine<Npc> other = chart.newMachine(new Npc());
        other.owner().x = 6;
        other.start();
        other.update();
        assertThat(other.isIn(St.DONE)).isTrue();
    }

    @Test
    void aTransitionWaitsForOneEventOnly() {
        assertThatThrownBy(() -> Chart.<Npc>builder("two")
                .initial(St.IDLE)
                .state(St.IDLE, s -> s.when(received(Ev.ENEMY), received(Ev.RESET))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one event");
    }

    /** Patrol as a plan: walk to 2, wait, walk back to 0, then idle; an enemy interrupts and the plan resumes. */
    static Chart<Npc> patrol() {
        return Chart.<Npc>builder("patrol")
                .initial(St.IDLE)
                .state(St.IDLE, s -> s.when(n -> !n.enemyNear && n.x == 0 && n.enemyHp == 0)
                        .plan(St.WALK_A, St.WAIT, St.WALK_B))
                .state(St.DUTY, d -> {
                    d.initial(St.WALK_A);
                    d.onEntry(n -> n.log.add("on duty"));
                    d.on(Ev.ENEMY).target(St.FIGHT).local().resumeAfter();
                    d.onChildFinished().target(St.DONE); // after the last step: the container decides
                    d.state(St.WALK_A, s -> s.use(new MoveTo(2)));
                    d.state(St.WAIT, s -> s.use(new Pause(1)));
                    d.state(St.WALK_B, s -> s.use(new MoveTo(0)));
                    d.state(St.FIGHT, s -> s.use(new Attack(2)));
                })
                .state(St.DONE)
                .build();
    }

    @Test
    void aPlanRunsItsStatesInOrderThenTheContainerDecides() {
        Npc npc = new Npc();
        Machine<Npc> m = patrol().newMachine(npc);
        m.start();
        m.update(); // the plan starts, and WALK_A's behaviour runs in the same tick: x = 1
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WALK_A);
        m.update(); // x = 2: WALK_A finished, the plan's next step follows
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WAIT);
        m.update();
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WALK_B);
        m.update();
        m.update();
        assertThat(npc.x).isZero();
        assertThat(m.activeStates()).containsExactly(St.DONE);
        assertThat(npc.take()).containsExactly("on duty", "move to 2 from 0", "paused 1", "move to 0 from 2");
    }

    @Test
    void anInterruptionSavesTheInterruptedStepAndThePlanResumesAfterIt() {
        Npc npc = new Npc();
        Machine<Npc> m = patrol().newMachine(npc);
        m.start();
        m.update(); // the plan starts: WALK_A, x = 1
        npc.take();
        npc.enemyHp = 3;
        m.fire(Ev.ENEMY);
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.FIGHT);
        m.update(); // hp 1
        m.update(); // hp -1: FIGHT finished, the saved WALK_A configuration resumes
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WALK_A);
        assertThat(npc.take()).containsExactly("hit, enemy hp 1", "hit, enemy hp -1", "move to 2 from 1");
        m.update(); // x = 2: WALK_A finished; the plan goes on where it was
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WAIT);
        m.update();
        m.update();
        m.update();
        assertThat(m.activeStates()).containsExactly(St.DONE);
    }

    @Test
    void aPlansStepsAndItsResumeAreReportedAsWhatHappened() {
        Npc npc = new Npc();
        Machine<Npc> m = patrol().newMachine(npc);
        List<String> taken = new ArrayList<>();
        m.addListener(new MachineListener() {
            @Override
            public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
                Chart.TransitionInfo info = machine.chart().transitionInfo(transition);
                taken.add(info.mode() + " " + machine.chart().describeTransition(transition));
            }
        });
        m.start();
        m.update(); // the plan starts: WALK_A, x = 1
        npc.enemyHp = 3;
        m.fire(Ev.ENEMY);
        for (int i = 0; i < 8; i++) {
            m.update();
        }
        assertThat(taken).containsExactly(
                "POLLED IDLE when -> WALK_A",
                "EVENT DUTY ENEMY -> FIGHT (local)",
                "PLAN plan DUTY: FIGHT -> resume",
                "PLAN plan DUTY: WALK_A -> WAIT",
                "PLAN plan DUTY: WAIT -> WALK_B",
                "EVENT DUTY child-done(DUTY) -> DONE");
        int step = m.chart().stateId(St.WAIT);
        Chart.TransitionInfo info = null;
        for (int t = 0; t < m.chart().transitionCount(); t++) {
            if (m.chart().describeTransition(t).equals("plan DUTY: WALK_A -> WAIT")) {
                info = m.chart().transitionInfo(t);
            }
        }
        assertThat(info).isNotNull();
        assertThat(info.targets()).containsExactly(step);
        assertThat(info.source()).isEqualTo(m.chart().stateId(St.DUTY));
        assertThat(info.mode().declared()).isFalse();
    }

    @Test
    void leavingThePlansContainerAbandonsThePlan() {
        Chart<Npc> chart = Chart.<Npc>builder("abandon")
                .initial(St.IDLE)
                .state(St.IDLE, s -> s.on(Ev.ENEMY).plan(St.WALK_A, St.WALK_B))
                .state(St.DUTY, d -> {
                    d.initial(St.WALK_A);
                    d.on(Ev.RESET).target(St.IDLE);
                    d.state(St.WALK_A, s -> s.use(new MoveTo(1)));
                    d.state(St.WALK_B, s -> s.use(new MoveTo(0)));
                })
                .build();
        Npc npc = new Npc();
        Machine<Npc> m = chart.newMachine(npc);
        m.start();
        m.fire(Ev.ENEMY);
        m.fire(Ev.RESET); // DUTY is left: the pending WALK_B step is dropped
        npc.x = 1;
        m.fire(Ev.ENEMY);
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WALK_A);
        m.update(); // already at 1: finished; the new plan's next step follows
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WALK_B);
        m.update();
        assertThat(m.activeStates()).containsExactly(St.DUTY, St.WALK_B); // no stale step left
    }
}
