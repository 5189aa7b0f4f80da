/**
 * The check that keeps the pages that teach Arbor ({@code docs/tutorial.md}, {@code docs/recipes.md})
 * equal to the projects the build compiles and runs ({@code docs/tutorial/}, {@code docs/recipes/}):
 * {@code ShownFiles} and the tests that run it on the real pages and on planted differences.
 */
package dev.arbor.docs;
