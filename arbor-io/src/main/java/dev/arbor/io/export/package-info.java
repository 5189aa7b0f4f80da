/**
 * Charts exported as text: Graphviz DOT ({@link dev.arbor.io.export.Dot}), Mermaid
 * ({@link dev.arbor.io.export.Mermaid}), PlantUML ({@link dev.arbor.io.export.PlantUml}) and
 * SCXML ({@link dev.arbor.io.export.Scxml}), each with the active states of a machine
 * highlighted on request. The exporters read only {@link dev.arbor.core.Chart}'s public
 * introspection, and the same chart always gives the same text.
 */
package dev.arbor.io.export;
