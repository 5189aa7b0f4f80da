package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Supplier;

/** One chart definition built once per tier of the engine, for tests that hold every tier to the same trace. */
final class Tiers {
    /** The tiers, in the order {@link #of} builds them. */
    static final List<String> NAMES = List.of("specialised", "flat", "general");

    private Tiers() {}

    /**
     * The chart specialised; kept on the interpreter (the flat path, for a chart without parallel
     * states); and on the general SCXML step alone.
     */
    static <C> List<Chart<C>> of(Supplier<Chart<C>> definition) {
        Chart<C> specialised = definition.get();
        assertThat(specialised.specializeNow()).as("specialised dispatch").isNotNull();
        Chart<C> interpreted = definition.get();
        interpreted.neverSpecialize();
        Chart<C> general = definition.get();
        general.generalOnly();
        return List.of(specialised, interpreted, general);
    }
}
