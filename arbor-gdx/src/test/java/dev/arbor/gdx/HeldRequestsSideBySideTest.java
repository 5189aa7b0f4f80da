package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.gdx.SideBySideTest.Agent;
import dev.arbor.gdx.SideBySideTest.Arm;
import dev.arbor.gdx.SideBySideTest.Change;
import dev.arbor.gdx.SideBySideTest.Frame;
import dev.arbor.gdx.SideBySideTest.Kind;
import dev.arbor.gdx.SideBySideTest.Op;
import dev.arbor.gdx.WestWorld.Arming;
import dev.arbor.gdx.WestWorld.MinerState;
import dev.arbor.gdx.WestWorld.Reaction;
import dev.arbor.gdx.WestWorld.Trigger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code setInitialState} and {@code setOwner} asked from inside a state's callback, on gdx-ai's
 * machines and on the bridge's, side by side. gdx-ai makes them at once; the bridge holds them,
 * with the requests made after them in the same step, and makes them all in order once the step
 * ends: the states receive the same calls, and {@code revertToPreviousState} answers the same.
 * Each script runs on both kinds of machine, the default and the stack one.
 */
class HeldRequestsSideBySideTest {

    @RegisterExtension
    final GdxClock clock = new GdxClock();

    static Op arm(Trigger trigger, MinerState in, Reaction... reactions) {
        return new Arm(new Arming(trigger, in, List.of(reactions)));
    }

    static Reaction initial(MinerState s) {
        return new Reaction(Reaction.Kind.INITIAL, s == null ? -1 : s.ordinal());
    }

    static Reaction change(MinerState s) {
        return new Reaction(Reaction.Kind.CHANGE, s.ordinal());
    }

    static final Reaction REVERT = new Reaction(Reaction.Kind.REVERT, 0);
    static final Reaction OWNER_TWIN = new Reaction(Reaction.Kind.OWNER_TWIN, 0);

    /** Bob's and his twin's lines of a step (Elsa's are compared, but not spelled out here). */
    static List<String> minersOf(List<String> step) {
        return step.stream().filter(line -> line.startsWith("bob") || line.startsWith("twin")).toList();
    }

    List<List<String>> runBoth(Kind kind, List<Op> script) {
        return SideBySideTest.runBoth(clock, kind, 11, script, WestWorld.MINER_CHART);
    }

    @Test
    void setInitialStateAsTheLastThingAnUpdateDoesNeitherExitsNorEntersAndForgetsThePrevious() {
        for (Kind kind : Kind.values()) {
            List<List<String>> steps = runBoth(kind, List.of(
                    new Change(Agent.BOB, MinerState.QUENCH_THIRST.ordinal()),
                    arm(Trigger.UPDATE, MinerState.QUENCH_THIRST, initial(MinerState.VISIT_BANK), REVERT),
                    new Frame(), new Frame()));

            // QUENCH_THIRST's own update asks for the mine; then the armed requests make the bank
            // current with no call, and there is nothing to go back to.
            assertThat(minersOf(steps.get(2))).as("%s", kind).containsExactly(
                    "bob update MINER_GLOBAL", "bob update QUENCH_THIRST", "bob: a fine drink",
                    "bob exit QUENCH_THIRST", "bob: out of the saloon",
                    "bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine",
                    "bob is VISIT_BANK, was null, global MINER_GLOBAL, owner bob");
            assertThat(steps.get(2)).as("%s", kind)
                    .contains("answers to armed requests [react in UPDATE QUENCH_THIRST, owner bob, revert -> false, owner bob]");
            assertThat(minersOf(steps.get(3))).as("%s", kind).startsWith(
                    "bob update MINER_GLOBAL", "bob update VISIT_BANK", "bob: savings now 0",
                    "bob exit VISIT_BANK", "bob: out of the bank", "bob enter ENTER_MINE_AND_DIG");
        }
    }

    @Test
    void requestsAfterAHeldSetInitialStateAreMadeInOrderAfterIt() {
        List<List<String>> byDefault = runBoth(Kind.DEFAULT, List.of(
                arm(Trigger.UPDATE, MinerState.GO_HOME_AND_SLEEP,
                        initial(MinerState.VISIT_BANK), change(MinerState.QUENCH_THIRST), REVERT, REVERT),
                new Frame()));
        // gdx-ai's default machine: the bank, the saloon, back to the bank, and back to the saloon.
        assertThat(minersOf(byDefault.get(1))).containsExactly(
                "bob update MINER_GLOBAL", "bob update GO_HOME_AND_SLEEP", "bob: snoring",
                "bob exit VISIT_BANK", "bob: out of the bank", "bob enter QUENCH_THIRST", "bob: to the saloon, parched",
                "bob exit QUENCH_THIRST", "bob: out of the saloon", "bob enter VISIT_BANK", "bob: to the bank",
                "bob exit VISIT_BANK", "bob: out of the bank", "bob enter QUENCH_THIRST", "bob: to the saloon, parched",
                "bob is QUENCH_THIRST, was VISIT_BANK, global MINER_GLOBAL, owner bob");
        assertThat(byDefault.get(1)).contains("answers to armed requests [react in UPDATE GO_HOME_AND_SLEEP,"
                + " owner bob, owner bob, revert -> true, owner bob, revert -> true, owner bob]");

        List<List<String>> byStack = runBoth(Kind.STACK, List.of(
                arm(Trigger.UPDATE, MinerState.GO_HOME_AND_SLEEP,
                        initial(MinerState.VISIT_BANK), change(MinerState.QUENCH_THIRST), REVERT, REVERT),
                new Frame()));
        // gdx-ai's stack machine: the saloon pushes the bank, the first revert pops it, the second finds none.
        assertThat(minersOf(byStack.get(1))).containsExactly(
                "bob update MINER_GLOBAL", "bob update GO_HOME_AND_SLEEP", "bob: snoring",
                "bob exit VISIT_BANK", "bob: out of the bank", "bob enter QUENCH_THIRST", "bob: to the saloon, parched",
                "bob exit QUENCH_THIRST", "bob: out of the saloon", "bob enter VISIT_BANK", "bob: to the bank",
                "bob is VISIT_BANK, was null, global MINER_GLOBAL, owner bob");
        assertThat(byStack.get(1)).contains("answers to armed requests [react in UPDATE GO_HOME_AND_SLEEP,"
                + " owner bob, owner bob, revert -> true, owner bob, revert -> false, owner bob]");
    }

