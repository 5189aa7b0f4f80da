package dev.arbor.pekko.faults;

import dev.arbor.core.Chart;
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

/**
 * The entities of the fault suite: each takes marks, events that carry the id of the request that
 * sent them, so that every journal row names its request. The machine alternates between two
 * states and folds every mark's id into a digest, so its state tells the order of its inputs and
 * whether one was applied twice.
 *
 * <pre>
 * root ─ EVEN  Mark / fold → ODD
 *      └─ ODD   Mark / fold → EVEN
 * </pre>
 */
final class Marks {
    /** The entity type's name: its persistence ids are {@code mark|ENTITY}. */
    static final String TYPE = "mark";

    /**
     * A mark.
     *
     * @param request the id of the request that sent it, unique in a run
     */
    record Mark(long request) {}

    /** An entity's owner: the digest of the marks it took, in order, and how many. */
    static final class Tally {
        long digest;
        int count;

        void fold(long request) {
            digest = digest * 1_000_003L + request;
            count++;
        }
    }

    static final Chart<Tally> CHART = Chart.<Tally>builder("mark")
            .initial("EVEN")
            .state("EVEN", s -> s.on(Mark.class).action((Tally t, Mark m) -> t.fold(m.request())).target("ODD"))
            .state("ODD", s -> s.on(Mark.class).action((Tally t, Mark m) -> t.fold(m.request())).target("EVEN"))
            .build();

    /** A mark as its request id, 64 bits. */
    static final EventCodec EVENTS = new EventCodec() {
        @Override
        public void write(Object event, BitWriter out) {
            if (!(event instanceof Mark mark)) {
                throw new IllegalArgumentException("event " + event + " is not a Mark");
            }
            out.writeBits(mark.request(), 64);
        }

        @Override
        public Object read(BitReader in) throws SnapshotException {
            return new Mark(in.readBits(64));
        }
    };

    static final SnapshotCodec<Tally> SNAPSHOTS = SnapshotCodec.builder(CHART).ownerData(new OwnerData<Tally, long[]>() {
        @Override
        public void write(Tally tally, BitWriter out) {
            out.writeBits(tally.digest, 64).writeBits(tally.count, 32);
        }

        @Override
        public long[] read(BitReader in) throws SnapshotException {
            return new long[] {in.readBits(64), in.readBits(32)};
        }

        @Override
        public void apply(Tally tally, long[] value) {
            tally.digest = value[0];
            tally.count = (int) value[1];
        }
    }).build();

    /**
     * The entity type, journaled with a snapshot every {@code snapshotEvery} inputs and retention
     * on: the last two snapshots kept, the inputs before the older deleted (the lab's database
     * keeps a copy of every deleted row for the checker).
     *
     * @param snapshotEvery inputs between snapshots
     * @return the entity type
     */
    static EntitySpec<Tally> spec(int snapshotEvery) {
        return new EntitySpec<>(TYPE, CHART, id -> new Tally(), SNAPSHOTS, EVENTS,
                new Durability.InputsJournaled(snapshotEvery, 2), Duration.ofMinutes(10));
    }

    /** {@return a new entity's machine, started: the reference the checker feeds a journal} */
    static Machine<Tally> reference() {
        Machine<Tally> m = CHART.newMachine(new Tally());
        m.start();
        return m;
    }

    private Marks() {}
}
