/**
 * {@code ./arbor demo cluster}: three nodes in one process, a hundred thousand guards, a node
 * stopped; with the guards, their ledger and the loopback nodes that arbor-pekko's tests and
 * arbor-bench's {@code ShardedEntityBenchmark} share. Test sources, so that a user of arbor-pekko
 * inherits neither them nor the H2 database they journal to.
 */
package dev.arbor.pekko.demo;
