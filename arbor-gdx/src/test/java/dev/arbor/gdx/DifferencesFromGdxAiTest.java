package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import dev.arbor.gdx.SideBySideTest.Agent;
import dev.arbor.gdx.SideBySideTest.Change;
import dev.arbor.gdx.SideBySideTest.Direct;
import dev.arbor.gdx.SideBySideTest.Op;
import dev.arbor.gdx.WestWorld.Engine;
import dev.arbor.gdx.WestWorld.Miner;
import dev.arbor.gdx.WestWorld.MinerState;
import dev.arbor.gdx.WestWorld.Reaction;
import dev.arbor.gdx.WestWorld.Trigger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The differences between gdx-ai's machines and the bridge's that stay, as docs/from-gdx-ai.md's
 * table lists them ("Differences that stay"): each run on both, with what each does spelled out.
 * (The stack machine's are in {@link StackSideBySideTest}.)
 */
class DifferencesFromGdxAiTest {

    @RegisterExtension
    final GdxClock clock = new GdxClock();

    /** Bob's lines and the answers to the armed requests, step by step, on one world. */
    static List<List<String>> run(Engine engine, Op... script) {
        WestWorld w = new WestWorld(engine, 41);
        List<List<String>> steps = new ArrayList<>();
        for (Op op : script) {
            steps.add(SideBySideTest.step(w, op).stream()
                    .filter(line -> line.startsWith("bob") || line.startsWith("twin") || line.startsWith("answers"))
                    .toList());
        }
        return steps;
    }

    @Test
    void aChangeAskedFromInsideExitIsMadeInTheMiddleOfTheChangeByGdxAiAndAfterItByTheBridge() {
        Op[] script = {HeldRequestsSideBySideTest.arm(Trigger.EXIT, MinerState.GO_HOME_AND_SLEEP,
                HeldRequestsSideBySideTest.change(MinerState.QUENCH_THIRST)),
                new Change(Agent.BOB, MinerState.ENTER_MINE_AND_DIG.ordinal())};

        // gdx-ai: home is exited twice, the saloon entered and never exited, and Bob ends in the mine.
        assertThat(run(Engine.GDX_AI, script).get(1)).containsExactly(
                "bob exit GO_HOME_AND_SLEEP", "bob exit GO_HOME_AND_SLEEP",
                "bob enter QUENCH_THIRST", "bob: to the saloon, parched",
                "bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine",
                "answers to armed requests [react in EXIT GO_HOME_AND_SLEEP, owner bob]",
                "bob is ENTER_MINE_AND_DIG, was GO_HOME_AND_SLEEP, global MINER_GLOBAL, owner bob");
        // The bridge: the change to the mine is finished, then the saloon is asked for.
        assertThat(run(Engine.ARBOR, script).get(1)).containsExactly(
                "bob exit GO_HOME_AND_SLEEP", "bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine",
                "bob exit ENTER_MINE_AND_DIG", "bob: out of the mine",
                "bob enter QUENCH_THIRST", "bob: to the saloon, parched",
                "answers to armed requests [react in EXIT GO_HOME_AND_SLEEP, owner bob]",
                "bob is QUENCH_THIRST, was ENTER_MINE_AND_DIG, global MINER_GLOBAL, owner bob");
    }

    @Test
    void theCurrentStateRightAfterARequestInsideACallbackIsTheNewOneOnGdxAiAndTheOldOneOnTheBridge() {
        Op[] script = {HeldRequestsSideBySideTest.arm(Trigger.UPDATE, MinerState.GO_HOME_AND_SLEEP,
                HeldRequestsSideBySideTest.change(MinerState.VISIT_BANK), new Reaction(Reaction.Kind.ASK, 0)),
                new SideBySideTest.Frame()};

        assertThat(run(Engine.GDX_AI, script).get(1))
                .contains("answers to armed requests [react in UPDATE GO_HOME_AND_SLEEP, owner bob, current VISIT_BANK, owner bob]");
        assertThat(run(Engine.ARBOR, script).get(1))
                .contains("answers to armed requests [react in UPDATE GO_HOME_AND_SLEEP, owner bob, current GO_HOME_AND_SLEEP, owner bob]");
    }

    @Test
    void aSetOwnerHeldInsideACallbackIsNotSeenByTheCallbacksLeftInThatStep() {
        // Home refuses the greeting, and sets the twin as owner; the global state is asked next, in the same step.
        Op[] script = {HeldRequestsSideBySideTest.arm(Trigger.REFUSED, MinerState.GO_HOME_AND_SLEEP,
                HeldRequestsSideBySideTest.OWNER_TWIN), new Direct(Agent.BOB, WestWorld.MSG_HI_HONEY)};

        assertThat(run(Engine.GDX_AI, script).get(1)).startsWith(
                "bob onMessage GO_HOME_AND_SLEEP 1", "twin onMessage MINER_GLOBAL 1");
        assertThat(run(Engine.ARBOR, script).get(1)).startsWith(
                "bob onMessage GO_HOME_AND_SLEEP 1", "bob onMessage MINER_GLOBAL 1");
        // Both have the twin as owner once the step is done.
        assertThat(run(Engine.ARBOR, script).get(1)).endsWith(
                "bob is GO_HOME_AND_SLEEP, was null, global MINER_GLOBAL, owner twin");
    }

    /** A subclass as gdx-ai users write them: it logs changes, and reads gdx-ai's protected fields. */
    static final class Watched extends ArborStateMachine<Miner, MinerState> {
        final List<String> seen = new ArrayList<>();

        Watched(Miner owner) {
            super(WestWorld.MINER_CHART, owner, MinerState.GO_HOME_AND_SLEEP, MinerState.MINER_GLOBAL);
        }

        @Override
        public void changeState(MinerState newState) {
            seen.add("changeState " + newState);
            super.changeState(newState);
        }

        String fields() {
            return "fields: current " + currentState + ", previous " + previousState + ", global " + globalState
                    + ", owner " + owner.name;
        }
    }

    /** gdx-ai's machine, with the same subclass. */
    static final class WatchedByGdxAi extends DefaultStateMachine<Miner, MinerState> {
        final List<String> seen = new ArrayList<>();

        WatchedByGdxAi(Miner owner) {
            super(owner, MinerState.GO_HOME_AND_SLEEP, MinerState.MINER_GLOBAL);
        }

        @Override
        public void changeState(MinerState newState) {
            seen.add("changeState " + newState);
            super.changeState(newState);
        }

        String fields() {
            return "fields: current " + currentState + ", previous " + previousState + ", global " + globalState
                    + ", owner " + owner.name;
        }
    }

    @Test
    void aSubclassSeesNoRevertInChangeStateAndNoStateInGdxAisFieldsOnTheBridge() {
        WestWorld gdxWorld = new WestWorld(Engine.GDX_AI, 42);
        WatchedByGdxAi gdx = new WatchedByGdxAi(gdxWorld.bob);
        WestWorld arborWorld = new WestWorld(Engine.ARBOR, 42);
        Watched arbor = new Watched(arborWorld.bob);
        for (DefaultStateMachine<Miner, MinerState> fsm : List.of(gdx, arbor)) {
            fsm.changeState(MinerState.ENTER_MINE_AND_DIG);
            fsm.revertToPreviousState();
        }
        assertThat(gdx.seen).containsExactly("changeState ENTER_MINE_AND_DIG", "changeState GO_HOME_AND_SLEEP");
        assertThat(arbor.seen).containsExactly("changeState ENTER_MINE_AND_DIG");
        assertThat(gdx.fields()).isEqualTo(
                "fields: current GO_HOME_AND_SLEEP, previous ENTER_MINE_AND_DIG, global MINER_GLOBAL, owner bob");
        assertThat(arbor.fields()).isEqualTo("fields: current null, previous null, global MINER_GLOBAL, owner bob");
        assertThat(arbor.getCurrentState()).isEqualTo(MinerState.GO_HOME_AND_SLEEP);
        assertThat(arbor.getPreviousState()).isEqualTo(MinerState.ENTER_MINE_AND_DIG);
    }

    @Test
    void setInitialStateAlsoClearsWhatTheArborMachineSaved() {
        GdxChart<Miner, MinerState> nested = NestingTest.nestedMiner(false);
        WestWorld w = new WestWorld(Engine.ARBOR, 43, nested);
        ArborStateMachine<Miner, MinerState> fsm = (ArborStateMachine<Miner, MinerState>) w.bob.fsm;
        fsm.changeState(MinerState.QUENCH_THIRST);      // OUT's history records the saloon
        fsm.machine().push(MinerState.EAT_STEW);
        fsm.setInitialState(MinerState.GO_HOME_AND_SLEEP);
        assertThat(fsm.machine().pushedDepth()).isZero();
        fsm.machine().goTo(NestingTest.Shift.OUT_HISTORY);
        assertThat(fsm.getCurrentState()).isEqualTo(MinerState.ENTER_MINE_AND_DIG); // OUT's default, not the saloon
    }
}
