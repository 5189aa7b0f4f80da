/**
 * The engine's semantics: what a machine does with an event and a tick, following the W3C SCXML
 * algorithm (Appendix D) with the differences a game needs. Not exported by the module: nothing
 * here is API.
 *
 * <p>{@link dev.arbor.core.semantics.MachineCore} is a machine's state and
 * {@link dev.arbor.core.semantics.ChartCore} a chart as the engine runs it, with the one choice of
 * tier; the public {@code Machine} and {@code Chart} extend them. An event goes
 * {@link dev.arbor.core.semantics.RunToCompletion#fire} to the chart's compiled dispatch
 * ({@link dev.arbor.core.semantics.SpecializedDispatch}), the flat path
 * ({@link dev.arbor.core.semantics.FlatStep}) or the general step
 * ({@link dev.arbor.core.semantics.ScxmlStep}); a tick goes
 * {@link dev.arbor.core.semantics.Ticks#update}. The speed tier that compiles a chart's dispatch is
 * found by name ({@link dev.arbor.core.semantics.SpeedTier}) and never named here.
 * docs/architecture.md follows both paths through these classes.
 */
package dev.arbor.core.semantics;
