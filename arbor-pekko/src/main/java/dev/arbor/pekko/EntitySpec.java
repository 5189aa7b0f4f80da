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
 * @param <C>           the owner type
 */
public record EntitySpec<C>(String name, Chart<C> chart, Function<String, C> ownerFor, SnapshotCodec<C> snapshots,
                            EventCodec events, Durability durability, Duration passivateAfter) {

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
    }
}
