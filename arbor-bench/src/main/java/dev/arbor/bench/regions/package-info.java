/**
 * Workload 6: seed 001's player as three orthogonal regions (movement, action, status), in Arbor
 * and as a hand-written switch over three ints, checked equal before they are timed.
 */
package dev.arbor.bench.regions;
