package dev.arbor.bench.ab;

import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * Two builds of Arbor measured in one JVM, each in a class loader of its own, in alternating
 * rounds: a check for differences of a few percent, which JMH's forks on this shared machine
 * cannot tell from their noise (a fork's JIT decisions and the machine's load move its figure by
 * more). Both builds run the same {@link Workload}, found by name in each build's own jar, so the
 * jars must both contain it. What is printed is the median and quartiles of ns per input over the
 * rounds, for each build.
 *
 * <p>A difference counts only when it holds with the builds given in both orders, and is larger
 * than one build against itself gives: the two copies of a build are compiled apart and can differ
 * by as much as 8 % on this project's machine.
 *
 * <p>{@code MODE} may also name one mode for each side, {@code A:B}: given the same jar twice, that
 * measures Arbor against its floor, say {@code Qhsm switch:declared}, in rounds a few milliseconds
 * apart. This machine has spells, minutes long, in which everything runs up to 1.8 times slower;
 * separate JMH runs, even forks of one run, can fall on either side of one, and a ratio of their
 * figures with them. What is printed besides the medians is the median over rounds of each round's
 * ratio, second side ÷ first.
 *
 * <pre>
 * java -cp arbor-bench/target/benchmarks.jar dev.arbor.bench.ab.TwoBuilds before.jar after.jar Workload MODE [rounds] [warm-up seconds]
 * </pre>
 * where {@code Workload} is a class of this package ({@code Qhsm}, {@code QhsmWithProbe}, {@code Player}, {@code Torch}, {@code Typed})
 * and {@code MODE} one of the modes it lists, or two of them joined by {@code :}.
 */
public final class TwoBuilds {

    /** What each build runs: made with its mode, then asked to run a number of inputs and say how long they took. */
    public interface Workload extends LongUnaryOperator {
        /**
         * Runs {@code inputs} inputs.
         *
         * @return the nanoseconds they took
         */
        @Override
        long applyAsLong(long inputs);
    }

    private static final long INPUTS_A_ROUND = 2_000_000;

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: TwoBuilds BEFORE.jar AFTER.jar WORKLOAD MODE [ROUNDS] [WARM-UP SECONDS]");
            System.exit(2);
        }
        String workload = TwoBuilds.class.getPackageName() + "." + args[2];
        String[] modes = args[3].contains(":") ? args[3].split(":", 2) : new String[] {args[3], args[3]};
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 40;
        long warmNanos = (args.length > 5 ? Long.parseLong(args[5]) : 8) * 1_000_000_000L;
        LongUnaryOperator[] builds = new LongUnaryOperator[2];
        for (int b = 0; b < 2; b++) {
            try {
                builds[b] = load(args[b], workload, modes[b]);
            } catch (IllegalArgumentException e) {
                System.err.println(e.getMessage());
                System.exit(2);
            }
        }
        for (long end = System.nanoTime() + warmNanos; System.nanoTime() < end; ) {
            builds[0].applyAsLong(INPUTS_A_ROUND);
            builds[1].applyAsLong(INPUTS_A_ROUND);
        }
        double[][] perInput = new double[2][rounds];
        double[] ratio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                int b = (r + k) % 2; // each build goes first in every other round
                perInput[b][r] = builds[b].applyAsLong(INPUTS_A_ROUND) / (double) INPUTS_A_ROUND;
            }
            ratio[r] = perInput[1][r] / perInput[0][r];
        }
        for (int b = 0; b < 2; b++) {
            System.out.printf("%s %s %s: %s ns%n", args[2], modes[b], args[b], quartiles(perInput[b]));
        }
        System.out.printf("%s, %s ÷ %s, round by round: %s%n", args[2], modes[1], modes[0], quartiles(ratio));
    }

    /** The median and quartiles of {@code x}, which it sorts. */
    private static String quartiles(double[] x) {
        Arrays.sort(x);
        int n = x.length;
        return String.format("median %.2f, quartiles %.2f to %.2f (%d rounds)", x[n / 2], x[n / 4], x[3 * n / 4], n);
    }

    /**
     * The workload of one build, from its jar alone (the platform's classes besides).
     *
     * @throws IllegalArgumentException naming the jar when it is missing, lacks the workload, or
     *                                  the workload refuses the mode
     */
    private static LongUnaryOperator load(String jar, String workload, String mode) throws Exception {
        Path path = Path.of(jar);
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("no such jar: " + jar);
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {path.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        Class<?> type;
        try {
            type = loader.loadClass(workload);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(jar + " has no " + workload + " (a build from before it was added?)");
        }
        try {
            return (LongUnaryOperator) type.getConstructor(String.class).newInstance(mode);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(jar + ": " + e.getCause().getMessage());
        }
    }

    private TwoBuilds() {
    }
}
