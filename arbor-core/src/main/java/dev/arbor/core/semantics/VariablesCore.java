package dev.arbor.core.semantics;

import dev.arbor.core.Variable;

/**
 * What a machine's {@code Variables} hold, as the semantics reads and writes them for snapshots and
 * hot reload: the declarations, the raw values and the seeded generator's state. The public face,
 * {@code dev.arbor.core.Variables}, extends it and reads and writes them by name and id.
 */
public abstract class VariablesCore {
    /** The declarations, in declaration order; a variable's id is its index. */
    protected Variable[] defs;
    /** The raw values, by id. */
    protected int[] values;
    /** The seeded generator's state. */
    protected long random;

    /** For the public face only: every variable at its initial value. */
    protected VariablesCore(Variable[] defs, long seed) {
        this.defs = defs;
        this.values = new int[defs.length];
        for (int i = 0; i < defs.length; i++) {
            values[i] = defs[i].initial();
        }
        this.random = seed;
    }

    /**
     * A value a restore changed: the public face tells the listeners.
     *
     * @param id    the variable's id
     * @param value its raw value now
     */
    protected abstract void restored(int id, int value);

    /** Puts back values (checked by the caller) and the generator's state, telling listeners of each change. */
    protected final void restore(int[] raw, long randomState) {
        for (int i = 0; i < defs.length; i++) {
            if (values[i] != raw[i]) {
                values[i] = raw[i];
                restored(i, raw[i]);
            }
        }
        random = randomState;
    }

    /** The values as they are now, for a snapshot. */
    protected final void copyInto(int[] into) {
        System.arraycopy(values, 0, into, 0, values.length);
    }

    /** Moves onto another chart's declarations (hot reload) with the values the move worked out. */
    protected final void moveTo(Variable[] to, int[] raw) {
        defs = to;
        values = raw;
    }

    /** The declarations the values are of. */
    protected final Variable[] definitions() {
        return defs;
    }
}
