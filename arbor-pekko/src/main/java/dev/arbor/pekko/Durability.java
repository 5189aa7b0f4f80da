package dev.arbor.pekko;

/** How an entity type's state survives its node. */
public sealed interface Durability {

    /**
     * Event sourcing: every input (event, tick batch) is journaled before it takes effect, and a
     * snapshot is written every {@code snapshotEvery} inputs. Recovery is the last snapshot plus
     * the journal after it, replayed with {@code Cause.REPLAY}: exactly the state that ran.
     *
     * @param snapshotEvery how many inputs between snapshots; at least 1
     */
    record InputsJournaled(int snapshotEvery) implements Durability {
        /**
         * Checks the snapshot interval.
         *
         * @param snapshotEvery how many inputs between snapshots
         * @throws IllegalArgumentException when {@code snapshotEvery} is less than 1
         */
        public InputsJournaled {
            if (snapshotEvery < 1) {
                throw new IllegalArgumentException("snapshotEvery must be at least 1, not " + snapshotEvery);
            }
        }
    }

    /**
     * The state alone (for NPCs ticked at a high rate, whose ticks are not worth a journal row
     * each): stored after every event, every {@code everyTicks} ticks and when the entity is
     * passivated. A node that dies loses at most the {@code everyTicks - 1} ticks its entities ran
     * since they were last stored; events are never lost once acknowledged.
     *
     * @param everyTicks how many ticks between stores (events and passivation store at once); at least 1
     */
    record SnapshotsOnly(int everyTicks) implements Durability {
        /**
         * Checks the store interval.
         *
         * @param everyTicks how many ticks between stores
         * @throws IllegalArgumentException when {@code everyTicks} is less than 1
         */
        public SnapshotsOnly {
            if (everyTicks < 1) {
                throw new IllegalArgumentException("everyTicks must be at least 1, not " + everyTicks);
            }
        }
    }
}
