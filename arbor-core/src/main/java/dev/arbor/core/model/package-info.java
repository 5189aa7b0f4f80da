/**
 * The chart model the builders fill, and the compiler that turns it into the flat arrays the
 * engine reads. Not exported by the module: nothing here is API.
 *
 * <p>The builders fill a {@link dev.arbor.core.model.ChartDef} of {@link dev.arbor.core.model.StateDef}s
 * and {@link dev.arbor.core.model.TransitionDef}s. {@link dev.arbor.core.model.CompiledChart}'s
 * constructor compiles it in named phases, each making one immutable table of parallel arrays
 * indexed by id:
 *
 * <ol>
 * <li>{@link dev.arbor.core.model.StateNumbering}: states numbered in document order, their
 *     structure, actions and initials ({@link dev.arbor.core.model.StateTable}, {@code chart.states});
 * <li>{@link dev.arbor.core.model.TransitionResolution}: transitions numbered, targets and triggers
 *     resolved, then domains and plans ({@link dev.arbor.core.model.TransitionTable},
 *     {@code chart.transitions});
 * <li>{@link dev.arbor.core.model.TriggerIndexing}: each state's transitions by kind and by trigger,
 *     done sets, deferral masks ({@link dev.arbor.core.model.TriggerIndex}, {@code chart.triggers});
 * <li>{@link dev.arbor.core.model.PathPrecomputation}: entry paths, history entries and slots
 *     ({@link dev.arbor.core.model.PathTable}, {@code chart.paths});
 * <li>{@link dev.arbor.core.model.TickLists}: clocks, timers and each tick's lists
 *     ({@link dev.arbor.core.model.TickTable}, {@code chart.ticks});
 * </ol>
 *
 * with {@link dev.arbor.core.model.ChartChecks} checking what needs the tables. The one part that
 * changes as a chart runs, event resolution, is apart: {@link dev.arbor.core.model.EventSets}
 * ({@code chart.events}).
 */
package dev.arbor.core.model;
