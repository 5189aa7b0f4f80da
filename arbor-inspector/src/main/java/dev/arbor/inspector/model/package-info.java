/**
 * What the inspector knows, built from records alone: the wire records
 * ({@link dev.arbor.inspector.model.Rec}, {@link dev.arbor.inspector.model.Wire}), the views of
 * charts the page draws, and the bounded {@link dev.arbor.inspector.model.Model} they are applied
 * to, live or from a recording. Not exported by the module; opened to Jackson, which writes and
 * reads the records.
 */
package dev.arbor.inspector.model;
