package dev.arbor.core;

import dev.arbor.core.semantics.TierSwitch;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Supplier;

/** One chart definition built once per tier of the engine, for tests that hold every tier to the same trace. */
final class Tiers {
    /** The tiers, in the order {@link #of} builds them. */
    static final List<String> NAMES = List.of("specialized", "flat", "general");

    private Tiers() {}

    /** A started machine of one tier, its owner the trace its actions write to. */
    record Run(String tier, Trace trace, Machine<Trace> machine) {}

    /** The chart on every tier ({@link #of}), each with a started machine whose owner is a new trace. */
    static List<Run> started(Supplier<Chart<Trace>> definition) {
        List<Chart<Trace>> charts = of(definition);
        List<Run> runs = new java.util.ArrayList<>();
        for (int i = 0; i < charts.size(); i++) {
            Trace t = new Trace();
            Machine<Trace> m = charts.get(i).newMachine(t);
            m.start();
            runs.add(new Run(NAMES.get(i), t, m));
        }
        return runs;
    }

    /**
     * The chart specialized; kept on the interpreter (the flat path, for a chart without parallel
     * states); and on the general SCXML step alone.
     */
    static <C> List<Chart<C>> of(Supplier<Chart<C>> definition) {
        Chart<C> specialized = definition.get();
        assertThat(TierSwitch.specializeNow(specialized)).as("specialized dispatch").isNotNull();
        Chart<C> interpreted = definition.get();
        TierSwitch.neverSpecialize(interpreted);
        Chart<C> general = definition.get();
        TierSwitch.generalOnly(general);
        return List.of(specialized, interpreted, general);
    }
}
