package dev.arbor.bench.ab;

/**
 * A workload that feeds a fixed cycle of inputs, one after another, round and round.
 *
 * @param <I> the kind of input
 */
abstract class Cycle<I> implements TwoBuilds.Workload {
    private final I[] inputs;
    private int next;

    Cycle(I[] inputs) {
        this.inputs = inputs;
    }

    /** Gives one input to what is measured. */
    abstract void take(I input);

    @Override
    public final long applyAsLong(long count) {
        long start = System.nanoTime();
        I[] c = inputs;
        int i = next;
        for (long k = 0; k < count; k++) {
            take(c[i]);
            i = i + 1 == c.length ? 0 : i + 1;
        }
        next = i;
        return System.nanoTime() - start;
    }
}
