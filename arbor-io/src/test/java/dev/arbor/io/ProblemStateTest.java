package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

/**
 * Each problem of a file that does not load names the state whose part of the file it is in, so
 * that tools (the inspector) show it on that state; problems outside any state name none.
 */
class ProblemStateTest {
    private static final ChartLoader<Object> LOADER = ChartLoader.of(ComponentRegistry.create());

    private static ChartFileException fails(String json) {
        return catchThrowableOfType(() -> LOADER.load("npc.json", json.replace('\'', '"')), ChartFileException.class);
    }

    @Test
    void anUnknownTargetConcernsTheStateWhoseTransitionNamesIt() {
        ChartFileException e = fails("""
                {'chart': 'npc', 'initial': 'home', 'states': {
                  'home': {'initial': 'idle', 'states': {
                    'idle': {'transitions': [{'event': 'work', 'target': 'bsy'}]},
                    'busy': {}}}}}""");
        assertThat(e.problems()).extracting(ChartFileException.Problem::line, ChartFileException.Problem::state)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(3, "idle"));
        assertThat(e.problems().get(0).toString()).startsWith("npc.json:3:");
    }

    @Test
    void aBadKeyConcernsItsStateAndTheChartsOwnKeysConcernNone() {
        ChartFileException e = fails("""
                {'chart': 'npc', 'initial': 'home', 'colour': 'red', 'states': {
                  'home': {'onEntri': 'x'}}}""");
        assertThat(e.problems()).extracting(ChartFileException.Problem::message, ChartFileException.Problem::state)
                .anySatisfy(t -> assertThat(t.toList()).containsExactly(t.toList().get(0), null))
                .anySatisfy(t -> assertThat(t.toList().get(1)).isEqualTo("home"));
    }

    @Test
    void aSyntaxErrorConcernsNoState() {
        ChartFileException e = fails("""
                {'chart': 'npc', 'initial': 'home', 'states': {
                  'home': {'transitions': [{'event': 'a', 'target': 'home'},]}}}""");
        assertThat(e.problems()).hasSize(1);
        assertThat(e.problems().get(0).state()).isNull();
        assertThat(e.problems().get(0).line()).isEqualTo(2);
    }
}
