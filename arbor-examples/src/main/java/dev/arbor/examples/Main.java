package dev.arbor.examples;

import dev.arbor.demo.Stage;
import java.io.PrintStream;

/** Runs a demo without the CLI jar: {@code demo [NAME]} (the {@code arbor} command has the same). */
public final class Main {

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
        try {
            new Demos().run(args.length > 1 ? args[1] : Demos.DEFAULT, out, Stage.NONE);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("arbor: " + e.getMessage());
            return 2;
        }
    }

    static void usage(PrintStream out) {
        out.println("usage: arbor demo [NAME]");
        out.println("demos: " + String.join(", ", new Demos().names()) + " (default " + Demos.DEFAULT + ")");
    }

    private Main() {}
}
