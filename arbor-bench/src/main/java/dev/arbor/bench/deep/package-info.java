/**
 * Workload 2's deep chart (depth 8, fan-out 4, cross-level transitions, a history state), built
 * from one model in Arbor, in the peers and by hand.
 */
package dev.arbor.bench.deep;
