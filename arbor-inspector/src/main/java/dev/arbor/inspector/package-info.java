/**
 * The live inspector: {@link dev.arbor.inspector.Inspector} serves a web page on which running
 * machines are watched, stepped and sent events, and records and replays what they did.
 *
 * <p>Start one with {@link dev.arbor.inspector.Inspector#start} and
 * {@link dev.arbor.inspector.InspectorOptions}, attach machines, and call
 * {@link dev.arbor.inspector.Inspector#gate()} once a game tick; {@code docs/inspector.md} has the
 * whole story, the wire format included.
 */
package dev.arbor.inspector;
