package dev.arbor.core.model;

import dev.arbor.core.Behavior;
import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException.Rule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiler phase 1, numbering states: reads the chart's state tree and produces the
 * {@link StateTable} (ids in document order, structure, kinds, actions, initial targets, masks)
 * and the lookup of states by key and name, adding what is wrong with each state's own
 * declaration (its name, key, kind and initial) to the problems.
 */
final class StateNumbering {
    /** The states' definitions by id. */
    final List<StateDef> order = new ArrayList<>();
    final Map<StateDef, Integer> idOf = new HashMap<>();
    final StateTable table;
    final int words;
    final Map<Object, Integer> idByKey = new HashMap<>();
    final Map<String, Integer> idByName = new HashMap<>();
    /** The first enum type (constants without bodies) among the state keys, and the ids of its constants by ordinal (-1: not a key). */
    final Class<?> keyEnum;
    final int[] keyEnumIds;

    StateNumbering(ChartDef def, UserCodeSubstitution code, List<Problem> problems) {
        preorder(def.root, order);
        int n = order.size();
        words = (n + 63) >>> 6;
        StateTable st = table = new StateTable(n, words);
        for (int i = 0; i < n; i++) {
            StateDef s = order.get(i);
            st.key[i] = s.key;
            st.name[i] = s.name;
            idOf.put(s, i);
            String badName = i == 0 ? null : nameProblem(s.name);
            if (badName != null) {
                problems.add(new Problem(s.name, Rule.INVALID_NAME, badName));
            }
            if (idByKey.putIfAbsent(s.key, i) != null) {
                problems.add(new Problem(s.name, Rule.DUPLICATE_NAME, "the key " + s.key + " is declared more than once"));
            } else if (idByName.putIfAbsent(s.name, i) != null) {
                problems.add(new Problem(s.name, Rule.DUPLICATE_NAME,
                        "two different keys share the name '" + s.name + "'"));
            }
        }
        Class<?> keyType = null;
        for (int i = 1; i < n && keyType == null; i++) {
            if (st.key[i] instanceof Enum<?> e && e.getClass() == e.getDeclaringClass()) {
                keyType = e.getClass();
            }
        }
        keyEnum = keyType;
        keyEnumIds = keyType == null ? null : new int[keyType.getEnumConstants().length];
        if (keyType != null) {
            Arrays.fill(keyEnumIds, -1);
            for (int i = n - 1; i >= 1; i--) {
                if (st.key[i].getClass() == keyType) {
                    keyEnumIds[((Enum<?>) st.key[i]).ordinal()] = i;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            StateDef s = order.get(i);
            st.parent[i] = s.parent == null ? -1 : idOf.get(s.parent);
            st.depth[i] = s.parent == null ? 0 : st.depth[st.parent[i]] + 1;
            st.end[i] = i + subtreeSize(s);
            List<Integer> real = new ArrayList<>();
            List<Integer> hist = new ArrayList<>();
            for (StateDef c : s.children) {
                (c.declared == StateDef.Declared.HISTORY ? hist : real).add(idOf.get(c));
            }
            st.children[i] = CompiledChart.toArray(real);
            st.historyChildren[i] = CompiledChart.toArray(hist);
            st.kind[i] = kindOf(s, real.size(), problems);
        }
        for (int i = 0; i < n; i++) {
            if (st.kind[i] == CompiledChart.ATOMIC || st.kind[i] == CompiledChart.FINAL) {
                st.leafMask[i >>> 6] |= 1L << i;
            }
            for (int child : st.children[i]) {
                st.childMask[i * words + (child >>> 6)] |= 1L << child;
            }
        }
        if (st.kind[0] != CompiledChart.COMPOUND && st.kind[0] != CompiledChart.PARALLEL) {
            problems.add(new Problem(st.name[0], Rule.INVALID_STRUCTURE, "the root must contain at least one state"));
        }
        // Initial transitions, history defaults, entry/exit/update actions, handlers.
        for (int i = 0; i < n; i++) {
            StateDef s = order.get(i);
            st.behaviors[i] = new Behavior<?>[s.behaviors.size()];
            for (int b = 0; b < st.behaviors[i].length; b++) {
                st.behaviors[i][b] = code.behavior(i, s.behaviors.get(b));
            }
            st.defers[i] = s.defers.toArray(new Trigger[0]);
            st.entryAction[i] = code.sequence(UserCodeSubstitution.ENTRY, i, s.entry);
            st.exitAction[i] = code.sequence(UserCodeSubstitution.EXIT, i, s.exit);
            st.updateAction[i] = code.sequence(UserCodeSubstitution.UPDATE, i, s.update);
            st.initialAction[i] = code.sequence(UserCodeSubstitution.INITIAL, i, s.initialActions);
            st.handler[i] = s.handler;
            st.initialTargets[i] = resolveInitial(i, s, problems);
        }
    }

    /** {@link StateChoices#after} among the chart's states, the root left out: made on the first unknown key. */
    String unknownStateHint(Object key) {
        if (choices == null) {
            choices = StateChoices.of(order.subList(1, order.size()));
        }
        return choices.after(key);
    }

    private StateChoices choices;

    /** A history without default targets enters as its parent would: fills in its initial targets once every initial is known. */
    static void fillHistoryDefaults(StateTable st) {
        for (int i = 0; i < st.kind.length; i++) {
            if (st.isHistory(i) && st.initialTargets[i] == null) {
                int p = st.parent[i];
                st.initialTargets[i] = st.kind[p] == CompiledChart.PARALLEL ? st.children[p].clone() : st.initialTargets[p];
            }
        }
    }

    /**
     * Why a state's name cannot stand in a path (names joined by '/', as hot reload matches
     * states by them), or null when it can.
     */
    private static String nameProblem(String name) {
        if (name.isEmpty()) {
            return "a state's name must not be empty";
        }
        if (name.indexOf('/') >= 0) {
            return "a state's name must not contain '/', which separates the names of a state path";
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                return "a state's name must not contain control characters (found U+"
                        + String.format("%04X", (int) name.charAt(i)) + ")";
            }
        }
        if (!name.strip().equals(name)) {
            return "a state's name must not begin or end with white space";
        }
        return null;
    }

    private static void preorder(StateDef s, List<StateDef> out) {
        out.add(s);
        for (StateDef c : s.children) {
            preorder(c, out);
        }
    }

    private static int subtreeSize(StateDef s) {
        int size = 1;
        for (StateDef c : s.children) {
            size += subtreeSize(c);
        }
        return size;
    }

    private static byte kindOf(StateDef s, int realChildren, List<Problem> problems) {
        switch (s.declared) {
            case FINAL:
                if (!s.children.isEmpty()) {
                    problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE, "a final state cannot have children"));
                }
                return CompiledChart.FINAL;
            case HISTORY:
                if (!s.children.isEmpty()) {
                    problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE, "a history state cannot have children"));
                }
                if (s.parent == null || s.parent.children.stream().noneMatch(c -> c.declared != StateDef.Declared.HISTORY)) {
                    problems.add(new Problem(s.name, Rule.HISTORY_OUTSIDE_COMPOUND,
                            "a history state must be the child of a compound or parallel state"));
                }
                return s.deepHistory ? CompiledChart.HISTORY_DEEP : CompiledChart.HISTORY_SHALLOW;
            case PARALLEL:
                if (realChildren == 0) {
                    problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE, "a parallel state needs at least one region"));
                }
                return CompiledChart.PARALLEL;
            default:
                return realChildren == 0 ? CompiledChart.ATOMIC : CompiledChart.COMPOUND;
        }
    }

    private int[] resolveInitial(int i, StateDef s, List<Problem> problems) {
        StateTable st = table;
        byte k = st.kind[i];
        boolean history = st.isHistory(i);
        if (k != CompiledChart.COMPOUND && !history) {
            if (!s.initialTargets.isEmpty()) {
                problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE,
                        "only a compound state has an initial transition"));
            }
            return CompiledChart.NONE;
        }
        int scope = history ? st.parent[i] : i;
        if (s.initialTargets.isEmpty()) {
            if (history) {
                return null; // no default of its own: what entering its parent enters (filled in once all initials are known)
            }
            if (st.children[i].length == 1) {
                return new int[] {st.children[i][0]};
            }
            List<String> names = new ArrayList<>();
            for (int c : st.children[i]) {
                names.add(st.name[c]);
            }
            problems.add(new Problem(s.name, Rule.MISSING_INITIAL, i == 0
                    ? "it has " + names.size() + " top-level states (" + String.join(", ", names)
                            + "); its \"initial\" must name the one it starts in"
                    : "a compound state with " + names.size() + " children (" + String.join(", ", names)
                            + ") must name its initial child"));
            return CompiledChart.NONE;
        }
        int[] out = new int[s.initialTargets.size()];
        for (int k2 = 0; k2 < out.length; k2++) {
            Object target = s.initialTargets.get(k2);
            Integer id = idByKey.get(target);
            if (id == null) {
                problems.add(new Problem(s.name, Rule.UNKNOWN_TARGET,
                        (history ? "history default" : "initial") + " targets '" + StateDef.nameOf(target)
                        + "', which the chart does not have" + unknownStateHint(target)));
                continue;
            }
            if (scope < 0 || !st.isDescendant(id, scope)) {
                problems.add(new Problem(s.name, Rule.INITIAL_NOT_DESCENDANT,
                        (history ? "history default" : "initial") + " target '" + st.name[id]
                        + "' is not a descendant of '" + (scope < 0 ? "?" : st.name[scope]) + "'"));
            }
            out[k2] = id;
        }
        return out;
    }
}
