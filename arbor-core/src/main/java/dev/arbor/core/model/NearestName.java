package dev.arbor.core.model;

import java.util.Locale;

/**
 * The "did you mean" of the engine's messages (unknown targets in a chart's definition, events a
 * chart does not know): the valid name a misspelt one most likely meant, by edit distance.
 * {@code arbor-io} has its own for the files it reads; this one serves the messages of the
 * builders and the engine ({@link StateChoices} keeps a chart's suggestions within a budget).
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
