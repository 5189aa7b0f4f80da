package dev.arbor.io;

import dev.arbor.io.ChartFileException.Problem;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a chart file's events that give warnings, not errors: what the file raises,
 * defers and takes is gathered as it is read, then compared. A warning is a likely mistake that
 * still makes a valid chart:
 *
 * <ul>
 *   <li>an event raised (by a component that {@link RaisesEvents says so}) or deferred that no
 *       transition of the chart takes;</li>
 *   <li>an event a transition takes that nothing in the chart raises, when it is spelt nearly as
 *       one that is raised ({@link NearestName});</li>
 *   <li>a {@code defer} that never keeps its event, because the state itself or an ancestor has a
 *       transition on it without a guard, which always takes the event first.</li>
 * </ul>
 *
 * <p>Events are matched as the engine matches them (SCXML descriptors: {@code "error"} takes
 * {@code "error.execution"}, {@code "*"} takes every event). A state with a {@code handler} may
 * take any event in code, so when a chart has one no event counts as untaken.
 */
final class EventChecks {

    /** An event name where the file writes it, in the part of the file of a state. */
    private record Use(String name, Pos pos, String state) {}

    /** A transition's event descriptor ("*" for every event), whether it has a guard, and its source state. */
    private record Taken(String descriptor, Pos pos, String state, boolean guarded) {}

    private final String root;
    private final NearestName.Budget near;
    /** Each state's parent, by name; a state at the top level has the root's name. */
    private final Map<String, String> parents = new HashMap<>();
    private final List<Taken> taken = new ArrayList<>();
    private final List<Use> raised = new ArrayList<>();
    private final List<Use> deferred = new ArrayList<>();
    private boolean handlers;

    /**
     * @param root the root's name, the parent of the states at the top level
     * @param near what the "did you mean" of the warnings may spend
     */
    EventChecks(String root, NearestName.Budget near) {
        this.root = root;
        this.near = near;
    }

    /** A state declared under a parent (the root's name at the top level). */
    void state(String name, String parent) {
        parents.putIfAbsent(name, parent);
    }

    /** A transition on named events: {@code names} as the file writes them, several separated by spaces. */
    void transition(String names, Pos pos, String state, boolean guarded) {
        for (String n : names.strip().split("\\s+")) {
            taken.add(new Taken(descriptor(n), pos, state, guarded));
        }
    }

    /** A transition on every event ({@code "any": true}). */
    void anyTransition(Pos pos, String state, boolean guarded) {
        taken.add(new Taken("*", pos, state, guarded));
    }

    /** A {@code defer} of event descriptors (several separated by spaces), in a state. */
    void deferred(String names, Pos pos, String state) {
        for (String n : names.strip().split("\\s+")) {
            deferred.add(new Use(descriptor(n), pos, state));
        }
    }

    /** An event a component raises or sends. */
    void raised(String name, Pos pos, String state) {
        raised.add(new Use(name, pos, state));
    }

    /** A state handler: code that may take any event. */
    void handler() {
        handlers = true;
    }

