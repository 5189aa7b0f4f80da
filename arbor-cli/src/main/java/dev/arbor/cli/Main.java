package dev.arbor.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code arbor} command line. Exit codes: 0 done, 1 the input was wrong or the command could
 * not do its work (the message says why), 2 the command line itself was wrong.
 */
@Command(name = "arbor", mixinStandardHelpOptions = true, version = "arbor 0.1.0",
        description = "Hierarchical state machines: validate, check, render, run and inspect chart files, and the game demos.",
        subcommands = {ValidateCommand.class, CheckCommand.class, PathsCommand.class, RenderCommand.class, RunCommand.class, TestCommand.class, DemoCommand.class, InspectCommand.class, StudioCommand.class,
                ComponentsCommand.class, SchemaCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    /** Exit code when the input was wrong or the work could not be done. */
    static final int FAILED = 1;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print the stack trace of unexpected errors.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where commands print; the same streams picocli prints help and errors to. */
    PrintStream out = System.out;
    PrintStream err = System.err;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is needed: validate, render, run or demo");
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        System.exit(execute(args, out, err));
    }

    /** Runs the command line with these streams, returning the exit code (for tests, and main). */
    static int execute(String[] args, PrintStream out, PrintStream err) {
        Main main = new Main();
        main.out = out;
        main.err = err;
        CommandLine line = new CommandLine(main);
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            // Expected failures carry a message meant for the user; anything else is a bug,
            // still reported in one line unless --debug asks for the stack trace.
            if (e instanceof CliFailure f) {
                f.lines().forEach(cmd.getErr()::println);
            } else {
                cmd.getErr().println("arbor: " + (e.getMessage() == null ? "" : e.getMessage() + " ")
                        + "(an unexpected " + e.getClass().getSimpleName() + "; --debug prints its stack trace)");
            }
            if (main.debug) {
                e.printStackTrace(cmd.getErr());
            }
            cmd.getErr().flush();
            return FAILED;
        });
        int code = line.execute(args);
        out.flush();
        err.flush();
        return code;
    }
}
