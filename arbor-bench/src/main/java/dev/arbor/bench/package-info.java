/**
 * Arbor's JMH benchmarks: each workload runs Arbor side by side with peer libraries and a
 * hand-written switch, scored in nanoseconds and bytes; {@code docs/benchmarks.md} has the
 * results. Not published.
 */
package dev.arbor.bench;
