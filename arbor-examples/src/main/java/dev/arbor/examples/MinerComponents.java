package dev.arbor.examples;

import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.examples.WestWorld.Miner;
import dev.arbor.examples.WestWorld.Msg;
import dev.arbor.examples.WestWorld.Place;
import dev.arbor.examples.WestWorld.World;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import dev.arbor.io.StateRef;
import java.util.function.Consumer;

/**
 * Miner Bob's components (West World, Buckland's agents), by the names {@code charts/miner.json} uses: what
 * he says and where he walks, and his chores, which decide in code where he goes next (by
 * {@link Machine#goTo}, as Buckland's states do) with the states they go to given in the file.
 * Each does what the corresponding code in {@link WestWorld#minerChart()} does.
 */
public final class MinerComponents implements ComponentLibrary<Miner> {


    /** Walks to a place, saying a line on the way, unless he is there already. */
    record WalkTo(Place place, String line) implements StateAction<Miner> {
        @Override
        public void run(Miner bob) {
            bob.walkTo(place, line);
        }
    }

    /** Walks home if he is out, and telegrams Elsa that he is home. */
    record WalkHome() implements StateAction<Miner> {
        @Override
        public void run(Miner bob) {
            if (bob.location != Place.SHACK) {
                bob.say("Walkin' home");
                bob.location = Place.SHACK;
                bob.world.send(WestWorld.BOB, WestWorld.ELSA, 0, Msg.HI_HONEY_IM_HOME);
            }
        }
    }

    /** Picks up a nugget; with full pockets goes to one state, thirsty to another. */
    record DigForGold(StateRef whenPocketsFull, StateRef whenThirsty) implements MachineStateAction<Miner> {
        @Override
        public void run(Machine<Miner> m, Miner bob) {
            bob.goldCarried++;
            bob.fatigue++;
            bob.say("Pickin' up a nugget");
            if (bob.pocketsFull()) {
                m.goTo(whenPocketsFull.key());
            } else if (bob.thirsty()) {
                m.goTo(whenThirsty.key());
            }
        }
    }

    /** Banks the gold he carries; rich enough, goes to one state, else to another. */
    record DepositGold(StateRef whenRich, StateRef otherwise) implements MachineStateAction<Miner> {
        @Override
        public void run(Machine<Miner> m, Miner bob) {
            bob.moneyInBank += bob.goldCarried;
            bob.goldCarried = 0;
            bob.say("Depositin' gold. Total savings now: " + bob.moneyInBank);
            if (bob.moneyInBank >= Miner.COMFORT_LEVEL) {
                bob.say("WooHoo! Rich enough for now. Back home to mah li'l lady");
                m.goTo(whenRich.key());
            } else {
                m.goTo(otherwise.key());
            }
        }
    }

    /** Sleeps off a unit of fatigue; rested, goes to a state. */
    record Snooze(StateRef whenRested) implements MachineStateAction<Miner> {
        @Override
        public void run(Machine<Miner> m, Miner bob) {
            if (!bob.fatigued()) {
                bob.say("All mah fatigue has drained away. Time to find more gold!");
                m.goTo(whenRested.key());
            } else {
                bob.fatigue--;
                bob.say("ZZZZ... ");
            }
        }
    }

    /** Pays for a drink, quenches his thirst, and goes to a state. */
    record Drink(StateRef then) implements MachineStateAction<Miner> {
        @Override
        public void run(Machine<Miner> m, Miner bob) {
            bob.moneyInBank = Math.max(0, bob.moneyInBank - 2);
            bob.thirst = 0;
            bob.say("That's mighty fine sippin' liquer");
            m.goTo(then.key());
        }
    }

    @Override
    public String name() {
        return "miner";
    }

    @Override
    public ComponentRegistry<Miner> components() {
        return ComponentRegistry.<Miner>create()
                .action("Say", Say.class, "Says a line")
                .action("WalkTo", WalkTo.class, "Walks to a place, saying a line on the way, unless he is there already")
                .action("WalkHome", new WalkHome(), "Walks home if he is out, and telegrams Elsa that he is home")
                .action("GetThirstier", bob -> bob.thirst++, "Makes him a unit thirstier")
                .action("DigForGold", DigForGold.class, "Picks up a nugget; with full pockets goes to one state, thirsty to another")
                .action("DepositGold", DepositGold.class, "Banks the gold he carries; rich enough goes to one state, else to another")
                .action("Snooze", Snooze.class, "Sleeps off a unit of fatigue; rested, goes to a state")
                .action("Drink", Drink.class, "Pays for a drink, quenches his thirst, and goes to a state")
                .action("Revert", Revert.class, "Goes back to the state before the last move (a blip)");
    }

    /** A Bob in a West World of his own, with the demo's seed, saying his lines to {@code log}. */
    @Override
    public Miner newOwner(Consumer<String> log) {
        return new Miner(new World(WestWorld.DEFAULT_SEED, log));
    }
}
