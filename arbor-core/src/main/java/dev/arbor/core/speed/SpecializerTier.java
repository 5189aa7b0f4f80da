package dev.arbor.core.speed;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.semantics.SpeedTier;
import java.lang.invoke.MethodHandles;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * The speed tier on a JVM: charts specialized by {@link Specializer} into hidden classes written
 * by {@link ChunkClassFile}, and the daemon thread that specializes them in the background. Found
 * by name ({@link SpeedTier#found}); nothing else in the engine names it.
 */
public final class SpecializerTier implements SpeedTier {

    /**
     * Checks that the platform can define hidden classes with class data (Java 16 and later; not
     * Android's ART), which every compiled chunk is.
     *
     * @throws NoSuchMethodException when it cannot
     */
    public SpecializerTier() throws NoSuchMethodException {
        MethodHandles.Lookup.class.getMethod("defineHiddenClassWithClassData", byte[].class, Object.class,
                boolean.class, MethodHandles.Lookup.ClassOption[].class);
    }

    @Override
    public SpecializedDispatch specialize(CompiledChart chart) {
        return Specializer.specialize(chart);
    }

    @Override
    public void inBackground(Runnable task) {
        Background.EXECUTOR.execute(task);
    }

    /** The one daemon thread charts are specialized on, started on first use. */
    private static final class Background {
        static final Executor EXECUTOR = Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, "arbor-specializer");
            t.setDaemon(true);
            return t;
        });
    }
}
