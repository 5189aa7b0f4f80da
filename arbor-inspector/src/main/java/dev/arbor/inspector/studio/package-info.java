/**
 * The studio: the inspector's page edits one chart file where it is drawn. A
 * {@link dev.arbor.inspector.studio.Studio} session holds the document's text with its undo and
 * redo, checks every version with the game's loader, draws it keeping states where they were,
 * and writes the file atomically, never over a change someone else made on disk.
 */
package dev.arbor.inspector.studio;
