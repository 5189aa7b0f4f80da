// region chart
package com.example.recipes;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineStateAction;
import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.OwnerData;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;

/** A machine's snapshot written to bytes and read back into a fresh machine, whose actions know it. */
public final class SnapshotToBytes {

    enum Fire { UNLIT, LIT, BURNING, GUTTERING }

    enum Event { LIGHT, DOUSE }

    /** The brazier's own data: its fuel, 0 to 10. */
    static final class Brazier {
        final String name;
        int fuel = 10;

        Brazier(String name) {
            this.name = name;
        }
    }

    /** An action with a side effect: a sound, which a restore must not play again. */
    record PlaySound(String sound) implements MachineStateAction<Brazier> {
        @Override
        public void run(Machine<Brazier> machine, Brazier b) {
            if (machine.cause() == Cause.RESTORE) {
                return;                     // heard when the state was first entered, not now
            }
            System.out.println(b.name + ": *" + sound + "*");
        }
    }

    static final Chart<Brazier> CHART = Chart.<Brazier>builder("brazier")
        .initial(Fire.UNLIT)
        .state(Fire.UNLIT, s -> s.on(Event.LIGHT).target(Fire.LIT))
        .state(Fire.LIT, lit -> {
            lit.initial(Fire.BURNING);
            lit.onEntry(new PlaySound("whoosh"));
            lit.on(Event.DOUSE).target(Fire.UNLIT);
            lit.state(Fire.BURNING, s -> {
                s.onUpdate(b -> b.fuel--);
                s.when(b -> b.fuel <= 8).target(Fire.GUTTERING);
            });
            lit.state(Fire.GUTTERING, s -> s.onEntry(new PlaySound("sputter")));
        })
        .build();
    // endregion

    // region codec
    /** The fuel in a snapshot: one of 11 values, 0 to 10, in 4 bits. */
    static final class Fuel implements OwnerData<Brazier, Integer> {
        @Override
        public void write(Brazier b, BitWriter out) {
            out.writeBounded(b.fuel, 11);
        }

        @Override
        public Integer read(BitReader in) throws SnapshotException {
            return (int) in.readBounded(11);  // a value of 11 or more is refused, as INDEX_OUT_OF_RANGE
        }

        @Override
        public void apply(Brazier b, Integer fuel) {
            b.fuel = fuel;
        }
    }

    /** Prints the states a machine enters, with the cause when it is not an ordinary step. */
    record PrintEntries(String who) implements MachineListener {
        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            System.out.println(who + ": enter " + m.chart().stateName(state) + (cause == Cause.NORMAL ? "" : " (" + cause + ")"));
        }
    }
    // endregion

    // region run
    public static void main(String[] args) throws SnapshotException {
        Machine<Brazier> server = CHART.newMachine(new Brazier("server"));
        server.addListener(new PrintEntries("server"));
        server.start();
        server.fire(Event.LIGHT);
        server.update();

        SnapshotCodec<Brazier> codec = SnapshotCodec.builder(CHART).ownerData(new Fuel()).build();
        byte[] bytes = codec.encode(server);
        System.out.println(bytes.length + " bytes");

        Machine<Brazier> copy = CHART.newMachine(new Brazier("copy"));  // fresh: never started
        copy.addListener(new PrintEntries("copy"));
        codec.decodeInto(bytes, copy);                                  // checks every bit, then restores
        System.out.println("copy: " + copy.activeStates() + ", fuel " + copy.owner().fuel);

        for (int tick = 0; tick < 2; tick++) {
            System.out.println("tick");
            server.update();
            copy.update();                                              // the same tick on both sides
        }
        System.out.println("fuel: server " + server.owner().fuel + ", copy " + copy.owner().fuel);
    }

    private SnapshotToBytes() {}
}
// endregion
