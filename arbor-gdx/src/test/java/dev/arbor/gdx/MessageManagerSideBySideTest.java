package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;

import com.badlogic.gdx.ai.msg.MessageManager;
import dev.arbor.gdx.SideBySideTest.Agent;
import dev.arbor.gdx.SideBySideTest.Broadcast;
import dev.arbor.gdx.SideBySideTest.Frame;
import dev.arbor.gdx.SideBySideTest.Kind;
import dev.arbor.gdx.SideBySideTest.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Telegrams through gdx-ai's {@link MessageManager}, the singleton dispatcher most gdx-ai games
 * use, to gdx-ai's machines and to the bridge's: to a named receiver (the West World's own
 * telegrams) and to every listener of a message code. The singleton serves one world at a time,
 * so gdx-ai's world runs its script first and the bridge's then, each from time 0, and their
 * traces are compared step by step.
 */
class MessageManagerSideBySideTest {

    @RegisterExtension
    final GdxClock clock = new GdxClock();

    @AfterEach
    void clearTheSingleton() {
        MessageManager.getInstance().clear();
    }

    /** A world on the singleton, with Bob listening for stew and nightfall, Elsa for greetings and nightfall. */
    static WestWorld onTheManager(WestWorld.Engine engine, long seed) {
        MessageManager manager = MessageManager.getInstance();
        manager.clear();
        WestWorld w = new WestWorld(engine, seed, WestWorld.MINER_CHART, false, manager);
        manager.addListeners(w.bob.fsm, WestWorld.MSG_STEW_READY, WestWorld.MSG_NIGHTFALL);
        manager.addListeners(w.elsa.fsm, WestWorld.MSG_HI_HONEY, WestWorld.MSG_NIGHTFALL);
        return w;
    }

    List<List<String>> runEach(Kind kind, long seed, List<Op> script) {
        clock.restart();
        List<List<String>> gdx = SideBySideTest.runAlone(clock, script, onTheManager(kind.gdx, seed));
        clock.restart();
        List<List<String>> arbor = SideBySideTest.runAlone(clock, script, onTheManager(kind.arbor, seed));
        for (int i = 0; i < script.size(); i++) {
            assertThat(arbor.get(i)).as("%s step %d (%s): the Arbor twin's calls against gdx-ai's", kind, i, script.get(i))
                    .isEqualTo(gdx.get(i));
        }
        return gdx;
    }

    @Test
    void aTelegramToEveryListenerReachesBothAgentsInTheOrderTheyListened() {
        for (Kind kind : Kind.values()) {
            List<List<String>> steps = runEach(kind, 31, List.of(
                    new Broadcast(Agent.ELSA, WestWorld.MSG_NIGHTFALL, 0f),
                    new Broadcast(Agent.ELSA, WestWorld.MSG_STEW_READY, SideBySideTest.FRAME),
                    new Frame(), new Frame()));

            // Nobody takes nightfall: each machine asks its current state, then its global state.
            assertThat(steps.get(0)).as("%s", kind).startsWith("bob onMessage GO_HOME_AND_SLEEP 3",
                    "bob onMessage MINER_GLOBAL 3", "elsa onMessage DO_HOUSEWORK 3", "elsa onMessage WIFE_GLOBAL 3");
            // The stew call, due a frame later, takes Bob from his bed to the table.
            assertThat(steps.get(2)).as("%s", kind).startsWith("bob onMessage GO_HOME_AND_SLEEP 2", "bob: coming, dear",
                    "bob exit GO_HOME_AND_SLEEP", "bob enter EAT_STEW", "bob: smells good",
                    "bob update MINER_GLOBAL", "bob update EAT_STEW", "bob: tastes good");
        }
    }

    @Test
    void seededRandomScriptsThroughTheManagerMakeTheSameCalls() {
        for (Kind kind : Kind.values()) {
            for (long seed = 1; seed <= 10; seed++) {
                SplittableRandom r = new SplittableRandom(seed * 9973);
                List<Op> script = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    script.add(r.nextInt(10) == 0
                            ? new Broadcast(r.nextBoolean() ? Agent.BOB : Agent.ELSA, 1 + r.nextInt(3),
                                    r.nextInt(3) * SideBySideTest.FRAME)
                            : SideBySideTest.randomOp(r, kind));
                }
                assertThat(runEach(kind, seed, script)).hasSize(script.size());
            }
        }
    }
}
