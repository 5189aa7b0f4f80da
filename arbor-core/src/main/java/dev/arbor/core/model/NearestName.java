package dev.arbor.core.model;

import java.util.List;
import java.util.Locale;

/**
 * The "did you mean" of the engine's messages (unknown targets in a chart's definition, events a
 * chart does not know): the valid name a misspelt one most likely meant, by edit distance.
 * {@code arbor-io} has its own, with a budget for untrusted files; this one serves the builder and
 * the engine, whose names come from code.
 */
public final class NearestName {

    private NearestName() {
    }

    /**
     * The name nearest to {@code name}, case ignored, when its {@link #distance} is within a third
     * of the name's length (at least 1) and below the length itself; the first in iteration order
     * on a tie; null when none is that near. A candidate equal to {@code name} is not a suggestion.
     *
     * @param name       the name that matched nothing
     * @param candidates the valid names, in the order a tie is broken
     * @return the nearest valid name, or null
     */
    public static String among(String name, Iterable<String> candidates) {
        int limit = Math.max(1, name.length() / 3);
        String lower = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = limit + 1;
        for (String candidate : candidates) {
            if (candidate.equals(name) || Math.abs(candidate.length() - name.length()) >= bestDistance) {
                continue; // the distance is at least the difference in length
            }
            int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance && d < name.length()) { // a name wholly replaced is no near miss
                best = candidate;
                bestDistance = d;
            }
        }
        return best;
    }

    /**
     * The fewest single-character insertions, deletions, substitutions and swaps of two
     * neighbours that turn {@code a} into {@code b} (a swap counts one, as a typing slip makes
     * it: {@code COMABT} is one from {@code COMBAT}).
     *
     * @param a one text
     * @param b the other
     * @return the distance, from 0 (equal) to the longer one's length
     */
    public static int distance(String a, String b) {
        int width = b.length() + 1;
        int[] twoRowsUp = new int[width];
        int[] rowUp = new int[width];
        int[] row = new int[width];
        for (int j = 0; j < width; j++) {
            rowUp[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            char ai = a.charAt(i - 1);
            for (int j = 1; j < width; j++) {
                char bj = b.charAt(j - 1);
                int best = Math.min(rowUp[j] + 1, row[j - 1] + 1);
                best = Math.min(best, rowUp[j - 1] + (ai == bj ? 0 : 1));
                if (i > 1 && j > 1 && ai == b.charAt(j - 2) && a.charAt(i - 2) == bj) {
                    best = Math.min(best, twoRowsUp[j - 2] + 1);
                }
                row[j] = best;
            }
            int[] spare = twoRowsUp;
            twoRowsUp = rowUp;
            rowUp = row;
            row = spare;
        }
        return rowUp[b.length()];
    }

    /**
     * What a message about a state key a chart does not have goes on with: the key of the declared
     * state of the same name (a key of another type, such as a constant of another enum, or a name
     * where the keys are constants), else the nearest declared name ({@link #among}); then the
     * chart's states: {@code "; did you mean 'COMBAT'? The chart's states: PATROL, COMBAT"}, or
     * {@code ". The chart's states: PATROL, COMBAT"} when no name is near.
     *
     * @param key   the key that names no state
     * @param keys  the keys of the chart's states, the root left out, in document order
     * @param names their names, in the same order
     * @return the rest of the message, from the punctuation that ends its first part
     */
    public static String afterUnknownState(Object key, List<Object> keys, List<String> names) {
        String name = key instanceof Enum<?> e ? e.name() : String.valueOf(key);
        String hint = null;
        int same = names.indexOf(name);
        if (same >= 0) {
            hint = "; its state '" + name + "' has the key " + keyText(keys.get(same)) + ", not " + keyText(key) + ".";
        } else {
            String near = among(name, names);
            hint = near == null ? "." : "; did you mean '" + near + "'?";
        }
        String list = names.size() <= 30 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 30)) + ", ... (" + names.size() + " in all)";
        return hint + (names.isEmpty() ? " The chart declares no state." : " The chart's states: " + list);
    }

    /**
     * A state key as a message shows it, with its type: {@code St.COMBAT}, {@code "COMBAT"},
     * {@code 7 (of class Integer)}.
     *
     * @param key the key
     * @return the key in words
     */
    public static String keyText(Object key) {
        if (key instanceof Enum<?> e) {
            String type = e.getDeclaringClass().getName();
            return type.substring(type.lastIndexOf('.') + 1).replace('$', '.') + "." + e.name();
        }
        if (key instanceof String s) {
            return '"' + s + '"';
        }
        return key + " (of class " + key.getClass().getSimpleName() + ")";
    }
}
