package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import dev.arbor.gdx.SideBySideTest.Frame;
import dev.arbor.gdx.SideBySideTest.Kind;
import dev.arbor.gdx.SideBySideTest.Op;
import dev.arbor.gdx.SideBySideTest.SetOwner;
import dev.arbor.gdx.WestWorld.Engine;
import dev.arbor.gdx.WestWorld.Miner;
import dev.arbor.gdx.WestWorld.MinerState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The owner, side by side on gdx-ai's machines and the bridge's: {@code setOwner} between frames,
 * and machines made with no owner (gdx-ai's no-argument constructors), given their owner, initial
 * and global state afterwards, as pooled or component-made machines are.
 */
class OwnerSideBySideTest {

    @RegisterExtension
    final GdxClock clock = new GdxClock();

    @Test
    void setOwnerBetweenFramesHandsEveryLaterCallTheNewOwner() {
        List<Op> script = List.of(new Frame(), new Frame(), new Frame(), new SetOwner(true), new Frame(),
                new SetOwner(false), new Frame());
        for (Kind kind : Kind.values()) {
            List<List<String>> steps = SideBySideTest.runBoth(clock, kind, 21, script, WestWorld.MINER_CHART);

            // Rested on the third frame, Bob left for the mine; his twin digs the first nugget, into his own pocket.
            assertThat(steps.get(3)).as("%s", kind).startsWith(
                    "bob is ENTER_MINE_AND_DIG, was GO_HOME_AND_SLEEP, global MINER_GLOBAL, owner twin");
            assertThat(steps.get(4)).as("%s", kind).startsWith("twin update MINER_GLOBAL",
                    "twin update ENTER_MINE_AND_DIG", "twin: a nugget, 1 carried");
            assertThat(steps.get(6)).as("%s", kind).startsWith("bob update MINER_GLOBAL",
                    "bob update ENTER_MINE_AND_DIG", "bob: a nugget, 1 carried");
        }
    }

    @Test
    void aMachineMadeWithoutAnOwnerAndGivenOneRunsAsOneMadeWithIt() {
        for (Kind kind : Kind.values()) {
            for (long seed = 1; seed <= 10; seed++) {
                SplittableRandom r = new SplittableRandom(seed * 3571);
                List<Op> script = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    script.add(SideBySideTest.randomOp(r, kind));
                }
                List<List<String>> later = SideBySideTest.runBoth(clock, script,
                        new WestWorld(kind.gdx, seed, WestWorld.MINER_CHART, true, new MessageDispatcher()),
                        new WestWorld(kind.arbor, seed, WestWorld.MINER_CHART, true, new MessageDispatcher()));
                clock.restart();
                List<List<String>> atOnce = SideBySideTest.runAlone(clock, script, new WestWorld(kind.gdx, seed));
                assertThat(later).as("%s, seed %d", kind, seed).isEqualTo(atOnce);
                clock.restart();
            }
        }
    }

    @Test
    void aMachineWithNoOwnerYetHasNoStateAndUpdatesAsGdxAisDoes() {
        for (Engine engine : Engine.values()) {
            DefaultStateMachine<Miner, MinerState> fsm = engine.machine(WestWorld.MINER_CHART, null, null, null, true);
            assertThat(fsm.getOwner()).as("%s", engine).isNull();
            assertThat(fsm.getCurrentState()).isNull();
            assertThat(fsm.getPreviousState()).isNull();
            assertThat(fsm.getGlobalState()).isNull();
            assertThat(fsm.isInState(null)).isTrue();
            fsm.update();                                 // nothing to update
            assertThat(fsm.revertToPreviousState()).isFalse();

            WestWorld w = new WestWorld(Engine.GDX_AI, 1);
            fsm.setOwner(w.bob);
            fsm.changeState(MinerState.ENTER_MINE_AND_DIG); // from no state: an entry only
            assertThat(w.take()).as("%s", engine).containsExactly("bob enter ENTER_MINE_AND_DIG", "bob: walking to the mine");
            assertThat(fsm.getPreviousState()).isNull();
        }
    }
}
