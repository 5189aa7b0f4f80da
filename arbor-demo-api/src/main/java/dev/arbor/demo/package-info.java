/**
 * What a game demo is to the {@code arbor} command: a {@link dev.arbor.demo.DemoLibrary} found on
 * the class path and the {@link dev.arbor.demo.Stage} it runs on, so that the command runs
 * arbor-examples' demos without compiling against them.
 */
package dev.arbor.demo;
