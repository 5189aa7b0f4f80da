/**
 * Editing a chart file as text: {@link dev.arbor.io.edit.ChartDocument} applies
 * {@link dev.arbor.io.edit.ChartEdit}s (add, rename, delete a state; a transition; a state's
 * actions; the variables) by splicing the file's text, so that what the designer did not edit
 * keeps its key order and formatting and a one-state change is a few-line diff. New JSON is
 * written in the file's own indentation and line endings. The text is read as the loader reads
 * it (strict JSON); a text that does not read is not edited. {@link dev.arbor.io.edit.Outline}
 * gives an editor what the file declares and where. The studio (arbor-inspector) edits through it.
 */
package dev.arbor.io.edit;
