/**
 * Arbor machines as entities of Apache Pekko Cluster Sharding, durable through Pekko Persistence:
 * an entity's inputs (events, tick batches) are journaled before their effects are acknowledged,
 * its snapshots are {@code arbor-net} snapshot bytes, and recovery replays the journal after the
 * last snapshot with the {@link dev.arbor.core.Cause#REPLAY} cause (docs/pekko.md, "Durability").
 */
package dev.arbor.pekko;
