package dev.arbor.io;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartFileException.Problem;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the parts of one {@link ChartReader} share while a file is read: the file and its tree,
 * the problems found so far at their positions, the state whose part of the file is being read,
 * the state names declared and referred to (checked against each other at the end), the
 * variables, and the events and "did you mean" budget behind the messages.
 */
final class ReadContext {
    /** The root's name: the state of the top level's and the global state's components. */
    static final String ROOT = String.valueOf(Chart.ROOT);

    final String file;
    final SourceTree tree;
    final List<Problem> problems = new ArrayList<>();
    /** Every declared state name, with where each declaration stands (a name twice: two places). */
    final Map<String, List<Pos>> declared = new LinkedHashMap<>();
    /** Every state name the file refers to, with where. */
    final List<Ref> refs = new ArrayList<>();
    /**
     * Every transition handed to the builder, by its source state's name, in the order handed,
     * with where the file declares it: what {@link ChartPositions} maps to the chart's ids.
     */
    final Map<String, List<Pos>> transitions = new LinkedHashMap<>();

    /**
     * The name of the state whose part of the file is being read: what components made now are
     * given as {@link ComponentRegistry#STATE}. The root's name at the top level and in "global".
     */
    String current = ROOT;
    /** The variables the file declares, in order: what components that name a variable are given. */
    List<dev.arbor.core.Variable> variables = List.of();

    /** What was handed to the builder, as "where label", in document order; for tests of the labels. */
    final List<String> handed = new ArrayList<>();
    /** What the "did you mean" of this file's messages may spend. */
    final NearestName.Budget near = new NearestName.Budget();
    /** The events the file raises, defers and takes, for the checks that give warnings. */
    final EventChecks events = new EventChecks(ROOT, near);

    ReadContext(String file, SourceTree tree) {
        this.file = file;
        this.tree = tree;
    }

    /** The builder has just made a transition of the state being read, declared here. */
    void transitionMade(Pos at) {
        transitions.computeIfAbsent(current, k -> new ArrayList<>()).add(at);
    }

    <T> T hand(String where, T component) {
        handed.add(where + " " + component);
        return component;
    }

    /** A state name the file refers to, where, in what words, and in which state's part of the file. */
    record Ref(String name, Pos pos, String what, String in) {
        Ref(String name, Pos pos, String in) {
            this(name, pos, "", in);
        }
    }

    /** Every state name the file refers to is one it declares; else a problem where it is named. */
    void checkReferences() {
        List<String> names = new ArrayList<>(declared.keySet());
        String list = names.size() <= 30 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 30)) + ", ... (" + names.size() + " in all)";
        for (Ref r : refs) {
            if (!declared.containsKey(r.name())) {
                problem(r.pos(), "unknown state '" + Excerpt.of(r.name()) + "'" + r.what() + "; "
                        + near.withChoices(r.name(), names, "the chart's states: " + list), r.in());
            }
        }
    }

    /** A problem in the part of the file being read: it concerns the state being read, if any. */
    void problem(Pos at, String message) {
        problem(at, message, current);
    }

    void problem(Pos at, String message, String state) {
        problems.add(new Problem(file, at.line(), at.column(), message, ROOT.equals(state) ? null : state));
    }
}
