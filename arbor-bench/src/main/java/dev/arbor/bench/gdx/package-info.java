/**
 * The gdx-ai bridge's workload: a miner whose enum states are written for gdx-ai, run on gdx-ai's
 * own {@code DefaultStateMachine} and {@code StackStateMachine} and on the bridge's
 * {@code ArborStateMachine} and {@code ArborStackStateMachine}, made by {@link dev.arbor.bench.gdx.MinerMachine}.
 */
package dev.arbor.bench.gdx;
