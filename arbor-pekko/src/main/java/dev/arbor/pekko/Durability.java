package dev.arbor.pekko;

/** How an entity type's state survives its node. */
public sealed interface Durability {

    /**
     * Event sourcing: every input (event, tick batch) is journaled before it takes effect, and a
     * snapshot is written every {@code snapshotEvery} inputs. Recovery is the newest snapshot the
     * codec accepts plus the journal after it, replayed with {@code Cause.REPLAY}: exactly the
     * state that ran.
     *
     * <p><b>Retention.</b> An entity's journal row {@code n} is its {@code n}-th input, and
     * snapshots fall on the multiples of {@code snapshotEvery} ({@code e}). With
     * {@code keepSnapshots = k} (at least 2) the entity runs under Pekko's
     * {@code RetentionCriteria.snapshotEvery(e, k - 1).withDeleteEventsOnSnapshot()}: once the
     * snapshot at input {@code S} is stored, Pekko deletes the inputs up to
     * {@code T = S - (k-1)·e} (when {@code T > 0}), and once they are deleted, the snapshots from
     * {@code T - 1 - (k-1)·e} to {@code T - 1}. What remains is the {@code k} snapshots at
     * {@code T, T + e, …, S} and every input after {@code T}: between {@code (k-1)·e} and
     * {@code k·e - 1} journal rows an entity. ({@code k} counts every snapshot kept; it is Pekko's
     * {@code keepNSnapshots} plus the newest.)
     *
     * <p><b>A refused snapshot.</b> A snapshot the codec refuses falls back to the next older one
     * and the inputs after it, and so on down to the journal's first input; at least two are kept
     * so that one refused snapshot always has one to fall back to. When every kept snapshot is
     * refused and the inputs before them were deleted, the entity does not start from an empty
     * machine: it answers every event with {@link EntityReply.Refused} and every query with a
     * failure, naming itself, its type and the inputs its journal ends at and gave.
     *
     * <p><b>A stale incarnation.</b> Deleted rows no longer fence: an incarnation of the entity
     * left running on a node that was paused or cut off could write an input number retention
     * freed, and have it acknowledged and never replayed. On PostgreSQL, install the
     * {@link JournalFence} on the journal table whenever inputs are deleted.
     *
     * <p>{@link #keepingEveryInput} keeps the whole journal (for entities whose full history is
     * wanted, or which a snapshot codec may refuse altogether, say after a chart changes): then the
     * last two snapshots are kept, and when the codec refuses both the entity replays its whole
     * journal.
     *
     * @param snapshotEvery how many inputs between snapshots; at least 1
     * @param keepSnapshots how many snapshots are kept, the inputs before the oldest of them deleted;
     *                      at least 2, or 0 for every input kept ({@link #keepingEveryInput})
     */
    record InputsJournaled(int snapshotEvery, int keepSnapshots) implements Durability {
        /** How many snapshots {@link #InputsJournaled(int)} keeps: the newest and one to fall back to. */
        public static final int DEFAULT_KEEP_SNAPSHOTS = 2;

        /**
         * Checks the snapshot interval and the snapshots kept.
         *
         * @param snapshotEvery how many inputs between snapshots
         * @param keepSnapshots how many snapshots are kept; 0 for every input kept
         * @throws IllegalArgumentException when {@code snapshotEvery} is less than 1, or
         *                                  {@code keepSnapshots} is neither 0 nor at least 2
         */
        public InputsJournaled {
            if (snapshotEvery < 1) {
                throw new IllegalArgumentException("snapshotEvery must be at least 1, not " + snapshotEvery);
            }
            if (keepSnapshots < 0 || keepSnapshots == 1) {
                throw new IllegalArgumentException("keepSnapshots is at least 2 (the newest snapshot and one to fall"
                        + " back to when the codec refuses it), or 0 for every input kept, not " + keepSnapshots);
            }
            if ((long) snapshotEvery * keepSnapshots > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("snapshotEvery × keepSnapshots (the inputs kept) must fit an int, not "
                        + snapshotEvery + " × " + keepSnapshots);
            }
        }

        /**
         * A snapshot every {@code snapshotEvery} inputs, the last {@value #DEFAULT_KEEP_SNAPSHOTS}
         * kept and the inputs before the older of them deleted: an entity's journal holds between
         * {@code snapshotEvery} and {@code 2·snapshotEvery - 1} rows.
         *
         * @param snapshotEvery how many inputs between snapshots; at least 1
         * @throws IllegalArgumentException when {@code snapshotEvery} is less than 1
         */
        public InputsJournaled(int snapshotEvery) {
            this(snapshotEvery, DEFAULT_KEEP_SNAPSHOTS);
        }

        /**
         * A snapshot every {@code snapshotEvery} inputs, the last two kept, and every input kept
         * for good: the journal grows by a row an input, and a snapshot the codec refuses can always
         * fall back to the journal's start.
         *
         * @param snapshotEvery how many inputs between snapshots; at least 1
         * @return the durability that deletes no input
         * @throws IllegalArgumentException when {@code snapshotEvery} is less than 1
         */
        public static InputsJournaled keepingEveryInput(int snapshotEvery) {
            return new InputsJournaled(snapshotEvery, 0);
        }

        /** {@return whether inputs before the oldest kept snapshot are deleted (false: every input is kept)} */
        public boolean deletesInputs() {
            return keepSnapshots != 0;
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