    @Test
    void setInitialStateInsideEnterIsMadeOnceTheEntryIsDone() {
        for (Kind kind : Kind.values()) {
            List<List<String>> steps = runBoth(kind, List.of(
                    arm(Trigger.ENTER, MinerState.ENTER_MINE_AND_DIG, initial(MinerState.GO_HOME_AND_SLEEP)),
                    new Change(Agent.BOB, MinerState.ENTER_MINE_AND_DIG.ordinal()),
                    new SideBySideTest.Revert(Agent.BOB)));

            // The stack machine pushed home, then setInitialState emptied its stack.
            assertThat(minersOf(steps.get(1))).as("%s", kind).containsExactly(
                    "bob exit GO_HOME_AND_SLEEP", "bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine",
                    "bob is GO_HOME_AND_SLEEP, was null, global MINER_GLOBAL, owner bob");
            assertThat(steps.get(2)).as("%s", kind).startsWith("revertToPreviousState -> false");
        }
    }

    @Test
    void setOwnerInsideACallbackHandsTheNewOwnerToTheRequestsAfterIt() {
        for (Kind kind : Kind.values()) {
            List<List<String>> steps = runBoth(kind, List.of(
                    arm(Trigger.UPDATE, MinerState.GO_HOME_AND_SLEEP, OWNER_TWIN, change(MinerState.ENTER_MINE_AND_DIG)),
                    new Frame(), new Frame()));

            assertThat(minersOf(steps.get(1))).as("%s", kind).containsExactly(
                    "bob update MINER_GLOBAL", "bob update GO_HOME_AND_SLEEP", "bob: snoring",
                    "twin exit GO_HOME_AND_SLEEP", "twin enter ENTER_MINE_AND_DIG", "twin: walking to the mine",
                    "bob is ENTER_MINE_AND_DIG, was GO_HOME_AND_SLEEP, global MINER_GLOBAL, owner twin");
            assertThat(steps.get(1)).as("%s", kind).contains(
                    "answers to armed requests [react in UPDATE GO_HOME_AND_SLEEP, owner twin, owner twin]");
            assertThat(minersOf(steps.get(2))).as("%s", kind).startsWith(
                    "twin update MINER_GLOBAL", "twin update ENTER_MINE_AND_DIG", "twin: a nugget, 1 carried");
        }
    }

    @Test
    void aMessageHandedToTheMachineAfterAHeldRequestIsHandledInItsTurn() {
        for (Kind kind : Kind.values()) {
            List<List<String>> steps = runBoth(kind, List.of(
                    arm(Trigger.UPDATE, MinerState.GO_HOME_AND_SLEEP, OWNER_TWIN,
                            new Reaction(Reaction.Kind.MESSAGE, WestWorld.MSG_STEW_READY)),
                    new Frame()));

            // gdx-ai handles it at once, inside the update; the bridge once the update's step is done.
            assertThat(minersOf(steps.get(1))).as("%s", kind).containsExactly(
                    "bob update MINER_GLOBAL", "bob update GO_HOME_AND_SLEEP", "bob: snoring",
                    "twin onMessage GO_HOME_AND_SLEEP 2", "twin: coming, dear",
                    "twin exit GO_HOME_AND_SLEEP", "twin enter EAT_STEW", "twin: smells good",
                    "bob is EAT_STEW, was GO_HOME_AND_SLEEP, global MINER_GLOBAL, owner twin");
        }
    }

    @Test
    void aHeldRequestInsideTheGlobalStatesUpdateIsMadeBeforeTheCurrentStateUpdates() {
        for (Kind kind : Kind.values()) {
            List<List<String>> steps = runBoth(kind, List.of(
                    arm(Trigger.UPDATE, MinerState.MINER_GLOBAL, initial(MinerState.QUENCH_THIRST)),
                    new Frame()));

            // gdx-ai reads the current state after the global update: the saloon updates in this frame.
            assertThat(minersOf(steps.get(1))).as("%s", kind).containsExactly(
                    "bob update MINER_GLOBAL", "bob update QUENCH_THIRST", "bob: a fine drink",
                    "bob exit QUENCH_THIRST", "bob: out of the saloon", "bob enter ENTER_MINE_AND_DIG",
                    "bob: walking to the mine",
                    "bob is ENTER_MINE_AND_DIG, was QUENCH_THIRST, global MINER_GLOBAL, owner bob");
        }
    }
}
