package dev.arbor.io;

import java.util.Collection;
import java.util.Locale;

/**
 * The "did you mean" of Arbor's messages: the name among the valid ones that a misspelt name most
 * likely meant, by edit distance. The loader uses it for unknown states, components, properties,
 * keys and events; the {@code arbor} command for the states it is given.
 */
public final class NearestName {

    private NearestName() {}

    /**
     * The name nearest to {@code name} by edit distance ({@link #editDistance}, a swap of neighbours
     * counting one, case ignored), when it is within a third of the name's length (at least 1); the first in
     * iteration order on a tie; null when none is that near. A name equal to {@code name} is not
     * a suggestion: it counts only when it differs in case.
     *
     * @param name  the name that matched nothing
     * @param names the valid names, in the order a tie is broken
     * @return the nearest valid name, or null
     */
    public static String among(String name, Iterable<String> names) {
        int limit = Math.max(1, name.length() / 3);
        String lower = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = limit + 1;
        for (String candidate : names) {
            if (candidate.equals(name) || Math.abs(candidate.length() - name.length()) > limit) {
                continue; // the distance is at least the difference in length
            }
            int d = editDistance(lower, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best;
    }

    /**
     * The edit distance with swaps: the fewest insertions, deletions and substitutions of chars,
     * and swaps of two neighbours, that turn {@code a} into {@code b} (the optimal string
     * alignment distance). A swap counts one, as typing makes it: {@code wlak} is one from
     * {@code walk}.
     *
     * @param a one text
     * @param b the other
     * @return the distance, from 0 (equal) to the longer one's length
     */
    public static int editDistance(String a, String b) {
        int[] beforePrevious = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                int d = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, beforePrevious[j - 2] + 1);
                }
                current[j] = d;
            }
            int[] t = beforePrevious;
            beforePrevious = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }

    /**
     * A message part that lists choices after an optional "did you mean": {@code "valid keys: a, b"}
     * or {@code "did you mean 'a'? Valid keys: a, b"}.
     */
    static String withChoices(String name, Iterable<String> names, String choices) {
        return withChoices(among(name, names), choices);
    }

    private static String withChoices(String nearest, String choices) {
        return nearest == null ? choices : "did you mean '" + Excerpt.of(nearest) + "'? "
                + Character.toUpperCase(choices.charAt(0)) + choices.substring(1);
    }

    /**
     * The comparisons one file's messages may spend on suggestions: a file is untrusted input,
     * and thousands of unknown names each compared with thousands of states would take minutes.
     * Once spent, messages still list the choices, without a suggestion.
     */
    static final class Budget {
        /** Enough for every suggestion a hand-written chart needs, and a fraction of a second. */
        static final long PER_FILE = 1_000_000;

        private long left = PER_FILE;

        /** {@link NearestName#among}, or null once the budget cannot pay for comparing with every name. */
        String among(String name, Collection<String> names) {
            if (names.size() > left) {
                left = 0;
                return null;
            }
            left -= names.size();
            return NearestName.among(name, names);
        }

        /** {@link NearestName#withChoices}, without the suggestion once the budget is spent. */
        String withChoices(String name, Collection<String> names, String choices) {
            return NearestName.withChoices(among(name, names), choices);
        }
    }
}
