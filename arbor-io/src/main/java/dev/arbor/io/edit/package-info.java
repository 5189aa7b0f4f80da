/**
 * Editing a chart file as text: {@link dev.arbor.io.edit.ChartDocument} applies
 * {@link dev.arbor.io.edit.ChartEdit}s (add, rename, delete a state; a transition; a state's
 * actions; the variables) by splicing the file's text, so that what the designer did not edit
 * keeps its key order and formatting and a one-state change is a few-line diff. The studio
 * (arbor-inspector) edits through it.
 */
package dev.arbor.io.edit;
