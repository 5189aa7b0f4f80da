package com.example.watchman;

import dev.arbor.core.typed.TypedChart;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentRegistry;
import java.io.IOException;
import java.nio.file.Path;

/** The components a chart file may name, and the loader that reads chart files with them. */
public final class ChartFiles {

    public static final ComponentRegistry<Watchman> COMPONENTS = ComponentRegistry.<Watchman>create()
        .behavior("WalkTo", WalkTo.class)          // {"use": "WalkTo", "x": 6, "speed": 2}
        .action("Say", Say.class)                  // {"use": "Say", "line": "coming!"}
        .action("CallForHelp", CallForHelp.class); // {"use": "CallForHelp", "delay": 2}
    public static final ChartLoader<Watchman> LOADER = ChartLoader.of(COMPONENTS);

    /** Loads a chart file as a typed chart: its states are the file's names, its events {@link Call}s. */
    public static TypedChart<Watchman, String, Call> load(Path file) throws IOException {
        return TypedChart.of(LOADER.load(file), String.class, Call.class);
    }

    private ChartFiles() {}
}
