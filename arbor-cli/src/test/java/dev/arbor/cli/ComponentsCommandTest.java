package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code arbor components [LIB…]}: each library's components, kinds, documentation and properties. */
class ComponentsCommandTest {

    @Test
    void listsEachComponentWithItsKindDocumentationAndProperties() {
        Cli r = Cli.run("components", "arbor", "echo", "failing");
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEqualTo("""
                arbor
                  condition Chance: Holds a percentage of the times it is tested, drawn from the machine's seeded generator
                    percent  integer  required
                  condition Compare: Holds when a variable compares with a value or another variable (==, !=, <, <=, >, >=)
                    var    string     required
                    op     string     required
                    value  any value  required
                  condition InState: Holds when the machine is in a state
                    state  string  required
                  condition IsSet: Holds when a bool or trigger variable is true
                    var  string  required
                  action Add: Adds an amount to an int variable, clamped to its range
                    var     string   required
                    amount  integer  required
                  action Log: Writes a line to the trace, naming the state it is in
                    text  string  required
                  action Raise: Raises an event, processed in the same step
                    event  string  required
                  action Random: Sets a variable to a value drawn from the machine's seeded generator
                    var  string  required
                  action Send: Sends a telegram to another agent through the machine's dispatcher, after a delay in ticks
                    event  string   required
                    to     integer  required
                    delay  integer  optional
                  action Set: Sets a variable to a value
                    var    string     required
                    value  any value  required
                  action Toggle: Flips a bool or trigger variable
                    var  string  required

                echo (works with any owner)
                  action Say: Logs a line, as often as it is told
                    line   string   optional, default "hello"
                    times  integer  optional, default 1

                failing (works with any owner)
                  action Throw: Throws an IllegalStateException with the message
                    message  string  required
                """);
    }

    @Test
    void withoutNamesItListsEveryKnownLibrary() {
        Cli r = Cli.run("components");
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).filteredOn(l -> !l.startsWith(" ") && !l.isEmpty()).containsExactly(
                "arbor", "echo (works with any owner)", "failing (works with any owner)", "guard", "miner", "robot", "wife");
    }

    @Test
    void anUnknownLibraryIsOneLineListingTheLibraries() {
        Cli r = Cli.run("components", "gaurd");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly(
                "arbor: no component library named 'gaurd'; libraries: arbor, echo, failing, guard, miner, robot, wife");
    }
}
