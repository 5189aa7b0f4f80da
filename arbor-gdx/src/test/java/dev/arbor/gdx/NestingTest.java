package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;

import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.HistoryType;
import dev.arbor.gdx.SideBySideTest.Op;
import dev.arbor.gdx.WestWorld.Engine;
import dev.arbor.gdx.WestWorld.Miner;
import dev.arbor.gdx.WestWorld.MinerState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The path forward from gdx-ai: the miner's flat enum states, unchanged, nested into a hierarchy.
 * Bob's work away from home (digging, banking, drinking) becomes one parent state, {@code OUT},
 * and what is true of all three is declared once on it: at nightfall he goes home. In gdx-ai each
 * of the three states' {@code onMessage} (or the global state, which also answers at home) would
 * have to say so. The parent keeps a history, so that Bob can go back to what he was doing.
 */
class NestingTest {

    /** The states Arbor adds around the gdx-ai ones. */
    enum Shift { OUT, OUT_HISTORY }

    /** OUT { ENTER_MINE_AND_DIG, VISIT_BANK, QUENCH_THIRST }, and the other miner states beside it. */
    static GdxChart<Miner, MinerState> nestedMiner(boolean logged) {
        return GdxChart.build("miner-nested", MinerState.class, root -> root
                .state(Shift.OUT, out -> {
                    out.initial(MinerState.ENTER_MINE_AND_DIG);
                    out.history(Shift.OUT_HISTORY, HistoryType.SHALLOW);
                    if (logged) {
                        out.onEntry(bob -> bob.world.log("bob enter OUT"));
                        out.onExit(bob -> bob.world.log("bob exit OUT"));
                    }
                    // Declared once, for the three states below; their own onMessage is asked first.
                    out.on(GdxMessage.class).guard(GdxMessage.is(WestWorld.MSG_NIGHTFALL))
                            .action((bob, m) -> bob.say("nightfall"))
                            .target(MinerState.GO_HOME_AND_SLEEP);
                    out.state(MinerState.ENTER_MINE_AND_DIG, GdxChart.state(MinerState.ENTER_MINE_AND_DIG));
                    out.state(MinerState.VISIT_BANK, GdxChart.state(MinerState.VISIT_BANK));
                    out.state(MinerState.QUENCH_THIRST, GdxChart.state(MinerState.QUENCH_THIRST));
                })
                .state(MinerState.GO_HOME_AND_SLEEP, GdxChart.state(MinerState.GO_HOME_AND_SLEEP))
                .state(MinerState.EAT_STEW, GdxChart.state(MinerState.EAT_STEW))
                .state(MinerState.MINER_GLOBAL, GdxChart.state(MinerState.MINER_GLOBAL)));
    }

    @RegisterExtension
    final GdxClock clock = new GdxClock();

    private static boolean nightfall(ArborStateMachine<Miner, MinerState> fsm) {
        Telegram t = new Telegram();
        t.message = WestWorld.MSG_NIGHTFALL;
        return fsm.handleMessage(t);
    }

    @Test
    void aTransitionDeclaredOnceOnTheParentTakesBobHomeFromAnyOfItsStates() {
        WestWorld world = new WestWorld(Engine.ARBOR, 7, nestedMiner(true));
        ArborStateMachine<Miner, MinerState> bob = (ArborStateMachine<Miner, MinerState>) world.bob.fsm;
        world.bob.location = WestWorld.Place.MINE; // he is not home, so going home greets Elsa
        for (MinerState outside : List.of(MinerState.ENTER_MINE_AND_DIG, MinerState.VISIT_BANK,
                MinerState.QUENCH_THIRST)) {
            bob.changeState(outside);
            world.take();
            world.bob.location = WestWorld.Place.MINE;

            assertThat(nightfall(bob)).as("nightfall in %s", outside).isTrue();
            assertThat(world.take()).containsExactly(
                    "bob onMessage " + outside + " " + WestWorld.MSG_NIGHTFALL, // the state is asked first, unchanged
                    "bob exit " + outside, switch (outside) {
                        case ENTER_MINE_AND_DIG -> "bob: out of the mine";
                        case VISIT_BANK -> "bob: out of the bank";
                        default -> "bob: out of the saloon";
                    },
                    "bob exit OUT",
                    "bob: nightfall",
                    "bob enter GO_HOME_AND_SLEEP", "bob: back to the shack",
                    "elsa onMessage DO_HOUSEWORK 1", "elsa onMessage WIFE_GLOBAL 1",
                    "elsa: welcome home, stew's coming", "elsa exit DO_HOUSEWORK", "elsa enter COOK_STEW",
                    "elsa: stew's on the fire");
            assertThat(bob.getCurrentState()).isEqualTo(MinerState.GO_HOME_AND_SLEEP);
            assertThat(bob.getPreviousState()).isEqualTo(outside);
            world.elsa.fsm.changeState(WestWorld.WifeState.DO_HOUSEWORK);
            world.elsa.cooking = false;
        }

        // At home the transition does not apply: the message goes unhandled, as in the flat machine.
        world.take();
        assertThat(nightfall(bob)).isFalse();
        assertThat(world.take()).containsExactly("bob onMessage GO_HOME_AND_SLEEP 3", "bob onMessage MINER_GLOBAL 3");
    }

