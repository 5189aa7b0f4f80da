package dev.arbor.bench.regions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Before workload 6 is timed: the switch makes Arbor's records, step by step, in the same order,
 * and ends each step in the same configuration; and the cycle takes every transition of the chart.
 */
class PlayerEquivalenceTest {

    @Test
    void theSwitchMakesArborsRecordsStepByStep() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        SwitchPlayer floor = new SwitchPlayer(new PlayerOwner(true));
        arbor.start();
        floor.start();
        assertThat(arbor.owner().drain()).containsExactly("IDLE-ENTRY", "NONE-ENTRY", "NORMAL-ENTRY");
        assertThat(floor.owner().drain()).containsExactly("IDLE-ENTRY", "NONE-ENTRY", "NORMAL-ENTRY");
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < PlayerEv.CYCLE.size(); i++) {
                PlayerEv e = PlayerEv.CYCLE.get(i);
                arbor.fire(e);
                floor.fire(e);
                String where = "round " + round + ", step " + i + " (" + e + ")";
                assertThat(floor.owner().drain()).as(where).isEqualTo(arbor.owner().drain());
                assertThat(floor.configuration()).as(where).isEqualTo(arbor.configuration());
            }
            assertThat(arbor.configuration()).isEqualTo("IDLE/NONE/NORMAL");
        }
    }

    /**
     * Commons SCXML 0.9's documented variant: when a hit breaks off an attack and stuns in one step,
     * it runs the two regions' transition actions in an order that varies from one run to the next
     * (both were seen here); W3C SCXML, and Arbor, run them in document order. The exits and
     * entries around them are in Arbor's order. So the pair is compared in a fixed order.
     */
    static List<String> eitherActionFirst(List<String> trace) {
        List<String> out = new java.util.ArrayList<>(trace);
        int s = out.indexOf("s-HIT");
        if (s >= 1 && out.get(s - 1).equals("a-HIT") || s >= 0 && s + 1 < out.size() && out.get(s + 1).equals("a-HIT")) {
            int first = Math.min(s, out.indexOf("a-HIT"));
            out.set(first, "a-HIT");
            out.set(first + 1, "s-HIT");
        }
        return out;
    }

    @Test
    void commonsScxmlMakesArborsRecordsStepByStepButForOneDocumentedVariant() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        ScxmlPlayer scxml = new ScxmlPlayer(new PlayerOwner(true));
        arbor.start();
        scxml.start();
        assertThat(scxml.owner().drain()).isEqualTo(arbor.owner().drain());
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < PlayerEv.CYCLE.size(); i++) {
                PlayerEv e = PlayerEv.CYCLE.get(i);
                arbor.fire(e);
                scxml.fire(e);
                String where = "round " + round + ", step " + i + " (" + e + ")";
                assertThat(eitherActionFirst(scxml.owner().drain())).as(where).isEqualTo(arbor.owner().drain());
                assertThat(scxml.configuration()).as(where).isEqualTo(arbor.configuration());
            }
        }
    }

    /** The region a record belongs to: 0 movement, 1 action, 2 status. */
    private static int region(String record) {
        if (record.startsWith("m-")) {
            return 0;
        }
        if (record.startsWith("a-")) {
            return 1;
        }
        if (record.startsWith("s-")) {
            return 2;
        }
        return PlayerPeer.regionOf(record.substring(0, record.lastIndexOf('-')));
    }

    /**
     * Spring Statemachine's documented variant (as in workload 1, PEERS.md): a transition's action
     * runs before the exits; and each region takes the event on its own, in region order, so a
     * step that moves two regions is one region's action, exit and entry, then the other's.
     */
    static List<String> springOrder(List<String> arbor) {
        List<String> out = new java.util.ArrayList<>();
        for (int r = 0; r < 3; r++) {
            for (String kind : new String[] {"action", "-EXIT", "-ENTRY"}) {
                for (String record : arbor) {
                    boolean action = record.startsWith("m-") || record.startsWith("a-") || record.startsWith("s-");
                    if (region(record) == r && (kind.equals("action") ? action : !action && record.endsWith(kind))) {
                        out.add(record);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Why Spring Statemachine is no peer of workload 6: it offers an event to the regions in turn
     * and stops at the first that takes it, so the hit that should break off the attack and stun
     * the player in one step only breaks off the attack. Up to that step it makes Arbor's records
     * (in its documented order); there the two part.
     */
    @Test
    void springStatemachineCannotExpressTheChartItTakesAnEventInOneRegionOnly() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        SpringPlayer spring = new SpringPlayer(new PlayerOwner(true));
        arbor.start();
        spring.start();
        assertThat(spring.owner().drain()).isEqualTo(arbor.owner().drain());
        int twoRegions = 15;
        assertThat(PlayerEv.CYCLE.subList(twoRegions - 1, twoRegions + 1)).containsExactly(PlayerEv.LIGHT, PlayerEv.HIT);
        for (int i = 0; i < twoRegions; i++) {
            PlayerEv e = PlayerEv.CYCLE.get(i);
            arbor.fire(e);
            spring.fire(e);
            String where = "step " + i + " (" + e + ")";
            assertThat(spring.owner().drain()).as(where).isEqualTo(springOrder(arbor.owner().drain()));
            assertThat(spring.configuration()).as(where).isEqualTo(arbor.configuration());
        }
        arbor.fire(PlayerEv.HIT);
        spring.fire(PlayerEv.HIT);
        assertThat(arbor.configuration()).isEqualTo("IDLE/NONE/STUNNED");
        assertThat(spring.configuration()).isEqualTo("IDLE/NONE/NORMAL");
        assertThat(spring.owner().drain()).containsExactly("a-HIT", "LIGHT_ATTACK-EXIT", "NONE-ENTRY");
    }

    @Test
    void aHitDuringAnAttackLeavesBothRegionsInOneStepInScxmlOrder() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        arbor.start();
        arbor.fire(PlayerEv.LIGHT);
        arbor.owner().drain();
        arbor.fire(PlayerEv.HIT);
        assertThat(arbor.owner().drain()).containsExactly(
                "NORMAL-EXIT", "LIGHT_ATTACK-EXIT", "a-HIT", "s-HIT", "NONE-ENTRY", "STUNNED-ENTRY");
    }

    @Test
    void theCycleTakesEveryTransitionOfTheChart() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        arbor.start();
        arbor.owner().drain();
        Set<String> records = new HashSet<>();
        for (PlayerEv e : PlayerEv.CYCLE) {
            arbor.fire(e);
            records.addAll(arbor.owner().drain());
        }
        assertThat(records).containsAll(List.of(
                "m-MOVE", "m-CROUCH", "m-STAND", "m-HALT",
                "a-LIGHT", "a-HEAVY", "a-DONE", "a-HIT",
                "s-HIT", "s-RECOVER", "s-POWER_UP", "s-EXPIRED"));
    }
}