    /**
     * Every warning, in file order, as problems of {@code file}. Events are looked up by their
     * dotted prefixes in hash sets, so that the checks take time in proportion to the file.
     */
    List<Problem> warnings(String file) {
        Set<String> takenNames = new LinkedHashSet<>();
        Set<String> takenPrefixes = new HashSet<>();
        boolean anyTaken = handlers;
        // by state, the first transition without a guard on each descriptor
        Map<String, Map<String, Taken>> unguarded = new HashMap<>();
        for (Taken t : taken) {
            if (t.descriptor().equals("*")) {
                anyTaken = true;
            } else {
                takenNames.add(t.descriptor());
                takenPrefixes.addAll(prefixes(t.descriptor()));
            }
            if (!t.guarded()) {
                unguarded.computeIfAbsent(t.state(), k -> new HashMap<>()).putIfAbsent(t.descriptor(), t);
            }
        }
        Map<String, Pos> raisedNames = new LinkedHashMap<>();
        Set<String> raisedPrefixes = new HashSet<>();
        for (Use r : raised) {
            raisedNames.putIfAbsent(r.name(), r.pos());
            raisedPrefixes.addAll(prefixes(r.name()));
        }
        List<String> takenList = new ArrayList<>(takenNames);
        List<String> raisedList = new ArrayList<>(raisedNames.keySet());
        Map<String, String> guesses = new HashMap<>();
        List<Problem> out = new ArrayList<>();
        if (!anyTaken) {
            for (Use r : raised) {
                if (!takes(takenNames, r.name())) {
                    out.add(new Problem(file, r.pos().line(), r.pos().column(), "event '" + Excerpt.of(r.name())
                            + "' is raised here, but no transition of the chart takes it"
                            + question(guess(guesses, r.name(), takenList)), state(r.state())));
                }
            }
            for (Use d : deferred) {
                if (!d.name().equals("*") && !takes(takenNames, d.name()) && !takenPrefixes.contains(d.name())) {
                    out.add(new Problem(file, d.pos().line(), d.pos().column(), "event '" + Excerpt.of(d.name())
                            + "' is deferred here, but no transition of the chart takes it"
                            + question(guess(guesses, d.name(), takenList)), state(d.state())));
                }
            }
        }
        Set<String> warned = new HashSet<>();
        Map<String, String> raisedGuesses = new HashMap<>();
        for (Taken t : taken) {
            if (t.descriptor().equals("*") || raisedPrefixes.contains(t.descriptor())) {
                continue;
            }
            String nearest = guess(raisedGuesses, t.descriptor(), raisedList);
            if (nearest != null && warned.add(t.descriptor() + "@" + t.pos())) {
                Pos at = raisedNames.get(nearest);
                out.add(new Problem(file, t.pos().line(), t.pos().column(), "nothing in the chart raises event '"
                        + Excerpt.of(t.descriptor()) + "'; did you mean '" + Excerpt.of(nearest) + "', raised at "
                        + at.line() + ":" + at.column() + "?", state(t.state())));
            }
        }
        for (Use d : deferred) {
            Taken wins = unguardedAbove(d, unguarded);
            if (wins != null) {
                out.add(new Problem(file, d.pos().line(), d.pos().column(), (d.name().equals("*") ? "no event is ever"
                        : "event '" + Excerpt.of(d.name()) + "' is never") + " deferred here: the transition at "
                        + wins.pos().line() + ":" + wins.pos().column() + (wins.state().equals(d.state()) ? ""
                        : wins.state().equals(root) ? ", in \"global\"," : ", in state '"
                        + Excerpt.of(wins.state()) + "',") + " has no guard, so it always takes "
                        + (d.name().equals("*") ? "every event" : "it") + " first", state(d.state())));
            }
        }
        out.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
        return out;
    }

    /**
     * The first transition without a guard, in the deferring state or its nearest ancestor that
     * has one, that takes every event the defer names; null when there is none.
     */
    private Taken unguardedAbove(Use defer, Map<String, Map<String, Taken>> unguarded) {
        List<String> keys = new ArrayList<>();
        keys.add("*");
        if (!defer.name().equals("*")) {
            keys.addAll(prefixes(defer.name()));
        }
        for (String s = defer.state(); s != null; s = s.equals(root) ? null : parents.get(s)) {
            Map<String, Taken> here = unguarded.get(s);
            Taken first = null;
            for (String k : here == null ? List.<String>of() : keys) {
                Taken t = here.get(k);
                if (t != null && (first == null || t.pos().line() < first.pos().line()
                        || (t.pos().line() == first.pos().line() && t.pos().column() < first.pos().column()))) {
                    first = t;
                }
            }
            if (first != null) {
                return first;
            }
        }
        return null;
    }

    /** The nearest of the names, computed once for each name asked about. */
    private String guess(Map<String, String> guesses, String name, List<String> names) {
        if (!guesses.containsKey(name)) {
            guesses.put(name, near.among(name, names));
        }
        return guesses.get(name);
    }

    private String state(String name) {
        return root.equals(name) ? null : name;
    }

    private static String question(String nearest) {
        return nearest == null ? "" : "; did you mean '" + Excerpt.of(nearest) + "'?";
    }

    /** Whether a transition on one of the descriptors takes the event (SCXML 3.12.1: the event, or a dotted prefix of it). */
    private static boolean takes(Set<String> descriptors, String event) {
        for (String p : prefixes(event)) {
            if (descriptors.contains(p)) {
                return true;
            }
        }
        return false;
    }

    /** The dotted prefixes of a name, itself last: {@code a.b.c} gives {@code a}, {@code a.b}, {@code a.b.c}. */
    private static List<String> prefixes(String name) {
        List<String> out = new ArrayList<>();
        for (int i = name.indexOf('.'); i >= 0; i = name.indexOf('.', i + 1)) {
            out.add(name.substring(0, i));
        }
        out.add(name);
        return out;
    }

    /** A descriptor as the engine reads it: {@code "a.b.*"} and {@code "a.b."} mean {@code "a.b"}; {@code "."} is {@code "*"}. */
    private static String descriptor(String name) {
        String d = name;
        if (d.endsWith(".*")) {
            d = d.substring(0, d.length() - 2);
        }
        while (d.endsWith(".")) {
            d = d.substring(0, d.length() - 1);
        }
        return d.isEmpty() ? "*" : d;
    }
}
