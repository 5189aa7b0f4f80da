package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The built-in library and the chart's own variables, as a designer writes them: each component
 * doing what it says step by step, and each mistake reported with its place and in plain words.
 */
class BuiltInTest {
    private static final ChartLoader<Object> LOADER = ChartLoader.of(BuiltIn.components());

    private static Chart<Object> load(String json) {
        return LOADER.load("shop.json", json.replace('\'', '"'));
    }

    private static List<String> problems(String json) {
        ChartFileException e = catchThrowableOfType(() -> load(json), ChartFileException.class);
        assertThat(e).as("the file is refused").isNotNull();
        List<String> out = new ArrayList<>();
        e.problems().forEach(p -> out.add(p.toString()));
        return out;
    }

    static final String SHOP = """
            {'chart': 'shop',
             'variables': {'gold': {'type': 'int', 'min': 0, 'max': 50, 'initial': 20},
                           'alert': 'bool',
                           'mood': {'type': 'enum', 'values': ['calm', 'grumpy']},
                           'poked': 'trigger',
                           'die': {'type': 'int', 'min': 1, 'max': 6}},
             'initial': 'idle',
             'states': {
               'idle': {'transitions': [
                 {'event': 'offer', 'guard': {'allOf': [{'use': 'Compare', 'var': 'gold', 'op': '>=', 'value': 10},
                                                       {'not': {'use': 'IsSet', 'var': 'alert'}}]},
                  'action': {'use': 'Add', 'var': 'gold', 'amount': -10}, 'target': 'haggling'},
                 {'event': 'poke', 'action': {'use': 'Set', 'var': 'poked', 'value': true}},
                 {'when': {'use': 'IsSet', 'var': 'poked'}, 'target': 'grumbling'},
                 {'event': 'alarm', 'action': {'use': 'Toggle', 'var': 'alert'}},
                 {'event': 'roll', 'action': {'use': 'Random', 'var': 'die'}},
                 {'event': 'even', 'guard': {'use': 'Compare', 'var': 'gold', 'op': '==', 'value': {'var': 'die'}}, 'target': 'grumbling'},
                 {'event': 'rich', 'action': {'use': 'Add', 'var': 'gold', 'amount': 100}}]},
               'haggling': {'onEntry': {'use': 'Set', 'var': 'mood', 'value': 'grumpy'},
                 'transitions': [{'event': 'deal', 'guard': {'use': 'Compare', 'var': 'mood', 'op': '==', 'value': 'grumpy'},
                                  'action': {'use': 'Log', 'text': 'sold'}, 'target': 'idle'}]},
               'grumbling': {'transitions': [{'event': 'calm', 'guard': {'use': 'InState', 'state': 'grumbling'},
                                             'target': 'idle'}]}}}""";

    @Test
    void theBuiltInComponentsReadAndWriteTheChartsVariables() {
        Chart<Object> chart = load(SHOP);
        Machine<Object> m = chart.newMachine(new Object());
        List<String> log = new ArrayList<>();
        m.addListener(new MachineListener() {
            @Override
            public void onLog(Machine<?> machine, int state, String line, Cause cause) {
                log.add(machine.chart().statePath(state) + ": " + line);
            }
        });
        m.start();
        assertThat(m.variables().describe()).isEqualTo("gold=20, alert=false, mood=calm, poked=false, die=1");
        m.fire("offer");
        assertThat(m.activeStates()).containsExactly("haggling");
        assertThat(m.variables().describe()).isEqualTo("gold=10, alert=false, mood=grumpy, poked=false, die=1");
        m.fire("deal");
        assertThat(log).containsExactly("haggling: sold");
        m.fire("alarm"); // Toggle: the guard's not(IsSet alert) fails
        m.fire("offer");
        assertThat(m.activeStates()).containsExactly("idle");
        m.fire("alarm");
        m.fire("rich"); // Add clamps to the range and says so
        assertThat(m.variables().getInt("gold")).isEqualTo(50);
        assertThat(log).last().isEqualTo("idle: Add 100 to gold: clamped to 50 (an int from 0 to 50)");
    }

    @Test
    void aTriggerIsConsumedByTheTransitionItLetsThrough() {
        Machine<Object> m = load(SHOP).newMachine(new Object());
        m.start();
        m.fire("poke");
        assertThat(m.variables().getBool("poked")).isTrue();
        m.update();
        assertThat(m.activeStates()).containsExactly("grumbling");
        assertThat(m.variables().getBool("poked")).as("consumed").isFalse();
        m.fire("calm"); // InState
        assertThat(m.activeStates()).containsExactly("idle");
        m.update();
        assertThat(m.activeStates()).as("not let through again").containsExactly("idle");
    }

