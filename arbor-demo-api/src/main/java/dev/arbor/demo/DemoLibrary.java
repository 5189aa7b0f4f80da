package dev.arbor.demo;

import java.io.PrintStream;
import java.util.Set;

/**
 * A jar's game demos, as {@code arbor demo NAME} finds them on the class path: listed in
 * {@code META-INF/services/dev.arbor.demo.DemoLibrary}, as component libraries are in
 * {@code META-INF/services/dev.arbor.io.ComponentLibrary}.
 */
public interface DemoLibrary {

    /** {@return the demos' names, sorted} */
    Set<String> names();

    /**
     * Runs a demo, printing its story to {@code out}, on a stage ({@link Stage#NONE}, or the
     * inspector's for {@code arbor demo NAME --inspect}).
     *
     * @param name  one of {@link #names()}
     * @param out   where the story is printed
     * @param stage told of the demo's machines and of each tick
     * @throws IllegalArgumentException if there is no demo by that name
     */
    void run(String name, PrintStream out, Stage stage);
}
