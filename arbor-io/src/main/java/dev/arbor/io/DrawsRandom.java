package dev.arbor.io;

/**
 * A component that draws from the machine's seeded generator ({@code machine.variables().nextInt}),
 * such as the built-in {@code Random} and {@code Chance}: a chart file that uses one is built with
 * {@code ChartBuilder.drawsRandom()}, so that the snapshot codec writes the generator's state and
 * rollback and replay draw the same numbers again.
 */
public interface DrawsRandom {
}
