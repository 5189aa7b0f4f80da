/**
 * Workload 3's idle agents: the small polled chart each of a million agents runs, its owner, and
 * the same tick written by hand as the floor.
 */
package dev.arbor.bench.agents;
