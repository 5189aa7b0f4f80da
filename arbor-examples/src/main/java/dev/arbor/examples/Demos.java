package dev.arbor.examples;

import java.io.PrintStream;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/** The game demos by name, for the {@code arbor demo} command. */
public final class Demos {

    private static final Map<String, BiConsumer<PrintStream, Stage>> DEMOS = new TreeMap<>();

    static {
        DEMOS.put("qhsm", QhsmDemo::run);
        DEMOS.put("west-world", WestWorld::run);
        DEMOS.put("robot", RobotDemo::run);
        DEMOS.put("guard", GuardDemo::run);
        DEMOS.put("netplay", NetplayDemo::run);
    }

    /** The demo run when none is named. */
    public static final String DEFAULT = "qhsm";

    /** The demos' names, sorted. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(DEMOS.keySet());
    }

    /**
     * Runs a demo, printing its story to {@code out}.
     *
     * @throws IllegalArgumentException if there is no demo by that name
     */
    public static void run(String name, PrintStream out) {
        run(name, out, Stage.NONE);
    }

    /**
     * Runs a demo on a stage (the inspector's, for {@code arbor demo NAME --inspect}).
     *
     * @throws IllegalArgumentException if there is no demo by that name
     */
    public static void run(String name, PrintStream out, Stage stage) {
        BiConsumer<PrintStream, Stage> demo = DEMOS.get(name);
        if (demo == null) {
            throw new IllegalArgumentException("no demo named '" + name + "'; demos: " + String.join(", ", DEMOS.keySet()));
        }
        demo.accept(out, stage);
    }

    private Demos() {}
}
