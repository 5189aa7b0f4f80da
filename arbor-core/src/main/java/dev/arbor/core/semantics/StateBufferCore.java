package dev.arbor.core.semantics;

import dev.arbor.core.MachineState;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.Variables;
import dev.arbor.core.model.CompiledChart;

/**
 * What a {@link MachineStateBuffer} holds, as the semantics reads and writes it: the buffer's public
 * face extends it, and {@link Snapshots} and {@link StateCheck} read these fields directly, so that
 * a snapshot copies words of bits and allocates nothing.
 */
public abstract class StateBufferCore {

    protected CompiledChart compiled;
    protected MachineStateBuffer.StateSet active;
    protected boolean halted;
    /** By state id: what a history state recorded; null for every other state. */
    protected MachineStateBuffer.StateSet[] history;
    /** The history states' ids, in document order. */
    protected int[] historyStates;
    protected MachineStateBuffer.StateSet previous;
    protected MachineStateBuffer.StateSet[] pushed = new MachineStateBuffer.StateSet[0];
    protected int pushedCount;
    protected int[] planContainer = new int[0];
    protected int[] planStep = new int[0];
    /** By plan entry: the configuration a {@code resumeAfter} saved, empty for a step. */
    protected MachineStateBuffer.StateSet[] planConfiguration = new MachineStateBuffer.StateSet[0];
    protected int planCount;
    /** By state id: the ticks it has been active for; see {@link MachineState#clocks()}. */
    protected long[] clocks;
    /** Whether a clock may be other than 0 (so that a buffer without clocks is cleared and checked without reading them). */
    protected boolean anyClock;
    /** Bits by state id: behaviours that reported finished. */
    protected long[] finished;
    /** Bits by transition id: timers that fired and left their source active. */
    protected long[] firedTimers;
    protected Object[] deferred = new Object[0];
    protected int deferredCount;
    /** The designer variables' raw values, by variable id. */
    protected int[] variables;
    /** The seeded generator's state. */
    protected long random = Variables.DEFAULT_SEED;
    /** Bits by state id, for {@code StateCheck}'s own use while it checks this buffer. */
    protected long[] checkScratch;

    /** For the public face only. */
    protected StateBufferCore() {
    }

    /**
     * Fills this buffer from a state whose ids {@code StateCheck.formProblem} found in range and in
     * order; what it holds beyond that is for {@code restore} to judge.
     *
     * @param state the state to hold
     */
    protected abstract void load(MachineState state);
}
