package dev.arbor.pekko;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.HistoryType;
import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.EventCodec;
import dev.arbor.net.codec.OwnerData;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;

/**
 * The test entities' chart: a guard who patrols (walking, then waiting two ticks), fights when he
 * sees an enemy and resumes his patrol where he left it; he counts his arrivals (owner data).
 *
 * <pre>
 * root ─ PATROL (initial WALK, history H)  SEE → COMBAT
 *      │    ├─ WALK  ARRIVED / arrivals++ → WAIT
 *      │    └─ WAIT  after 2 ticks → WALK
 *      └─ COMBAT  LOST → H
 * </pre>
 */
final class Guard {
    enum Ev { SEE, LOST, ARRIVED }

    /** The owner: what the snapshot's owner data carries. */
    static final class Owner {
        int arrivals;
        /** Arrivals whose action ran again in a replay (not in the snapshot: it counts this owner's own work). */
        int replayed;
    }

    static final Chart<Owner> CHART = Chart.<Owner>builder("guard")
            .initial("PATROL")
            .state("PATROL", p -> {
                p.initial("WALK");
                p.history("H", HistoryType.SHALLOW);
                p.on(Ev.SEE).target("COMBAT");
                p.state("WALK", w -> w.on(Ev.ARRIVED).action((Machine<Owner> m, Owner o, Ev e) -> {
                    o.arrivals++;
                    if (m.cause() == Cause.REPLAY) {
                        o.replayed++; // a game would skip its effects here (sounds, messages)
                    }
                }).target("WAIT"));
                p.state("WAIT", w -> w.after(2).target("WALK"));
            })
            .state("COMBAT", c -> c.on(Ev.LOST).target("H"))
            .build();

    static final OwnerData<Owner, Integer> ARRIVALS = new OwnerData<>() {
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
    };

    static final SnapshotCodec<Owner> SNAPSHOTS = SnapshotCodec.builder(CHART).ownerData(ARRIVALS).build();

    static EntitySpec<Owner> spec(int snapshotEvery) {
        return spec(snapshotEvery, java.time.Duration.ofMinutes(2), id -> new Owner());
    }

    static EntitySpec<Owner> snapshotsOnly(int everyTicks) {
        return new EntitySpec<>("guard", CHART, id -> new Owner(), SNAPSHOTS, EventCodec.ofEnum(Ev.class),
                new Durability.SnapshotsOnly(everyTicks), java.time.Duration.ofMinutes(2));
    }

    static EntitySpec<Owner> spec(int snapshotEvery, java.time.Duration passivateAfter,
                                  java.util.function.Function<String, Owner> owners) {
        return new EntitySpec<>("guard", CHART, owners, SNAPSHOTS, EventCodec.ofEnum(Ev.class),
                new Durability.InputsJournaled(snapshotEvery),
                passivateAfter);
    }

    private Guard() {}
}
