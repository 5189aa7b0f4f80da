package dev.arbor.examples;

import dev.arbor.demo.DemoLibrary;
import dev.arbor.demo.Stage;
import java.io.PrintStream;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The game demos by name: the {@link DemoLibrary} that the {@code arbor demo} command finds on the
 * class path (META-INF/services/dev.arbor.demo.DemoLibrary).
 */
public final class Demos implements DemoLibrary {

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

    @Override
    public Set<String> names() {
        return Collections.unmodifiableSet(DEMOS.keySet());
    }

    @Override
    public void run(String name, PrintStream out, Stage stage) {
        BiConsumer<PrintStream, Stage> demo = DEMOS.get(name);
        if (demo == null) {
            throw new IllegalArgumentException("no demo named '" + name + "'; demos: " + String.join(", ", DEMOS.keySet()));
        }
        demo.accept(out, stage);
    }
}
