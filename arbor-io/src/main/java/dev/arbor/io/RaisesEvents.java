package dev.arbor.io;

import java.util.List;

/**
 * A component that raises or sends events names them, so the loader can check them: a chart
 * file that raises an event no transition takes, or that takes an event spelt nearly as one it
 * raises, loads with a warning ({@link ChartLoader#loadChecked(String, String)}).
 *
 * <pre>{@code
 * record Raise(String event) implements MachineStateAction<Npc>, RaisesEvents {
 *     public void run(Machine<Npc> machine, Npc npc) { machine.raise(event); }
 *     public List<String> raisedEvents() { return List.of(event); }
 * }
 * }</pre>
 */
public interface RaisesEvents {

    /**
     * The names of the events this component, as the file configured it, raises on its own machine
     * or sends to machines of the same chart (not those it sends to other charts).
     *
     * @return the event names, possibly empty; never null
     */
    List<String> raisedEvents();
}
