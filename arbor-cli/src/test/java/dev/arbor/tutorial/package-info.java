/**
 * The code of {@code docs/tutorial.md}: a village watchman built up step by step. Every fenced
 * block of the tutorial is a marked region of these files ({@code // tutorial:NAME} ...
 * {@code // end}) or a resource beside them, and {@code TutorialIsCompiledTest} fails when the
 * two differ; the other tests run the regions and check what the tutorial says the reader sees.
 */
package dev.arbor.tutorial;
