package dev.arbor.pekko;

import java.util.Objects;

/**
 * Which Pekko persistence plugins keep an entity type's state: its own, so that the writes of
 * many entity types can be spread over several databases, or the node's configured defaults
 * ({@code pekko.persistence.journal.plugin}, {@code snapshot-store.plugin}, {@code state.plugin}).
 * An id is the path of a plugin's configuration, such as {@code "jdbc-journal-npcs"}; the empty
 * string stands for the configured default.
 *
 * @param journalPluginId           the journal of a type whose inputs are journaled
 *                                  ({@link Durability.InputsJournaled}); empty for the default
 * @param snapshotPluginId          the snapshot store of such a type; empty for the default
 * @param durableStateStorePluginId the durable state store of a type that keeps snapshots only
 *                                  ({@link Durability.SnapshotsOnly}); empty for the default
 */
public record Storage(String journalPluginId, String snapshotPluginId, String durableStateStorePluginId) {

    /** The node's configured default plugins, for every kind of storage. */
    public static final Storage CONFIGURED_DEFAULTS = new Storage("", "", "");

    /**
     * Checks the ids.
     *
     * @param journalPluginId           the journal's plugin id, or empty
     * @param snapshotPluginId          the snapshot store's plugin id, or empty
     * @param durableStateStorePluginId the durable state store's plugin id, or empty
     * @throws NullPointerException when an id is null (empty is the default)
     */
    public Storage {
        Objects.requireNonNull(journalPluginId, "journalPluginId (empty for the configured default)");
        Objects.requireNonNull(snapshotPluginId, "snapshotPluginId (empty for the configured default)");
        Objects.requireNonNull(durableStateStorePluginId, "durableStateStorePluginId (empty for the configured default)");
    }

    /**
     * The storage of a type whose inputs are journaled.
     *
     * @param journalPluginId  the journal's plugin id; empty for the configured default
     * @param snapshotPluginId the snapshot store's plugin id; empty for the configured default
     * @return the journal and snapshot store, the durable state store left to its default
     */
    public static Storage journaled(String journalPluginId, String snapshotPluginId) {
        return new Storage(journalPluginId, snapshotPluginId, "");
    }

    /**
     * The storage of a type that keeps snapshots only.
     *
     * @param durableStateStorePluginId the durable state store's plugin id; empty for the configured default
     * @return the durable state store, the journal and snapshot store left to their defaults
     */
    public static Storage durableState(String durableStateStorePluginId) {
        return new Storage("", "", durableStateStorePluginId);
    }
}
