package dev.arbor.io;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Objects;

/**
 * A property of a component that names a state of the chart the component is loaded into, such
 * as the state a {@code goTo}-style action moves to. The loader checks every one against the
 * chart's states when the file loads, and reports a misspelt name at its line and column with the
 * states there are, instead of a failed move in the middle of a game.
 *
 * <pre>{@code
 * record GoTo(StateRef state) implements MachineStateAction<Npc> {
 *     public void run(Machine<Npc> m, Npc npc) { m.goTo(state.key()); }
 * }
 * // in a chart file: {"use": "GoTo", "state": "flee"}
 * }</pre>
 *
 * <p>A state reference is a component's own property (a record component, public field or setter
 * taking it); references nested deeper in a property's value are not checked.
 */
public final class StateRef {
    private final String name;

    private StateRef(String name) {
        this.name = name;
    }

    /**
     * A reference to the state with this name, as a file gives it.
     *
     * @param name the state's name; the loader checks it against the chart's states
     * @return the reference
     * @throws IllegalArgumentException if the name is blank
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static StateRef of(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a state's name must not be blank");
        }
        return new StateRef(name);
    }

    /**
     * The state's name.
     *
     * @return the name as the file gave it
     */
    public String name() {
        return name;
    }

    /**
     * The state's key in a chart loaded from a file (where keys are names): what {@code goTo} and {@code isIn} take.
     *
     * @return the key, the state's name
     */
    public Object key() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StateRef r && r.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
