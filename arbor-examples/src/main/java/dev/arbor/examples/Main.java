package dev.arbor.examples;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/** The {@code ./arbor} launcher's entry point: {@code demo [NAME]}. */
public final class Main {

    static final Map<String, Consumer<PrintStream>> DEMOS = new TreeMap<>();

    static {
        DEMOS.put("qhsm", QhsmDemo::run);
        DEMOS.put("west-world", WestWorld::run);
        DEMOS.put("robot", RobotDemo::run);
        DEMOS.put("guard", GuardDemo::run);
        DEMOS.put("netplay", NetplayDemo::run);
    }

    static final String DEFAULT_DEMO = "qhsm";

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            usage(out);
            return args.length == 0 ? 2 : 0;
        }
        if (!args[0].equals("demo")) {
            err.println("arbor: unknown command '" + args[0] + "'");
            usage(err);
            return 2;
        }
        String name = args.length > 1 ? args[1] : DEFAULT_DEMO;
        Consumer<PrintStream> demo = DEMOS.get(name);
        if (demo == null) {
            err.println("arbor: no demo named '" + name + "'; demos: " + String.join(", ", DEMOS.keySet()));
            return 2;
        }
        demo.accept(out);
        return 0;
    }

    static void usage(PrintStream out) {
        out.println("usage: arbor demo [NAME]");
        out.println("demos: " + String.join(", ", DEMOS.keySet()) + " (default " + DEFAULT_DEMO + ")");
    }

    private Main() {}
}
