package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.badlogic.gdx.ai.fsm.StackStateMachine;
import dev.arbor.gdx.SideBySideTest.Agent;
import dev.arbor.gdx.SideBySideTest.Change;
import dev.arbor.gdx.SideBySideTest.Kind;
import dev.arbor.gdx.SideBySideTest.Op;
import dev.arbor.gdx.SideBySideTest.Revert;
import dev.arbor.gdx.SideBySideTest.SetInitial;
import dev.arbor.gdx.WestWorld.Engine;
import dev.arbor.gdx.WestWorld.Miner;
import dev.arbor.gdx.WestWorld.MinerState;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gdx-ai's {@code StackStateMachine} and {@link ArborStackStateMachine} side by side: every
 * {@code changeState} pushes the state it leaves, every {@code revertToPreviousState} pops one, so
 * a revert goes back through all the states before, where a {@code DefaultStateMachine} (and
 * {@link ArborStateMachine}) flips between the last two. Seeded random scripts on both stack
 * machines are in {@link SideBySideTest}.
 */
class StackSideBySideTest {

    static final int HOME = MinerState.GO_HOME_AND_SLEEP.ordinal();
    static final int DIG = MinerState.ENTER_MINE_AND_DIG.ordinal();
    static final int BANK = MinerState.VISIT_BANK.ordinal();

    @RegisterExtension
    final GdxClock clock = new GdxClock();

    static final List<Op> HOME_DIG_BANK_REVERT_REVERT = List.of(
            new Change(Agent.BOB, DIG), new Change(Agent.BOB, BANK),
            new Revert(Agent.BOB), new Revert(Agent.BOB), new Revert(Agent.BOB));

    @Test
    void goHomeDigBankAndTwoRevertsEndAtHomeOnBothStackMachines() {
        List<List<String>> steps = SideBySideTest.runBoth(clock, Kind.STACK, 1, HOME_DIG_BANK_REVERT_REVERT,
                WestWorld.MINER_CHART);

        assertThat(steps.get(0)).startsWith("bob exit GO_HOME_AND_SLEEP", "bob enter ENTER_MINE_AND_DIG",
                "bob: walking to the mine", "bob is ENTER_MINE_AND_DIG, was GO_HOME_AND_SLEEP, global MINER_GLOBAL, owner bob");
        assertThat(steps.get(1)).startsWith("bob exit ENTER_MINE_AND_DIG", "bob: out of the mine",
                "bob enter VISIT_BANK", "bob: to the bank",
                "bob is VISIT_BANK, was ENTER_MINE_AND_DIG, global MINER_GLOBAL, owner bob");
        // The first revert pops the mine; the one below it on the stack is home.
        assertThat(steps.get(2)).startsWith("bob exit VISIT_BANK", "bob: out of the bank",
                "bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine", "revertToPreviousState -> true",
                "bob is ENTER_MINE_AND_DIG, was GO_HOME_AND_SLEEP, global MINER_GLOBAL, owner bob");
        // The second pops home: Bob greets Elsa, who starts the stew (her changeState pushes her housework).
        assertThat(steps.get(3)).containsExactly("bob exit ENTER_MINE_AND_DIG", "bob: out of the mine",
                "bob enter GO_HOME_AND_SLEEP", "bob: back to the shack",
                "elsa onMessage DO_HOUSEWORK 1", "elsa onMessage WIFE_GLOBAL 1", "elsa: welcome home, stew's coming",
                "elsa exit DO_HOUSEWORK", "elsa enter COOK_STEW", "elsa: stew's on the fire",
                "revertToPreviousState -> true",
                "bob is GO_HOME_AND_SLEEP, was null, global MINER_GLOBAL, owner bob",
                "elsa is COOK_STEW, was DO_HOUSEWORK, global WIFE_GLOBAL");
        // The stack is empty.
        assertThat(steps.get(4)).startsWith("revertToPreviousState -> false", "bob is GO_HOME_AND_SLEEP, was null, global MINER_GLOBAL, owner bob");
    }

    @Test
    void theSameScriptOnTheDefaultMachinesFlipsBetweenTheLastTwo() {
        List<List<String>> steps = SideBySideTest.runBoth(clock, Kind.DEFAULT, 1, HOME_DIG_BANK_REVERT_REVERT,
                WestWorld.MINER_CHART);

        assertThat(steps.get(2)).startsWith("bob exit VISIT_BANK", "bob: out of the bank",
                "bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine", "revertToPreviousState -> true",
                "bob is ENTER_MINE_AND_DIG, was VISIT_BANK, global MINER_GLOBAL, owner bob");
        assertThat(steps.get(3)).startsWith("bob exit ENTER_MINE_AND_DIG", "bob: out of the mine",
                "bob enter VISIT_BANK", "bob: to the bank", "revertToPreviousState -> true",
                "bob is VISIT_BANK, was ENTER_MINE_AND_DIG, global MINER_GLOBAL, owner bob");
        assertThat(steps.get(4)).startsWith("bob exit VISIT_BANK", "bob: out of the bank",
                "bob enter ENTER_MINE_AND_DIG");
    }

