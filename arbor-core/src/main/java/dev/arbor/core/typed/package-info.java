/**
 * The typed face of Arbor's builder and machine: a chart whose states are of one type and whose
 * events are of another, so that a state where an event belongs, or a constant of the wrong enum,
 * does not compile. {@link dev.arbor.core.typed.TypedChart#builder} declares the chart,
 * {@link dev.arbor.core.typed.TypedChart#newMachine} makes machines; both hold the untyped
 * {@link dev.arbor.core.Chart} and {@link dev.arbor.core.Machine} of {@code dev.arbor.core} and
 * hand every call to them, so a typed machine runs the same engine at the same cost per event.
 * This package names only the public API of {@code dev.arbor.core}, and nothing there names it.
 */
package dev.arbor.core.typed;
