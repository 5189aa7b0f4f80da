package dev.arbor.cli;

import dev.arbor.examples.Demos;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code arbor demo [NAME]}: runs one of the game demos. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs a game demo: qhsm, west-world, robot, guard or netplay.")
final class DemoCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "NAME", defaultValue = Demos.DEFAULT,
            description = "The demo (default: ${DEFAULT-VALUE}).")
    String name;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        if (!Demos.names().contains(name)) {
            throw new CliFailure("no demo named '" + name + "'; demos: " + String.join(", ", Demos.names()));
        }
        Demos.run(name, main.out);
        main.out.flush();
        return 0;
    }
}
