package dev.arbor.io;

import dev.arbor.core.Chart;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The source map of a chart loaded from a file: where each of its states and declared transitions
 * stands in the file, by the chart's own ids, so that a tool can report a finding about the chart
 * at {@code FILE:LINE:COL} as the loader reports its problems.
 *
 * <p>A state stands where the file writes its name (the key in its parent's {@code "states"}); the
 * root stands where the file's top-level object begins. A transition stands where its object in a
 * {@code "transitions"} list begins (for every trigger: an event, {@code after}, {@code always},
 * {@code when}, ...), or, for the completion transition a state's {@code "then"} declares, at that
 * {@code "then"} key. Transitions the engine makes rather than the file (the placeholders of a
 * handler's decisions, of programmatic moves and of a plan's steps) have no position.
 *
 * <pre>{@code
 * ChartLoader.Checked<Npc> checked = loader.loadChecked(Path.of("charts/guard.json"));
 * ChartPositions at = checked.positions();
 * System.out.println(at.where(checked.chart().stateId("flee")) + ": nothing leaves this state");
 * }</pre>
 *
 * <p>A map is immutable. A chart that does not come from a file has {@link #none(String) none}:
 * every lookup is empty.
 */
public final class ChartPositions {
    private final String file;
    /** By state id; null where the place is not known. */
    private final Position[] states;
    /** By transition id; null for the transitions the engine makes. */
    private final Position[] transitions;

    private ChartPositions(String file, Position[] states, Position[] transitions) {
        this.file = Objects.requireNonNull(file, "file");
        this.states = states;
        this.transitions = transitions;
    }

    /**
     * The map of a chart that does not come from a file (one built in Java): every lookup is empty.
     *
     * @param file the name findings are reported under, such as the chart's name
     * @return a map without positions
     */
    public static ChartPositions none(String file) {
        return new ChartPositions(file, new Position[0], new Position[0]);
    }

    /**
     * The map of a chart the loader compiled, from what its reader recorded.
     *
     * <p>The compiler numbers a chart's declared transitions by source state in document order,
     * then in the order they were handed to the builder; the reader records them in that order per
     * source state. That correspondence is checked, not assumed: where a state's count of declared
     * transitions differs from the count the reader recorded, its transitions stand at the state.
     *
     * @param file        the name the chart was loaded under
     * @param chart       the compiled chart
     * @param root        where the file's top-level object begins
     * @param declared    where each state's name stands, by name (a name declared twice: the first)
     * @param transitions where each transition handed to the builder stands, by its source state's
     *                    name (the root's: {@link Chart#stateName} of 0), in the order handed
     */
    static ChartPositions of(String file, Chart<?> chart, Pos root, Map<String, List<Pos>> declared,
                             Map<String, List<Pos>> transitions) {
        Position[] stateAt = new Position[chart.stateCount()];
        stateAt[0] = position(root);
        for (int s = 1; s < stateAt.length; s++) {
            List<Pos> at = declared.get(chart.stateName(s));
            stateAt[s] = at == null || at.isEmpty() ? null : position(at.get(0));
        }
        List<List<Integer>> bySource = new ArrayList<>();
        for (int s = 0; s < stateAt.length; s++) {
            bySource.add(new ArrayList<>());
        }
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (chart.transitionInfo(t).mode().declared()) {
                bySource.get(chart.transitionSource(t)).add(t);
            }
        }
        Position[] transitionAt = new Position[chart.transitionCount()];
        for (int s = 0; s < stateAt.length; s++) {
            List<Integer> ids = bySource.get(s);
            List<Pos> recorded = transitions.getOrDefault(chart.stateName(s), List.of());
            boolean matched = recorded.size() == ids.size();
            for (int k = 0; k < ids.size(); k++) {
                // When the counts differ, the builder made transitions the reader did not record (or
                // the other way round), and which is which cannot be told: each stands at its state.
                transitionAt[ids.get(k)] = matched ? position(recorded.get(k)) : stateAt[s];
            }
        }
        return new ChartPositions(file, stateAt, transitionAt);
    }

    private static Position position(Pos p) {
        return new Position(p.line(), p.column());
    }

    /**
     * The name the chart was loaded under, as the loader's problems print it.
     *
     * @return the file's name, as given to the loader (for {@link #none(String)}: the name given there)
     */
    public String file() {
        return file;
    }

    /**
     * Where a state stands: its name, as the key in its parent's {@code "states"}; for the root
     * (id 0), the file's top-level object.
     *
     * @param stateId the state's id ({@link Chart#stateId})
     * @return its position; empty for a chart not from a file, and for an id the chart does not have
     */
    public Optional<Position> state(int stateId) {
        return at(states, stateId);
    }

    /**
     * Where a transition is declared: its object in a {@code "transitions"} list, or the
     * {@code "then"} key of the state whose completion it follows.
     *
     * @param transitionId the transition's id ({@link Chart#transitionInfo}, {@link Chart#transitionSource})
     * @return its position; empty for the transitions the engine makes (handler, move and plan
     *         placeholders), for a chart not from a file, and for an id the chart does not have
     */
    public Optional<Position> transition(int transitionId) {
        return at(transitions, transitionId);
    }

    /**
     * A place in the file as findings are printed.
     *
     * @param at the place
     * @return {@code FILE:LINE:COL}
     */
    public String where(Position at) {
        return file + ":" + at;
    }

    /**
     * Where a state stands, as findings are printed.
     *
     * @param stateId the state's id
     * @return {@code FILE:LINE:COL}, or only {@code FILE} when the position is not known
     */
    public String where(int stateId) {
        return state(stateId).map(this::where).orElse(file);
    }

    /**
     * Where a transition is declared, as findings are printed.
     *
     * @param transitionId the transition's id
     * @return {@code FILE:LINE:COL}, or only {@code FILE} when the position is not known
     */
    public String whereTransition(int transitionId) {
        return transition(transitionId).map(this::where).orElse(file);
    }

    private static Optional<Position> at(Position[] positions, int id) {
        return id >= 0 && id < positions.length ? Optional.ofNullable(positions[id]) : Optional.empty();
    }

    @Override
    public String toString() {
        return "ChartPositions[" + file + ", " + states.length + " states, " + transitions.length + " transitions]";
    }

    /**
     * A place in a chart file: a line and a column, both counted from 1, as the loader's problems
     * give them.
     *
     * @param line   the line, from 1
     * @param column the column, from 1
     */
    public record Position(int line, int column) {
        /**
         * Checks that both count from 1.
         *
         * @param line   the line, from 1
         * @param column the column, from 1
         * @throws IllegalArgumentException if either is below 1
         */
        public Position {
            if (line < 1 || column < 1) {
                throw new IllegalArgumentException("a position counts from 1:1, not " + line + ":" + column);
            }
        }

        /**
         * The place as the loader prints it after the file's name.
         *
         * @return {@code LINE:COLUMN}
         */
        @Override
        public String toString() {
            return line + ":" + column;
        }
    }
}
