/**
 * The {@code arbor} command: validate, render and run chart files, and run the game demos.
 * One class a subcommand; {@link dev.arbor.cli.Main} wires them with picocli.
 */
package dev.arbor.cli;