    @Test
    void theCurrentStateIsTheLeafAndTheParentIsAskedOfTheArborMachine() {
        WestWorld world = new WestWorld(Engine.ARBOR, 7, nestedMiner(true));
        ArborStateMachine<Miner, MinerState> bob = (ArborStateMachine<Miner, MinerState>) world.bob.fsm;
        bob.changeState(MinerState.VISIT_BANK);
        assertThat(world.take()).containsExactly("bob exit GO_HOME_AND_SLEEP", "bob enter OUT", "bob enter VISIT_BANK",
                "bob: to the bank");
        assertThat(bob.getCurrentState()).isEqualTo(MinerState.VISIT_BANK);
        assertThat(bob.isInState(MinerState.VISIT_BANK)).isTrue();
        assertThat(bob.machine().isIn(Shift.OUT)).isTrue();
        assertThat(bob.machine().activeStates()).containsExactly(Shift.OUT, MinerState.VISIT_BANK);

        // Between two states of OUT only the leaves change: OUT stays active.
        bob.changeState(MinerState.QUENCH_THIRST);
        assertThat(world.take()).containsExactly("bob exit VISIT_BANK", "bob: out of the bank", "bob enter QUENCH_THIRST",
                "bob: to the saloon, parched");
    }

    @Test
    void theParentsHistoryTakesBobBackToWhatHeWasDoingOutside() {
        WestWorld world = new WestWorld(Engine.ARBOR, 7, nestedMiner(true));
        ArborStateMachine<Miner, MinerState> bob = (ArborStateMachine<Miner, MinerState>) world.bob.fsm;
        bob.changeState(MinerState.QUENCH_THIRST);
        nightfall(bob);
        bob.changeState(MinerState.EAT_STEW);
        world.take();

        bob.machine().goTo(Shift.OUT_HISTORY); // not a gdx-ai move: Arbor's history
        assertThat(world.take()).containsExactly("bob exit EAT_STEW", "bob: thanks, dear", "bob enter OUT",
                "bob enter QUENCH_THIRST", "bob: to the saloon, parched");
        assertThat(bob.getCurrentState()).isEqualTo(MinerState.QUENCH_THIRST);
    }

    @Test
    void nestingAloneChangesNoCallOnSeededRandomScripts() {
        // The nested chart with a silent parent, against gdx-ai's flat machine: telegrams other than
        // nightfall, which only the nested chart reacts to.
        GdxChart<Miner, MinerState> nested = nestedMiner(false);
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom r = new SplittableRandom(seed * 104_729);
            List<Op> script = new ArrayList<>();
            while (script.size() < 200) {
                Op op = SideBySideTest.randomOp(r);
                boolean night = op instanceof SideBySideTest.Send s && s.message() == WestWorld.MSG_NIGHTFALL
                        || op instanceof SideBySideTest.Direct d && d.message() == WestWorld.MSG_NIGHTFALL
                        || op instanceof SideBySideTest.Arm a && a.arming().reactions().stream().anyMatch(x ->
                                x.kind() == WestWorld.Reaction.Kind.MESSAGE && x.state() == WestWorld.MSG_NIGHTFALL);
                if (!night) {
                    script.add(op);
                }
            }
            assertThat(SideBySideTest.runBoth(clock, seed, script, nested)).hasSize(script.size());
        }
    }
}
