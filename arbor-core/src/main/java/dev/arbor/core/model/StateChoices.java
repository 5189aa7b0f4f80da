package dev.arbor.core.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A chart's states as a message about a key the chart does not have offers them: the key of the
 * declared state of the same name (a key of another type, such as a constant of another enum, or
 * a name where the keys are constants), else the nearest declared name ({@link NearestName}), then
 * the states themselves. Made once for a chart's messages; its suggestions have a budget, as a
 * loaded file may name thousands of states that do not exist.
 */
public final class StateChoices {
    /** Name comparisons the suggestions of one chart may make: enough for any hand-made chart, a fraction of a second. */
    static final long BUDGET = 1_000_000;

    private final List<Object> keys;
    private final List<String> names;
    private final Map<String, Integer> byName = new HashMap<>();
    private final String listed;
    private long budget = BUDGET;

    /**
     * The states of a chart, the root left out.
     *
     * @param keys  their keys, in document order
     * @param names their names, in the same order
     */
    public StateChoices(List<Object> keys, List<String> names) {
        this.keys = keys;
        this.names = names;
        for (int i = names.size() - 1; i >= 0; i--) {
            byName.put(names.get(i), i);
        }
        String list = names.size() <= 30 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 30)) + ", ... (" + names.size() + " in all)";
        this.listed = names.isEmpty() ? " The chart declares no state." : " The chart's states: " + list;
    }

    /**
     * The choices of the states a builder declared.
     *
     * @param states the declared states in document order, the root left out
     * @return their choices
     */
    public static StateChoices of(Iterable<StateDef> states) {
        List<Object> keys = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (StateDef d : states) {
            keys.add(d.key);
            names.add(d.name);
        }
        return new StateChoices(keys, names);
    }

    /**
     * What a message about {@code key} goes on with, from the punctuation that ends its first
     * part: {@code "; did you mean 'COMBAT'? The chart's states: PATROL, COMBAT"},
     * {@code "; its state 'COMBAT' has the key St.COMBAT, not \"COMBAT\". The chart's states: ..."},
     * or {@code ". The chart's states: ..."} when no name is near (or the budget is spent).
     *
     * @param key the key that names no state
     * @return the rest of the message
     */
    public String after(Object key) {
        String name = key instanceof Enum<?> e ? e.name() : String.valueOf(key);
        Integer same = byName.get(name);
        if (same != null) {
            return "; its state '" + name + "' has the key " + NearestName.keyText(keys.get(same)) + ", not "
                    + NearestName.keyText(key) + "." + listed;
        }
        String near = null;
        if (budget >= names.size()) {
            budget -= names.size();
            near = NearestName.among(name, names);
        }
        return (near == null ? "." : "; did you mean '" + near + "'?") + listed;
    }
}
