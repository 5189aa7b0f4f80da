/**
 * Two builds measured in one JVM, in alternating rounds ({@link dev.arbor.bench.ab.TwoBuilds}):
 * the check behind the before-and-after figures of a few percent in {@code docs/benchmarks.md},
 * beside JMH's.
 */
package dev.arbor.bench.ab;
