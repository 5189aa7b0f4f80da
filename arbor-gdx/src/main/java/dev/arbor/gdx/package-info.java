/**
 * The bridge from libGDX gdx-ai: {@link dev.arbor.gdx.ArborStateMachine} (a gdx-ai
 * {@code DefaultStateMachine}) and {@link dev.arbor.gdx.ArborStackStateMachine} (a gdx-ai
 * {@code StackStateMachine}) run existing gdx-ai {@code State} enums, unchanged, on an Arbor chart
 * ({@link dev.arbor.gdx.GdxChart}), global state and state blips included;
 * {@link dev.arbor.gdx.ArborTelegraph} lets any Arbor machine receive {@code MessageDispatcher}
 * telegrams, as {@link dev.arbor.gdx.GdxMessage} events or the chart's own. The migration guide is
 * {@code docs/from-gdx-ai.md}.
 */
package dev.arbor.gdx;
