package dev.arbor.net.codec;

import dev.arbor.core.Chart;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.Variable;
import dev.arbor.core.Variables;

/**
 * The last part of a snapshot's machine state: the designer variables, each in the fewest bits its
 * declared range needs (a bool 1 bit, an int from 0 to 999 10 bits, an enum of 3 names 2 bits), then,
 * for a chart whose machines draw from their seeded generator ({@link Chart#drawsRandom()}), 1 bit
 * "moved from its seed" and, if so, the generator's 64 bits. A chart with neither takes no bits.
 */
final class VariableLayout {
    private final Variable[] variables;
    private final boolean random;

    VariableLayout(Chart<?> chart) {
        variables = chart.variables().toArray(Variable[]::new);
        random = chart.drawsRandom();
    }

    /** {@return the most bits this part takes} */
    long maxBits() {
        long bits = random ? 65 : 0;
        for (Variable v : variables) {
            bits += v.bits();
        }
        return bits;
    }

    void write(MachineStateBuffer state, BitWriter out) {
        for (int i = 0; i < variables.length; i++) {
            Variable v = variables[i];
            int raw = state.variable(i);
            if (!v.holds(raw)) {
                throw new IllegalStateException("cannot encode variable '" + v.name() + "': " + raw
                        + " is out of its range (" + v.describe() + ")");
            }
            out.writeBounded((long) raw - v.min(), (long) v.max() - v.min() + 1);
        }
        if (random) {
            boolean moved = state.random() != Variables.DEFAULT_SEED;
            out.writeBoolean(moved);
            if (moved) {
                out.writeBits(state.random(), 64);
            }
        }
    }

    /** Reads this part; every value read lies in its variable's range by construction. */
    void read(BitReader in, MachineStateBuffer into, SnapshotCodec.Workspace<?> at) throws SnapshotException {
        for (int i = 0; i < variables.length; i++) {
            Variable v = variables[i];
            at.reading("variable '" + v.name() + "'", -1, in);
            into.setVariable(i, (int) (v.min() + in.readBounded((long) v.max() - v.min() + 1)));
        }
        if (random) {
            at.reading("random generator", -1, in);
            into.setRandom(in.readBoolean() ? in.readBits(64) : Variables.DEFAULT_SEED);
        }
    }
}