    @Test
    void aChangeToTheCurrentStatePushesItAndARevertReentersIt() {
        List<List<String>> steps = SideBySideTest.runBoth(clock, Kind.STACK, 2, List.of(
                new Change(Agent.BOB, DIG), new Change(Agent.BOB, DIG),
                new Revert(Agent.BOB), new Revert(Agent.BOB)), WestWorld.MINER_CHART);

        assertThat(steps.get(1)).startsWith("bob exit ENTER_MINE_AND_DIG", "bob: out of the mine",
                "bob enter ENTER_MINE_AND_DIG", "bob is ENTER_MINE_AND_DIG, was ENTER_MINE_AND_DIG, global MINER_GLOBAL, owner bob");
        // The state on top is the current one: gdx-ai exits and re-enters it, and so does the bridge.
        assertThat(steps.get(2)).startsWith("bob exit ENTER_MINE_AND_DIG", "bob: out of the mine",
                "bob enter ENTER_MINE_AND_DIG", "revertToPreviousState -> true",
                "bob is ENTER_MINE_AND_DIG, was GO_HOME_AND_SLEEP, global MINER_GLOBAL, owner bob");
        assertThat(steps.get(3)).startsWith("bob exit ENTER_MINE_AND_DIG", "bob: out of the mine",
                "bob enter GO_HOME_AND_SLEEP");
    }

    @Test
    void setInitialStateEmptiesTheStack() {
        List<List<String>> steps = SideBySideTest.runBoth(clock, Kind.STACK, 3, List.of(
                new Change(Agent.BOB, DIG), new Change(Agent.BOB, BANK),
                new SetInitial(Agent.BOB, HOME), new Revert(Agent.BOB)), WestWorld.MINER_CHART);

        assertThat(steps.get(2)).containsExactly("bob is GO_HOME_AND_SLEEP, was null, global MINER_GLOBAL, owner bob",
                "elsa is DO_HOUSEWORK, was null, global WIFE_GLOBAL");
        assertThat(steps.get(3)).startsWith("revertToPreviousState -> false");
    }

    @Test
    void fromNoCurrentStateAChangePushesNothing() {
        List<List<String>> steps = SideBySideTest.runBoth(clock, Kind.STACK, 4, List.of(
                new SetInitial(Agent.BOB, -1), new Change(Agent.BOB, DIG), new Revert(Agent.BOB)), WestWorld.MINER_CHART);

        assertThat(steps.get(1)).startsWith("bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine",
                "bob is ENTER_MINE_AND_DIG, was null, global MINER_GLOBAL, owner bob");
        assertThat(steps.get(2)).startsWith("revertToPreviousState -> false");
    }

    @Test
    void changeStateToNullLeavesNoStateWhereGdxAisStackMachineThrowsAfterTheExit() {
        WestWorld gdx = new WestWorld(Engine.GDX_AI_STACK, 5);
        WestWorld arbor = new WestWorld(Engine.ARBOR_STACK, 5);
        for (WestWorld w : List.of(gdx, arbor)) {
            w.bob.fsm.changeState(MinerState.ENTER_MINE_AND_DIG);
            w.take();
        }
        // gdx-ai pushes the mine, exits it, makes null current, then calls enter on null.
        assertThatThrownBy(() -> gdx.bob.fsm.changeState(null)).isInstanceOf(NullPointerException.class);
        arbor.bob.fsm.changeState(null);
        for (WestWorld w : List.of(gdx, arbor)) {
            assertThat(w.take()).as("%s", w.bob.fsm).containsExactly("bob exit ENTER_MINE_AND_DIG", "bob: out of the mine");
            assertThat(w.bob.fsm.getCurrentState()).isNull();
            assertThat(w.bob.fsm.getPreviousState()).isEqualTo(MinerState.ENTER_MINE_AND_DIG);
            assertThat(w.bob.fsm.revertToPreviousState()).isTrue();
            assertThat(w.take()).containsExactly("bob enter ENTER_MINE_AND_DIG");
            assertThat(w.bob.fsm.getPreviousState()).isEqualTo(MinerState.GO_HOME_AND_SLEEP);
        }
    }

    @Test
    void theStackHoldsUpToTheChartsPushLimitAndAChangeBeyondItChangesNothing() {
        GdxChart<Miner, MinerState> small = GdxChart.build("miner-3", MinerState.class, root -> {
            root.pushLimit(3);
            for (MinerState s : MinerState.values()) {
                root.state(s, GdxChart.state(s));
            }
        });
        WestWorld w = new WestWorld(Engine.ARBOR_STACK, 6, small);
        StackStateMachine<Miner, MinerState> fsm = (ArborStackStateMachine<Miner, MinerState>) w.bob.fsm;
        fsm.changeState(MinerState.ENTER_MINE_AND_DIG);
        fsm.changeState(MinerState.VISIT_BANK);
        fsm.changeState(MinerState.QUENCH_THIRST);
        w.take();
        assertThatThrownBy(() -> fsm.changeState(MinerState.VISIT_BANK)).isInstanceOf(IllegalStateException.class)
                .hasMessage("changeState(VISIT_BANK): machine 'miner-3' already keeps 3 previous states, its chart's"
                        + " pushLimit (gdx-ai's stack has no bound): revert, clear them with setInitialState, or raise"
                        + " the limit in GdxChart.build");
        assertThat(w.take()).isEmpty();
        assertThat(fsm.getCurrentState()).isEqualTo(MinerState.QUENCH_THIRST);
        assertThat(fsm.revertToPreviousState()).isTrue();
        fsm.changeState(MinerState.VISIT_BANK);
        assertThat(fsm.getPreviousState()).isEqualTo(MinerState.VISIT_BANK);
        assertThat(GdxChart.flat("miner", MinerState.class).chart().pushLimit()).isEqualTo(GdxChart.STACK_LIMIT);
    }
}
