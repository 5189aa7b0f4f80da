package dev.arbor.core;

import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Transition kinds (docs/architecture.md, "Transition kinds and completion";
 * {@link TransitionKind}): an external transition (the default; SCXML {@code type="external"}, UML)
 * exits and re-enters its source when the target is the source or a descendant, and its domain is
 * the least common compound ancestor; a local transition (UML 2, Samek's QP) keeps a compound
 * source that contains the target, and keeps an ancestor target, re-entering it through its initial
 * transition; an internal transition (no target) runs its action and exits nothing; a transition to
 * the root re-enters the root's content without exiting the root.
 */
class TransitionKindsTest {

    enum Ev { DOWN, DOWN_LOCAL, SELF, SELF_LOCAL, PING, UP, UP_LOCAL, SIBLING, ACROSS, LEAF_SELF, RESET, HOME }

    /**
     * <pre>
     * root (init "root-init")   HOME→S2
     *   └─ S (initial S1, "S-init")   DOWN→S12, DOWN_LOCAL→S12 (local), SELF→S, SELF_LOCAL→S (local), PING (internal)
     *        ├─ S1 (initial S11, "S1-init")
     *        │    ├─ S11   UP→S, UP_LOCAL→S (local), SIBLING→S12, ACROSS→S2, LEAF_SELF→S11, RESET→root
     *        │    └─ S12
     *        └─ S2
     * </pre>
     */
    static Chart<Trace> chart() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("kinds").initial("S").initialAction(note("root-init"));
        b.on(Ev.HOME).action(say("home")).target("S2");
        return b
                .state("S", s -> {
                    s.initial("S1").initialAction(note("S-init"));
                    s.on(Ev.DOWN).action(say("down")).target("S12");
                    s.on(Ev.DOWN_LOCAL).action(say("down-local")).target("S12").local();
                    s.on(Ev.SELF).action(say("self")).target("S");
                    s.on(Ev.SELF_LOCAL).action(say("self-local")).target("S").local();
                    s.on(Ev.PING).action(say("ping"));
                    s.state("S1", s1 -> {
                        s1.initial("S11").initialAction(note("S1-init"));
                        s1.state("S11", x -> {
                            x.on(Ev.UP).action(say("up")).target("S");
                            x.on(Ev.UP_LOCAL).action(say("up-local")).target("S").local();
                            x.on(Ev.SIBLING).action(say("sibling")).target("S12");
                            x.on(Ev.ACROSS).action(say("across")).target("S2");
                            x.on(Ev.LEAF_SELF).action(say("leaf-self")).target("S11");
                            x.on(Ev.RESET).action(say("reset")).target(Chart.ROOT);
                        });
                        s1.state("S12");
                    });
                    s.state("S2");
                })
                .build();
    }

    static final List<String> IN_S11 = List.of("S", "S1", "S11");
    static final List<String> IN_S12 = List.of("S", "S1", "S12");

    static Machine<Trace> started(Trace t) {
        Machine<Trace> m = Trace.started(chart(), t);
        assertThat(t.take()).containsExactly(
                "enter root", "root-init", "enter S", "S-init", "enter S1", "S1-init", "enter S11");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);
        return m;
    }

    // ------------------------------------------------------------------ to a descendant

    @Test
    void anExternalTransitionToADescendantExitsAndReentersTheSource() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.DOWN); // S and S1 are entered as ancestors of S12: no initial actions
        assertThat(t.take()).containsExactly(
                "exit S11", "exit S1", "exit S", "down", "enter S", "enter S1", "enter S12");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S12);
    }

    @Test
    void aLocalTransitionToADescendantKeepsTheSourceButExitsItsActiveChildren() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.DOWN_LOCAL);
        assertThat(t.take()).containsExactly("exit S11", "exit S1", "down-local", "enter S1", "enter S12");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S12);

        m.fire(Ev.DOWN_LOCAL); // again, with the target already active: exited and re-entered
        assertThat(t.take()).containsExactly("exit S12", "exit S1", "down-local", "enter S1", "enter S12");
    }

    // ------------------------------------------------------------------ to an ancestor

    @Test
    void anExternalTransitionToAnAncestorExitsAndReentersTheAncestor() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.UP);
        assertThat(t.take()).containsExactly(
                "exit S11", "exit S1", "exit S", "up", "enter S", "S-init", "enter S1", "S1-init", "enter S11");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);
    }

    @Test
    void aLocalTransitionToAnAncestorKeepsItAndFollowsItsInitialTransition() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.UP_LOCAL);
        assertThat(t.take()).containsExactly(
                "exit S11", "exit S1", "up-local", "S-init", "enter S1", "S1-init", "enter S11");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);
    }

    // ------------------------------------------------------------------ to itself

    @Test
    void anExternalSelfTransitionExitsAndReentersTheSource() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.SELF);
        assertThat(t.take()).containsExactly(
                "exit S11", "exit S1", "exit S", "self", "enter S", "S-init", "enter S1", "S1-init", "enter S11");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);
    }

    @Test
    void aLocalSelfTransitionAlsoExitsAndReentersTheSourceAsInQp() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.SELF_LOCAL);
        assertThat(t.take()).containsExactly(
                "exit S11", "exit S1", "exit S", "self-local", "enter S", "S-init", "enter S1", "S1-init", "enter S11");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);
    }

    @Test
    void aSelfTransitionOfALeafExitsAndReentersIt() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.LEAF_SELF);
        assertThat(t.take()).containsExactly("exit S11", "leaf-self", "enter S11");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);
    }

    // ------------------------------------------------------------------ internal (no target)

    @Test
    void anInternalTransitionRunsItsActionAndExitsNothing() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.PING);
        assertThat(t.take()).containsExactly("ping");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);

        m.fire(Ev.SIBLING);
        t.take();
        m.fire(Ev.PING); // S's initial is not followed again: S12 stays
        assertThat(t.take()).containsExactly("ping");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S12);
    }

    // ------------------------------------------------------------------ between siblings and across levels

    @Test
    void aTransitionBetweenSiblingsExitsAndEntersOnlyThem() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.SIBLING);
        assertThat(t.take()).containsExactly("exit S11", "sibling", "enter S12");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S12);
    }

    @Test
    void aCrossLevelTransitionExitsUpToTheLeastCommonAncestor() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.ACROSS);
        assertThat(t.take()).containsExactly("exit S11", "exit S1", "across", "enter S2");
        assertThat(m.activeStates()).containsExactly("S", "S2");
    }

    /**
     * SCXML §3.13: a state is still active while its exit action runs and is removed afterwards;
     * transition actions see the configuration with the exit set removed and nothing yet entered;
     * a state is active while its own entry action runs.
     */
    @Test
    void eachActionSeesTheConfigurationOfItsPhase() {
        Chart<Trace> chart = Chart.<Trace>builder("phases")
                .initial("S")
                .state("S", s -> {
                    s.initial("S1");
                    s.state("S1", s1 -> {
                        s1.onExit((m, t) -> t.log("S1 exit sees " + m.activeStates()));
                        s1.on(Ev.ACROSS).action((m, t, e) -> t.log("action sees " + m.activeStates())).target("S2");
                    });
                    s.state("S2", s2 -> s2.onEntry((m, t) -> t.log("S2 entry sees " + m.activeStates())));
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.ACROSS);
        List<String> trace = t.take();
        assertThat(trace).contains("S1 exit sees [S, S1]", "action sees [S]", "S2 entry sees [S, S2]");
        assertThat(trace.indexOf("S1 exit sees [S, S1]")).isLessThan(trace.indexOf("action sees [S]"));
        assertThat(trace.indexOf("action sees [S]")).isLessThan(trace.indexOf("S2 entry sees [S, S2]"));
    }

    @Test
    void anInitialTransitionMayTargetADeepDescendant() {
        Chart<Trace> chart = Chart.<Trace>builder("deep-initial")
                .initial("S12").initialAction(note("root-init"))
                .state("S", s -> {
                    s.initial("S1").initialAction(note("S-init"));
                    s.state("S1", s1 -> {
                        s1.initial("S11").initialAction(note("S1-init"));
                        s1.state("S11");
                        s1.state("S12");
                    });
                })
                .allowUnreachable() // S11 is only S1's initial child
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        // S and S1 are entered as ancestors of the target, not by default: their initials do not run
        assertThat(t.take()).containsExactly("enter root", "root-init", "enter S", "enter S1", "enter S12");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S12);
    }

    // ------------------------------------------------------------------ the root

    @Test
    void aTransitionToTheRootExitsEverythingBelowItAndFollowsTheRootsInitialTransition() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);

        m.fire(Ev.RESET);
        assertThat(t.take()).containsExactly("exit S11", "exit S1", "exit S", "reset",
                "root-init", "enter S", "S-init", "enter S1", "S1-init", "enter S11");
        assertThat(m.activeStates()).containsExactlyElementsOf(IN_S11);
        assertThat(m.isIn(0)).as("the root stays active").isTrue();
    }

    @Test
    void aTransitionOfTheRootItselfHasTheRootAsDomain() {
        Trace t = new Trace();
        Machine<Trace> m = started(t);
        m.fire(Ev.SIBLING);
        t.take();

        m.fire(Ev.HOME); // a global transition: every active state below the root is exited
        assertThat(t.take()).containsExactly("exit S12", "exit S1", "exit S", "home", "enter S", "enter S2");
        assertThat(m.activeStates()).containsExactly("S", "S2");
    }
}
