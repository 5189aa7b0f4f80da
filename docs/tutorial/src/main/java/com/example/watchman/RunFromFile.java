package com.example.watchman;

import dev.arbor.core.typed.TypedChart;
import dev.arbor.io.ChartFileException;
import java.io.IOException;
import java.nio.file.Path;

/** Step 2: the first run on a chart file (the argument, else charts/watchman.json), or the file's problems. */
public final class RunFromFile {

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args.length > 0 ? args[0] : "charts/watchman.json");  // from the project's directory
        try {
            TypedChart<Watchman, String, Call> chart = ChartFiles.load(file);
            FirstRun.run(chart).log.forEach(System.out::println);
        } catch (ChartFileException e) {
            for (ChartFileException.Problem problem : e.problems()) {
                System.out.println(problem);                                    // FILE:LINE:COL: message
            }
        }
    }

    private RunFromFile() {}
}
