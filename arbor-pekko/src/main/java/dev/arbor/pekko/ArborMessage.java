package dev.arbor.pekko;

/**
 * What this module sends between nodes and writes to the journal: every one is serialized by
 * {@link ArborSerializer}, never by Java serialization.
 */
public sealed interface ArborMessage permits EntityCommand, EntityReply, Input, SnapshotBytes {}
