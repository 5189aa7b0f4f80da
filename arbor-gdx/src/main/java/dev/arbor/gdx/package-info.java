/**
 * The bridge from libGDX gdx-ai: {@link dev.arbor.gdx.ArborStateMachine} runs existing gdx-ai
 * {@code State} enums, unchanged, on an Arbor chart ({@link dev.arbor.gdx.GdxChart}) behind gdx-ai's
 * {@code StateMachine} interface, global state and state blips included;
 * {@link dev.arbor.gdx.ArborTelegraph} lets any Arbor machine receive {@code MessageDispatcher}
 * telegrams, as {@link dev.arbor.gdx.GdxMessage} events or the chart's own. The migration guide is
 * {@code docs/from-gdx-ai.md}.
 */
package dev.arbor.gdx;
