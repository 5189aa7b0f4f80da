package dev.arbor.core.semantics;

import dev.arbor.core.model.CompiledChart;

/**
 * The speed tier as the rest of the engine sees it: what compiles a chart's dispatch into code of
 * its own ({@link SpecializedDispatch}), found by name when the first chart is built, so that the
 * model and the semantics never name its classes.
 *
 * <p>Today's speed tier is {@code SpecializerTier}: {@code Specializer} builds method handles and
 * {@code ChunkClassFile} writes them into hidden classes. Platforms without those (TeaVM's
 * JavaScript, Android's ART) leave it out or cannot run it; there every chart runs interpreted,
 * with the same traces, and one line says so in the log ({@link System.Logger}, logger
 * {@code dev.arbor.core}, level INFO) the first time a chart is built. {@code SpeedTierAbsentTest}
 * runs the seed traces with the speed tier's classes refused, and arbor-teavm runs them under
 * Node.
 */
public interface SpeedTier {

    /**
     * The system property naming the speed tier's class, {@value #DEFAULT} unless set. The name is
     * read rather than written as a constant because an ahead-of-time compiler such as TeaVM
     * resolves {@code Class.forName} of a constant name at build time and would pull the speed
     * tier, method handles and all, into a program that cannot run it.
     */
    String PROPERTY = "arbor.speedTier";
    /** The speed tier's class unless {@link #PROPERTY} names another. */
    String DEFAULT = "dev.arbor.core.speed.SpecializerTier";

    /**
     * The chart's compiled dispatch, or null when the chart cannot have one (too large, or with
     * nothing to compile); the interpreter then serves it.
     *
     * @param chart the compiled chart
     * @return the dispatch, or null
     * @throws RuntimeException or {@link LinkageError} when compiling fails; the caller keeps the
     *     chart interpreted
     */
    SpecializedDispatch specialize(CompiledChart chart);

    /**
     * Runs {@code task} (a chart's specialization) on the speed tier's background thread, off the
     * game's frame (see {@code Chart.specialized}).
     *
     * @param task what to run there
     */
    void inBackground(Runnable task);

    /**
     * This platform's speed tier, or null when it has none; looked up once, by the first chart built.
     *
     * @return the speed tier, or null
     */
    static SpeedTier found() {
        return Found.TIER;
    }

    /** The one lookup, made when this class is initialised: by the first call to {@link #found}. */
    final class Found {
        static final SpeedTier TIER = load(System.getProperty(PROPERTY, DEFAULT));

        private Found() {}

        /** The speed tier of class {@code name}, or null with one line logged when the platform cannot give it. */
        static SpeedTier load(String name) {
            try {
                return (SpeedTier) Class.forName(name).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // Absent (ClassNotFoundException), or present without what it needs (its
                // constructor checks for hidden classes): the interpreter serves every chart.
                Throwable why = e instanceof java.lang.reflect.InvocationTargetException t && t.getCause() != null
                        ? t.getCause() : e;
                log("Arbor: no speed tier on this platform (" + why + "); charts run interpreted");
                return null;
            }
        }

        private static void log(String line) {
            try {
                System.getLogger("dev.arbor.core").log(System.Logger.Level.INFO, line);
            } catch (LinkageError noSystemLogger) { // a runtime without java.lang.System.Logger
                System.err.println(line);
            }
        }
    }
}
