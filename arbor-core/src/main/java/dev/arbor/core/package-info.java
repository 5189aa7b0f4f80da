/**
 * The public API of Arbor: charts and their builders, machines, listeners and the callback types.
 * Everything a game or tool needs to define and run statecharts lives here; the compiler and its
 * flat arrays live in the unexported {@code dev.arbor.core.model}.
 */
package dev.arbor.core;
