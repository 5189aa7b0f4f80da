package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;

/** Loads text that must fail and returns its problems as {@code FILE:LINE:COL: message} lines. */
final class Problems {
    private Problems() {}

    static List<String> of(String json) {
        return of(ChartLoader.of(Bot.components()), json);
    }

    static List<String> of(ChartLoader<?> loader, String json) {
        ChartFileException e = catchThrowableOfType(ChartFileException.class, () -> loader.load("npc.json", json));
        assertThat(e).as("loading should fail").isNotNull();
        assertThat(e.getMessage()).isEqualTo(String.join("\n", e.problems().stream().map(Object::toString).toList()));
        return e.problems().stream().map(Object::toString).toList();
    }
}
