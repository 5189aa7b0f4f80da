package dev.arbor.pekko.demo;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.EventCodec;
import dev.arbor.net.codec.OwnerData;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;
import dev.arbor.pekko.Durability;
import dev.arbor.pekko.EntitySpec;
import java.time.Duration;
import java.util.function.Function;

/**
 * The guard entities of the cluster demo, its tests and its measurements: a guard who patrols
 * (walking, then waiting two ticks), fights when he sees an enemy and resumes his patrol where he
 * left it; he counts his arrivals (owner data, carried by his snapshot).
 *
 * <pre>
 * root ─ PATROL (initial WALK, history H)  SEE → COMBAT
 *      │    ├─ WALK  ARRIVED / arrivals++ → WAIT
 *      │    └─ WAIT  after 2 ticks → WALK
 *      └─ COMBAT  LOST → H
 * </pre>
 */
public final class Guards {
    /** What a guard is told. */
    public enum Ev {
        /** An enemy in sight: from anywhere in PATROL to COMBAT. */
        SEE,
        /** The enemy lost: from COMBAT back to where the patrol was (its history). */
        LOST,
        /** At a waypoint: a walking guard counts an arrival and waits. */
        ARRIVED
    }

    /** A guard's owner. */
    public static final class Owner {
        /** Arrivals counted: the snapshot's owner data. */
        public int arrivals;
        /**
         * Arrivals whose action ran again in a replay (not in the snapshot: it counts this owner's own
         * work, where a game would skip effects such as sounds and messages).
         */
        public int replayed;
    }

    /** The chart every guard runs. */
    public static final Chart<Owner> CHART = Chart.<Owner>builder("guard")
            .initial("PATROL")
            .state("PATROL", p -> {
                p.initial("WALK");
                p.history("H", HistoryType.SHALLOW);
                p.on(Ev.SEE).target("COMBAT");
                p.state("WALK", w -> w.on(Ev.ARRIVED).action((Machine<Owner> m, Owner o, Ev e) -> {
                    o.arrivals++;
                    if (m.cause() == Cause.REPLAY) {
                        o.replayed++;
                    }
                }).target("WAIT"));
                p.state("WAIT", w -> w.after(2).target("WALK"));
            })
            .state("COMBAT", c -> c.on(Ev.LOST).target("H"))
            .build();

    /** A guard's state as bytes: the configuration, history and clocks, then his arrivals in 32 bits. */
    public static final SnapshotCodec<Owner> SNAPSHOTS = SnapshotCodec.builder(CHART).ownerData(new OwnerData<Owner, Integer>() {
        @Override
        public void write(Owner owner, BitWriter out) {
            out.writeBits(owner.arrivals, 32);
        }

        @Override
        public Integer read(BitReader in) throws SnapshotException {
            return (int) in.readBits(32);
        }

        @Override
        public void apply(Owner owner, Integer value) {
            owner.arrivals = value;
        }
    }).build();

    /**
     * The guards as an entity type named {@code name}, each with a new owner.
     *
     * @param name           the entity type's name
     * @param durability     how the guards' state is stored
     * @param passivateAfter how long a guard may idle before it is stopped
     * @return the entity type, not ticked
     */
    public static EntitySpec<Owner> spec(String name, Durability durability, Duration passivateAfter) {
        return spec(name, durability, passivateAfter, id -> new Owner());
    }

    /**
     * The guards as an entity type named {@code name}, their owners made by {@code owners}.
     *
     * @param name           the entity type's name
     * @param durability     how the guards' state is stored
     * @param passivateAfter how long a guard may idle before it is stopped
     * @param owners         makes a guard's owner from its entity id
     * @return the entity type, not ticked
     */
    public static EntitySpec<Owner> spec(String name, Durability durability, Duration passivateAfter,
                                         Function<String, Owner> owners) {
        return new EntitySpec<>(name, CHART, owners, SNAPSHOTS, EventCodec.ofEnum(Ev.class), durability, passivateAfter);
    }

    /**
     * A new guard, started: what an entity is before its first input.
     *
     * @return the guard's machine, in PATROL's WALK
     */
    public static Machine<Owner> newGuard() {
        Machine<Owner> m = CHART.newMachine(new Owner());
        m.start();
        return m;
    }

    private Guards() {}
}
