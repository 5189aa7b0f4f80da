package dev.arbor.core;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.semantics.VariablesCore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One machine's designer variables ({@link Variable}) and its seeded random generator: read and
 * written by name from Java, by id from components (resolve the id once, when the chart loads,
 * with {@link Chart#variableId}). Part of the machine's whole state: {@link Machine#snapshot()}
 * holds the values and the generator's state, so that restore, rollback and replay reproduce
 * every draw exactly.
 *
 * <pre>{@code
 * Variables v = shopkeeper.variables();
 * v.setInt("gold", 40);
 * if (v.getBool("alert")) ...
 * }</pre>
 *
 * <p>A value out of the variable's range is refused with an {@link IllegalArgumentException} that
 * names the variable and its range; the variable keeps its last valid value. Every change is told
 * to the machine's listeners ({@link MachineListener#onVariable}). Confined to the machine's thread.
 */
@SuppressWarnings("exports") // its engine-side superclass is not API: it adds no public member
public final class Variables extends VariablesCore {
    /** The generator's state when a machine is made, until {@link #seed} sets another. */
    public static final long DEFAULT_SEED = 0x5EED_A7B0_2026L;
    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    private final Machine<?> machine;

    Variables(Machine<?> machine, CompiledChart chart) {
        super(chart.variables, DEFAULT_SEED);
        this.machine = machine;
    }

    @Override
    protected void restored(int id, int value) {
        machine.variableChanged(id, value);
    }

    // ---------------------------------------------------------------- by name

    /** {@return the variables' names, in declaration order} */
    public List<String> names() {
        List<String> out = new ArrayList<>(defs.length);
        for (Variable d : defs) {
            out.add(d.name());
        }
        return out;
    }

    /**
     * The id of the variable with this name (its index in {@link Chart#variables()}).
     *
     * @param name the variable's name
     * @return its id
     * @throws IllegalArgumentException when the chart declares no such variable, listing those it declares
     */
    public int id(String name) {
        return machine.chart().variableId(name);
    }

    /**
     * The value of a variable: a Boolean for a bool or trigger, an Integer for an int, the name
     * (a String) for an enum.
     *
     * @param name the variable's name
     * @return its value
     * @throws IllegalArgumentException when there is no such variable
     */
    public Object get(String name) {
        int id = id(name);
        return defs[id].object(values[id]);
    }

    /**
     * A bool or trigger's value.
     *
     * @param name the variable's name
     * @return its value
     * @throws IllegalArgumentException when there is no such variable, or it is not a bool or trigger
     */
    public boolean getBool(String name) {
        return values[typed(name, Variable.Type.BOOL, Variable.Type.TRIGGER)] != 0;
    }

    /**
     * An int's value.
     *
     * @param name the variable's name
     * @return its value
     * @throws IllegalArgumentException when there is no such variable, or it is not an int
     */
    public int getInt(String name) {
        return values[typed(name, Variable.Type.INT, Variable.Type.INT)];
    }

    /**
     * An enum's value.
     *
     * @param name the variable's name
     * @return the name it holds
     * @throws IllegalArgumentException when there is no such variable, or it is not an enum
     */
    public String getEnum(String name) {
        int id = typed(name, Variable.Type.ENUM, Variable.Type.ENUM);
        return defs[id].values().get(values[id]);
    }

    /**
     * Sets a variable from a Java value (a Boolean, a whole Number, an enum's name) or from its
     * text (true/false, a number, a name), as a scenario or a console gives it.
     *
     * @param name  the variable's name
     * @param value its new value
     * @throws IllegalArgumentException when there is no such variable or the value is of another type
     *                                  or out of range; the variable keeps its value
     */
    public void set(String name, Object value) {
        int id = id(name);
        setValue(id, defs[id].raw(value));
    }

    /**
     * Sets a bool or trigger.
     *
     * @param name  the variable's name
     * @param value its new value
     * @throws IllegalArgumentException when there is no such variable, or it is not a bool or trigger
     */
    public void setBool(String name, boolean value) {
        setValue(typed(name, Variable.Type.BOOL, Variable.Type.TRIGGER), value ? 1 : 0);
    }

    /**
     * Sets an int.
     *
     * @param name  the variable's name
     * @param value its new value, in the variable's range
     * @throws IllegalArgumentException when there is no such variable, it is not an int, or the value is out of range
     */
    public void setInt(String name, int value) {
        setValue(typed(name, Variable.Type.INT, Variable.Type.INT), value);
    }

    /**
     * Sets an enum.
     *
     * @param name  the variable's name
     * @param value one of its names
     * @throws IllegalArgumentException when there is no such variable, it is not an enum, or the name is not one of its values
     */
    public void setEnum(String name, String value) {
        int id = typed(name, Variable.Type.ENUM, Variable.Type.ENUM);
        setValue(id, defs[id].raw(value));
    }

    /** {@return every variable as name=value, in declaration order, such as {@code gold=20, alert=false}} */
    public String describe() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < defs.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(defs[i].name()).append('=').append(defs[i].show(values[i]));
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return describe();
    }

    // ---------------------------------------------------------------- by id (components)

    /** {@return how many variables the chart declares} */
    public int count() {
        return defs.length;
    }

    /**
     * A variable's declaration.
     *
     * @param id its id
     * @return what the chart declares
     */
    public Variable definition(int id) {
        return defs[id];
    }

    /**
     * A variable's raw value (0 or 1 for a bool or trigger, the number for an int, the index of
     * the name for an enum).
     *
     * @param id its id
     * @return its raw value
     */
    public int value(int id) {
        return values[id];
    }

    /**
     * Sets a variable's raw value; the listeners hear of a change.
     *
     * @param id  its id
     * @param raw its new raw value, in range
     * @throws IllegalArgumentException when the value is out of range; the variable keeps its value
     */
    public void setValue(int id, int raw) {
        Variable d = defs[id];
        if (!d.holds(raw)) {
            throw new IllegalArgumentException("variable '" + d.name() + "' is " + d.describe() + "; "
                    + (d.type() == Variable.Type.INT ? String.valueOf(raw) : "#" + raw) + " is out of range");
        }
        write(id, raw);
    }

    /** Writes a value known to be in range; the listeners hear of a change. */
    private void write(int id, int raw) {
        if (values[id] != raw) {
            values[id] = raw;
            machine.variableChanged(id, raw);
        }
    }

    /**
     * Adds {@code amount} to an int, clamped to its range.
     *
     * @param id     the int's id
     * @param amount what to add (negative to take away)
     * @return how much was not added because the range ended (0 when all of it was)
     */
    public long add(int id, int amount) {
        Variable d = defs[id];
        long wanted = (long) values[id] + amount;
        long clamped = Math.max(d.min(), Math.min(d.max(), wanted));
        write(id, (int) clamped);
        return wanted - clamped;
    }

    // ---------------------------------------------------------------- the seeded generator

    /**
     * Draws a whole number from 0 (inclusive) to {@code bound} (exclusive) from the machine's own
     * generator (SplitMix64), whose state is part of the machine's: a restored machine draws the
     * same numbers again.
     *
     * @param bound the number of values, at least 1
     * @return the number drawn
     * @throws IllegalArgumentException when {@code bound} is below 1
     */
    public int nextInt(int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("a draw needs at least one value, not " + bound);
        }
        random += GOLDEN;
        long z = random;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        z ^= z >>> 31;
        return (int) Math.floorMod(z, (long) bound); // bounds are small: the bias is below 2^-32
    }

    /**
     * Seeds the generator, such as with an NPC's id so that NPCs of one chart differ.
     *
     * @param seed the generator's new state
     */
    public void seed(long seed) {
        random = seed;
    }

    /** {@return the generator's state, as a snapshot holds it} */
    public long randomState() {
        return random;
    }

    private int typed(String name, Variable.Type a, Variable.Type b) {
        int id = id(name);
        Variable.Type t = defs[id].type();
        if (t != a && t != b) {
            throw new IllegalArgumentException("variable '" + name + "' is " + defs[id].describe() + ", not "
                    + (a == b ? "an " + a.word() : "a " + a.word() + " or " + b.word()));
        }
        return id;
    }

    static void checkRaw(Variable[] defs, int[] raw) {
        Objects.requireNonNull(raw, "variables");
        if (raw.length != defs.length) {
            throw new IllegalArgumentException("the chart declares " + defs.length + " variables, not " + raw.length);
        }
        for (int i = 0; i < defs.length; i++) {
            if (!defs[i].holds(raw[i])) {
                throw new IllegalArgumentException("variable '" + defs[i].name() + "' is " + defs[i].describe() + "; "
                        + raw[i] + " is out of range");
            }
        }
    }
}
