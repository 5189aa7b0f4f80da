package dev.arbor.pekko;

import dev.arbor.core.Chart;
import dev.arbor.net.codec.EventCodec;
import dev.arbor.net.codec.SnapshotCodec;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * An entity type: machines of one chart, one an entity id.
 *
 * @param name          the entity type's name (its sharding type key and persistence id prefix)
 * @param chart         the chart every entity runs
 * @param ownerFor      makes the owner of a new entity from its id (owner data a snapshot carries
 *                      is restored onto it)
 * @param snapshots     the snapshot codec: the chart's configuration and the owner's data as bytes
 * @param events        how events become bytes in commands and in the journal
 * @param durability    how its state survives its node: inputs journaled, or snapshots only
 * @param passivateAfter an entity that gets no message for this long is stopped and its memory
 *                      freed; the next message brings it back from storage
 * @param tickEvery     the game tick's period: each node's tick driver runs its live entities'
 *                      {@code update()} this often; {@link Duration#ZERO} when the entities are not
 *                      ticked (they run on events alone)
 * @param storage       which persistence plugins keep its state: its own (a database of its own),
 *                      or {@link Storage#CONFIGURED_DEFAULTS}
 * @param <C>           the owner type
 */
public record EntitySpec<C>(String name, Chart<C> chart, Function<String, C> ownerFor, SnapshotCodec<C> snapshots,
                            EventCodec events, Durability durability, Duration passivateAfter, Duration tickEvery,
                            Storage storage) {

    /**
     * An entity type whose entities are not ticked: they run on events alone.
     *
     * @param name           the entity type's name (its sharding type key and persistence id prefix)
     * @param chart          the chart every entity runs
     * @param ownerFor       makes the owner of a new entity from its id
     * @param snapshots      the snapshot codec, for {@code chart}
     * @param events         how events become bytes
     * @param durability     how its state survives its node
     * @param passivateAfter how long an entity may go without a message before it is stopped
     */
    public EntitySpec(String name, Chart<C> chart, Function<String, C> ownerFor, SnapshotCodec<C> snapshots,
                      EventCodec events, Durability durability, Duration passivateAfter) {
        this(name, chart, ownerFor, snapshots, events, durability, passivateAfter, Duration.ZERO);
    }

    /**
     * An entity type kept by the node's configured persistence plugins.
     *
     * @param name           the entity type's name (its sharding type key and persistence id prefix)
     * @param chart          the chart every entity runs
     * @param ownerFor       makes the owner of a new entity from its id
     * @param snapshots      the snapshot codec, for {@code chart}
     * @param events         how events become bytes
     * @param durability     how its state survives its node
     * @param passivateAfter how long an entity may go without a message before it is stopped
     * @param tickEvery      the tick period; zero for not ticked
     */
    public EntitySpec(String name, Chart<C> chart, Function<String, C> ownerFor, SnapshotCodec<C> snapshots,
                      EventCodec events, Durability durability, Duration passivateAfter, Duration tickEvery) {
        this(name, chart, ownerFor, snapshots, events, durability, passivateAfter, tickEvery,
                Storage.CONFIGURED_DEFAULTS);
    }

    /**
     * Checks the entity type.
     *
     * @param name           the entity type's name: letters, digits, '-' and '_'
     * @param chart          the chart every entity runs
     * @param ownerFor       makes the owner of a new entity from its id
     * @param snapshots      the snapshot codec, for {@code chart}
     * @param events         how events become bytes
     * @param durability     how its state survives its node
     * @param passivateAfter how long an entity may go without a message before it is stopped; positive
     * @param tickEvery      the tick period, at least a millisecond; zero for not ticked
     * @param storage        the persistence plugins; only those of its durability may be set
     * @throws IllegalArgumentException when the name has other characters, the snapshot codec is for
     *                                  another chart, a duration is out of range, or a plugin id is
     *                                  set that its durability never uses
     */
    public EntitySpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(chart, "chart");
        Objects.requireNonNull(ownerFor, "ownerFor");
        Objects.requireNonNull(snapshots, "snapshots");
        Objects.requireNonNull(events, "events");
        if (!name.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("an entity type's name is letters, digits, '-' and '_', not '" + name + "'");
        }
        if (snapshots.chart() != chart) {
            throw new IllegalArgumentException("entity type '" + name + "': the snapshot codec is for chart '"
                    + snapshots.chart().name() + "', not '" + chart.name() + "'");
        }
        Objects.requireNonNull(passivateAfter, "passivateAfter");
        if (passivateAfter.isNegative() || passivateAfter.isZero()) {
            throw new IllegalArgumentException("entity type '" + name + "': passivateAfter must be positive, not "
                    + passivateAfter);
        }
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(tickEvery, "tickEvery");
        if (tickEvery.isNegative() || (!tickEvery.isZero() && tickEvery.toMillis() < 1)) {
            throw new IllegalArgumentException("entity type '" + name + "': tickEvery is at least a millisecond"
                    + " (or zero: not ticked), not " + tickEvery);
        }
        Objects.requireNonNull(storage, "storage");
        // a plugin id the entities never use is a mistake in the configuration: say so now, not never
        if (durability instanceof Durability.InputsJournaled && !storage.durableStateStorePluginId().isEmpty()) {
            throw new IllegalArgumentException("entity type '" + name + "' journals its inputs: it uses no durable"
                    + " state store, not '" + storage.durableStateStorePluginId() + "'");
        }
        if (durability instanceof Durability.SnapshotsOnly
                && !(storage.journalPluginId().isEmpty() && storage.snapshotPluginId().isEmpty())) {
            throw new IllegalArgumentException("entity type '" + name + "' keeps snapshots only, as durable state: it"
                    + " uses no journal or snapshot store, not '" + storage.journalPluginId() + "' and '"
                    + storage.snapshotPluginId() + "'");
        }
    }

    /**
     * The same entity type, its entities ticked every {@code every} by their node's tick driver.
     *
     * @param every the tick period; positive, at least a millisecond
     * @return a copy of this entity type, ticked
     * @throws IllegalArgumentException when {@code every} is not positive or is under a millisecond
     */
    public EntitySpec<C> ticked(Duration every) {
        Objects.requireNonNull(every, "every");
        if (every.isZero()) {
            throw new IllegalArgumentException("entity type '" + name + "': a tick period must be positive, not " + every);
        }
        return new EntitySpec<>(name, chart, ownerFor, snapshots, events, durability, passivateAfter, every, storage);
    }

    /**
     * The same entity type under another name (another sharding type key and persistence ids).
     *
     * @param otherName the new name: letters, digits, '-' and '_'
     * @return a copy of this entity type under that name
     */
    public EntitySpec<C> withName(String otherName) {
        return new EntitySpec<>(otherName, chart, ownerFor, snapshots, events, durability, passivateAfter, tickEvery,
                storage);
    }

    /**
     * The same entity type kept by persistence plugins of its own, for instance a journal and
     * snapshot store in a database of their own ({@link Storage#journaled}), so that the writes of
     * many entity types are spread over several databases.
     *
     * @param plugins the plugin ids; those of its durability only
     * @return a copy of this entity type, kept by these plugins
     * @throws IllegalArgumentException when a plugin id is set that its durability never uses
     */
    public EntitySpec<C> withStorage(Storage plugins) {
        return new EntitySpec<>(name, chart, ownerFor, snapshots, events, durability, passivateAfter, tickEvery,
                plugins);
    }

    /** {@return whether a tick driver ticks the entities} */
    public boolean isTicked() {
        return !tickEvery.isZero();
    }
}