    @Test
    void randomDrawsFromTheMachinesSeededGeneratorAndTheChartSaysItDraws() {
        Chart<Object> chart = load(SHOP);
        assertThat(chart.drawsRandom()).isTrue();
        Machine<Object> m = chart.newMachine(new Object());
        m.start();
        m.variables().seed(42);
        MachineState before = m.snapshot();
        List<Integer> rolls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            m.fire("roll");
            rolls.add(m.variables().getInt("die"));
        }
        assertThat(rolls).allMatch(r -> r >= 1 && r <= 6).as("all six faces come up").containsAll(List.of(1, 2, 3, 4, 5, 6));
        m.restore(before, Cause.RESTORE);
        List<Integer> again = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            m.fire("roll");
            again.add(m.variables().getInt("die"));
        }
        assertThat(again).as("rolled back, the same rolls").isEqualTo(rolls);
    }

    @Test
    void sendPostsATelegramThroughTheMachinesDispatcherWithItsDelay() {
        Chart<Object> lookout = load("""
                {'chart': 'lookout', 'initial': 'watching', 'states': {'watching': {'transitions': [
                  {'event': 'thief', 'action': {'use': 'Send', 'event': 'call_guards', 'to': 2, 'delay': 3}},
                  {'event': 'wave', 'action': {'use': 'Send', 'event': 'hello', 'to': 2}}]}}}""");
        Chart<Object> guard = load("""
                {'chart': 'guard', 'initial': 'resting', 'states': {
                  'resting': {'transitions': [{'event': 'call_guards', 'target': 'running'}, {'event': 'hello'}]},
                  'running': {}}}""");
        dev.arbor.core.dispatch.Dispatcher d = new dev.arbor.core.dispatch.Dispatcher();
        Machine<Object> a = lookout.newMachine(new Object());
        Machine<Object> b = guard.newMachine(new Object());
        d.register(1, a).register(2, b);
        a.start();
        b.start();
        assertThat(a.dispatcher()).isSameAs(d);
        assertThat(a.agentId()).isEqualTo(1);
        a.fire("thief");
        for (long tick = 1; tick <= 3; tick++) {
            d.deliver(tick);
            assertThat(b.activeStates()).as("tick " + tick).containsExactly("resting");
        }
        d.deliver(4);
        assertThat(b.activeStates()).as("due 3 ticks after the delivery that took it in").containsExactly("running");

        d.unregister(1);
        assertThat(a.dispatcher()).isNull();
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> a.fire("wave")))
                .hasMessageContaining("Send hello to 2: the machine is registered with no dispatcher");
        assertThat(problems("""
                {'chart': 'x', 'initial': 'a', 'states': {'a': {'transitions': [
                  {'event': 'e', 'action': {'use': 'Send', 'event': 'e', 'to': 2, 'delay': -1}}]}}}"""))
                .containsExactly("shop.json:2:76: action 'Send': \"delay\" is a number of ticks from 0, not -1");
    }

    @Test
    void variableMistakesAreReportedWhereTheyStand() {
        assertThat(problems("""
                {'chart': 'shop', 'variables': {'gold': {'type': 'int', 'min': 0, 'max': 99}},
                 'initial': 'idle', 'states': {'idle': {'transitions': [
                   {'event': 'a', 'action': {'use': 'Add', 'var': 'gould', 'amount': 1}},
                   {'event': 'b', 'action': {'use': 'Set', 'var': 'gold', 'value': 120}},
                   {'event': 'c', 'guard': {'use': 'Compare', 'var': 'gold', 'op': '=>', 'value': 1}},
                   {'event': 'd', 'action': {'use': 'Toggle', 'var': 'gold'}}]}}}""")).containsExactly(
                "shop.json:3:51: action 'Add': unknown variable 'gould'; did you mean 'gold'?; the chart's variables: gold",
                "shop.json:4:68: action 'Set': variable 'gold' is an int from 0 to 99; 120 is out of range",
                "shop.json:5:68: condition 'Compare': \"op\" is one of ==, !=, <, <=, >, >=; not '=>'",
                "shop.json:6:54: action 'Toggle': variable 'gold' is an int from 0 to 99; this needs one of: bool, trigger");
    }

    @Test
    void declarationMistakesAreReportedWhereTheyStand() {
        assertThat(problems("""
                {'chart': 'shop', 'variables': {
                   'gold': {'type': 'int', 'min': 0},
                   'mood': {'type': 'enum', 'values': ['calm', 'grumpy'], 'initial': 'clam'},
                   'alert': 'boolean',
                   'hp': {'type': 'int', 'min': 0, 'max': 9, 'initial': 12, 'mx': 1}},
                 'initial': 'idle', 'states': {'idle': {}}}""")).containsExactly(
                "shop.json:2:21: int 'gold' needs its range: \"min\" and \"max\", such as {\"type\": \"int\", \"min\": 0, \"max\": 999}",
                "shop.json:3:70: enum 'mood': \"initial\" must be one of calm, grumpy, not \"clam\"; did you mean 'calm'?",
                "shop.json:4:13: variable 'alert' has no type 'boolean'; the types: bool, int, enum, trigger",
                "shop.json:5:57: int 'hp': \"initial\" 12 is out of its range, 0 to 9",
                "shop.json:5:61: variable 'hp' has no key 'mx'; did you mean 'max'? Its keys: type, min, max, initial, values");
    }
}
