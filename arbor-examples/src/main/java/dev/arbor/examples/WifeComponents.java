package dev.arbor.examples;

import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.examples.WestWorld.Elsa;
import dev.arbor.examples.WestWorld.Msg;
import dev.arbor.examples.WestWorld.World;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import dev.arbor.io.StateRef;
import java.util.List;
import java.util.function.Consumer;

/**
 * Elsa's components (West World, Buckland's agents), by the names {@code charts/wife.json} uses: her lines,
 * her chores drawn from the world's seeded random numbers, nature's calls from her global state,
 * and the stew, cooked by a delayed telegram. Each does what the corresponding code in
 * {@link WestWorld#elsaChart()} does.
 */
public final class WifeComponents implements ComponentLibrary<Elsa> {


    /** Says one of the lines, drawn with the world's random numbers. */
    record SayOneOf(List<String> lines) implements StateAction<Elsa> {
        SayOneOf {
            lines = List.copyOf(lines);
            if (lines.isEmpty()) {
                throw new IllegalArgumentException("SayOneOf needs at least one line");
            }
        }

        @Override
        public void run(Elsa elsa) {
            elsa.say(lines.get(elsa.world.random.nextInt(lines.size())));
        }
    }

    /**
     * Once in {@code oneIn} ticks on average (when the world's random number out of {@code oneIn}
     * is 1), goes to {@code place} unless she is there: a blip, ended there by {@code Revert}.
     */
    record NatureCalls(int oneIn, StateRef place) implements MachineStateAction<Elsa> {
        @Override
        public void run(Machine<Elsa> m, Elsa elsa) {
            if (elsa.world.random.nextInt(oneIn) == 1 && !m.isIn(place.key())) {
                m.goTo(place.key());
            }
        }
    }

    /** Puts the stew in the oven unless it is there, and telegrams herself that it is ready in so many ticks. */
    record PutStewInOven(int ticks) implements StateAction<Elsa> {
        @Override
        public void run(Elsa elsa) {
            if (!elsa.cooking) {
                elsa.say("Putting the stew in the oven");
                elsa.world.send(WestWorld.ELSA, WestWorld.ELSA, ticks, Msg.STEW_READY);
                elsa.cooking = true;
            }
        }
    }

    /** Takes the stew out and telegrams Bob that it is ready. */
    record ServeStew() implements StateAction<Elsa> {
        @Override
        public void run(Elsa elsa) {
            elsa.say("StewReady! Lets eat");
            elsa.world.send(WestWorld.ELSA, WestWorld.BOB, 0, Msg.STEW_READY);
            elsa.cooking = false;
        }
    }

    @Override
    public String name() {
        return "wife";
    }

    @Override
    public ComponentRegistry<Elsa> components() {
        return ComponentRegistry.<Elsa>create()
                .action("Say", Say.class, "Says a line")
                .action("SayOneOf", SayOneOf.class, "Says one of the lines, drawn with the world's random numbers")
                .action("NatureCalls", NatureCalls.class, "Now and then (one tick in so many) answers nature's call: goes to a state")
                .action("PutStewInOven", PutStewInOven.class, "Puts the stew in the oven unless it is there, and telegrams herself when it is ready")
                .action("ServeStew", new ServeStew(), "Takes the stew out and telegrams Bob that it is ready")
                .action("Revert", Revert.class, "Goes back to the state before the last move (a blip)");
    }

    /** An Elsa in a West World of her own, with the demo's seed, saying her lines to {@code log}. */
    @Override
    public Elsa newOwner(Consumer<String> log) {
        return new Elsa(new World(WestWorld.DEFAULT_SEED, log));
    }
}
