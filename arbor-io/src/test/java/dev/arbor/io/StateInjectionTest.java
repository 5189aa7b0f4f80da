package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.arbor.core.Action;
import dev.arbor.core.Chart;
import dev.arbor.core.Condition;
import dev.arbor.core.Machine;
import dev.arbor.core.StateAction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A component learns the state it is placed in: the loader injects the state's name as
 * {@link ComponentRegistry#STATE} (the declaring state for state actions, the source for a
 * transition's parts, the root at the top level and in "global"). The injected property is the
 * loader's, not the designer's: error messages do not list it and a file cannot give it.
 */
class StateInjectionTest {

    /** The owner: what the components wrote, in order. */
    static final class Notes {
        final List<String> lines = new ArrayList<>();
    }

    /** {@code {"use": "Note", "text": "…"}}: writes {@code "TEXT in STATE"}; a record with an injected component. */
    record Note(String text, @JacksonInject(ComponentRegistry.STATE) String state) implements StateAction<Notes> {
        @Override
        public void run(Notes notes) {
            notes.lines.add(text + " in " + state);
        }
    }

    /** {@code {"use": "Heard"}}: writes {@code "heard EVENT in STATE"}; a class with an injected public field. */
    public static final class Heard implements Action<Notes, Object> {
        @JacksonInject(ComponentRegistry.STATE)
        public String state;

        @Override
        public void run(Notes notes, Object event) {
            notes.lines.add("heard " + event + " in " + state);
        }
    }

    /** {@code {"use": "Asked"}}: a guard that says yes and writes {@code "asked in STATE"}; injected through a setter. */
    public static final class Asked implements Condition<Notes> {
        private String state;

        @JacksonInject(ComponentRegistry.STATE)
        public void setState(String state) {
            this.state = state;
        }

        @Override
        public boolean test(Notes notes) {
            notes.lines.add("asked in " + state);
            return true;
        }
    }

    /** {@code {"use": "Plain", "text": "…"}}: a component that asks for nothing. */
    record Plain(String text) implements StateAction<Notes> {
        @Override
        public void run(Notes notes) {
            notes.lines.add(text);
        }
    }

    static ChartLoader<Notes> loader() {
        return ChartLoader.of(ComponentRegistry.<Notes>create()
                .action("Note", Note.class)
                .action("Heard", Heard.class)
                .condition("Asked", Asked.class)
                .action("Plain", Plain.class));
    }

    static List<String> run(String json, String... events) {
        Chart<Notes> chart = loader().load("npc.json", json);
        Notes notes = new Notes();
        Machine<Notes> m = chart.newMachine(notes);
        m.start();
        for (String e : events) {
            m.fire(e);
        }
        return notes.lines;
    }

    @Test
    void entryTransitionAndNestedExitActionsAreGivenTheirStatesName() {
        assertThat(run("""
                {
                  "chart": "npc",
                  "initial": "patrol",
                  "states": {
                    "patrol": {
                      "initial": "walk",
                      "onEntry": {"use": "Note", "text": "entry"},
                      "transitions": [{"event": "alarm", "action": {"use": "Note", "text": "transition"}, "target": "flee"}],
                      "states": {
                        "walk": {"onExit": {"use": "Note", "text": "nested exit"}}
                      }
                    },
                    "flee": {}
                  }
                }
                """, "alarm")).containsExactly(
                "entry in patrol",
                "nested exit in walk",
                "transition in patrol");
    }

    @Test
    void theStateIsTheSourceForEveryPartOfATransitionAndTheRootAtTheTopAndInGlobal() {
        assertThat(run("""
                {
                  "chart": "npc",
                  "unknownEvents": "ignore",
                  "onUnhandled": {"use": "Note", "text": "unhandled"},
                  "initial": "idle",
                  "global": {
                    "transitions": [{"event": "reset", "action": {"use": "Note", "text": "global"}, "target": "idle"}]
                  },
                  "states": {
                    "idle": {
                      "transitions": [{"event": "poke", "guard": "Asked", "action": ["Heard", {"use": "Plain", "text": "plain"}]}],
                      "onEntry": {"use": "Note", "text": "entry"}
                    }
                  }
                }
                """, "poke", "reset", "shout")).containsExactly(
                "entry in idle",
                "asked in idle", "heard poke in idle", "plain",
                "global in root", "entry in idle",
                "unhandled in root");
    }

    @Test
    void theInjectedPropertyIsNotTheFilesToGiveNorListedAmongTheProperties() {
        assertThat(Problems.of(loader(), """
                {"chart": "npc", "initial": "a", "states": {
                  "a": {"onEntry": {"use": "Note", "text": "hi", "state": "b"}},
                  "b": {"onEntry": {"use": "Note"}, "onExit": {"use": "Note", "text": "hi", "txt": "hi"}}
                }}
                """)).containsExactly(
                "npc.json:2:50: action 'Note' has no property 'state'; its properties: text",
                "npc.json:3:20: action 'Note' needs property 'text'; its properties: text",
                "npc.json:3:77: action 'Note' has no property 'txt'; did you mean 'text'? Its properties: text");
        assertThat(Problems.of(loader(), """
                {"chart": "npc", "initial": "a", "states": {
                  "a": {"transitions": [{"event": "go", "action": {"use": "Heard", "state": "a"}}]}
                }}
                """)).containsExactly("npc.json:2:68: action 'Heard' has no property 'state'; it takes no properties");
    }
}
