package dev.arbor.demo;

import dev.arbor.core.Machine;
import dev.arbor.core.dispatch.Dispatcher;

/**
 * Where a demo runs: told of the machines and dispatcher worth watching, and called once per tick
 * before the tick runs. A plain run ({@link #NONE}) ignores both; {@code arbor demo NAME --inspect}
 * attaches them to the inspector, passes each tick through its gate and paces the ticks in real time.
 */
public interface Stage {
    /** Runs as fast as it can, watched by nobody. */
    Stage NONE = new Stage() {};

    /** A machine the demo made, under a name. Called before its first step. */
    default void show(String name, Machine<?> machine) {}

    /** The demo's dispatcher, after its agents are registered. */
    default void show(Dispatcher dispatcher) {}

    /** Tick {@code tick} is about to run (for an event-driven demo: the next event). */
    default void tick(long tick) {}
}
