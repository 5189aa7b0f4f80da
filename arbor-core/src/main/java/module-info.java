/**
 * Arbor's statechart engine: build a {@link dev.arbor.core.Chart} once, run many
 * {@link dev.arbor.core.Machine}s (or their typed face, {@link dev.arbor.core.typed.TypedChart}).
 * No dependencies.
 */
module dev.arbor.core {
    exports dev.arbor.core;
    exports dev.arbor.core.dispatch;
    exports dev.arbor.core.typed;
}
