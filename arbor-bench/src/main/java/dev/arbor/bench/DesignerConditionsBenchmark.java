package dev.arbor.bench;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.Variable;
import dev.arbor.io.BuiltIn;
import dev.arbor.io.ChartLoader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a designer's guards cost (issue 32): the same shopkeeper chart, its guards written three
 * ways, 1,000 machines each fed the same events. {@code OFFER} is guarded twice (enough gold,
 * and a calm or a grumpy mood), so that every event evaluates guards.
 * <ul>
 *   <li>{@code BUILT_IN}: a chart file with {@code Compare} conditions on the chart's own
 *       variables, loaded with the built-in library;</li>
 *   <li>{@code LAMBDA}: the chart in the Java builder, its guards lambdas reading the owner's fields
 *       (what a programmer writes today);</li>
 *   <li>{@code JAVA_VARIABLES}: the Java builder with lambdas reading the machine's variables by id.</li>
 * </ul>
 * Score: ns per event; with {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes per event
 * (target 0).
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar DesignerConditionsBenchmark -f 3 -wi 5 -w 1s -i 5 -r 1s -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
@State(Scope.Thread)
public class DesignerConditionsBenchmark {

    static final int MACHINES = 1_000;
    static final String[] EVENTS = {"offer", "deal", "offer", "refuse", "restock"};

    /** How the guards are written. */
    public enum Guards { BUILT_IN, LAMBDA, JAVA_VARIABLES }

    /** The owner of the lambda variant: what the variables hold in the others. */
    public static final class Shopkeeper {
        int gold = 20;
        int mood;
    }

    static final String JSON = """
            {"chart": "shopkeeper",
             "variables": {"gold": {"type": "int", "min": 0, "max": 999, "initial": 20},
                           "mood": {"type": "enum", "values": ["calm", "grumpy"]}},
             "initial": "idle",
             "states": {
               "idle": {"transitions": [
                 {"event": "offer", "guard": {"allOf": [{"use": "Compare", "var": "gold", "op": ">=", "value": 10},
                                                        {"use": "Compare", "var": "mood", "op": "==", "value": "calm"}]},
                  "target": "haggling"},
                 {"event": "offer", "guard": {"use": "Compare", "var": "gold", "op": ">=", "value": 10},
                  "action": {"use": "Set", "var": "mood", "value": "calm"}},
                 {"event": "restock", "guard": {"use": "Compare", "var": "gold", "op": "<", "value": 10},
                  "action": {"use": "Set", "var": "gold", "value": 40}}]},
               "haggling": {"transitions": [
                 {"event": "deal", "action": [{"use": "Add", "var": "gold", "amount": -10}, {"use": "Set", "var": "mood", "value": "grumpy"}],
                  "target": "idle"},
                 {"event": "refuse", "target": "idle"}]}}}
            """;

    @SuppressWarnings("unchecked")
    static Chart<Shopkeeper> builtIn() {
        return ChartLoader.of(BuiltIn.<Shopkeeper>components()).load("shopkeeper.json", JSON);
    }

    static Chart<Shopkeeper> lambdas() {
        return Chart.<Shopkeeper>builder("shopkeeper")
                .initial("idle")
                .state("idle", s -> {
                    s.on("offer").guard(o -> o.gold >= 10 && o.mood == 0).target("haggling");
                    s.on("offer").guard(o -> o.gold >= 10).action((o, e) -> o.mood = 0);
                    s.on("restock").guard(o -> o.gold < 10).action((o, e) -> o.gold = 40);
                })
                .state("haggling", s -> {
                    s.on("deal").action((o, e) -> {
                        o.gold = Math.max(0, o.gold - 10);
                        o.mood = 1;
                    }).target("idle");
                    s.on("refuse").target("idle");
                })
                .build();
    }

    static Chart<Shopkeeper> javaVariables() {
        return Chart.<Shopkeeper>builder("shopkeeper")
                .variable(Variable.integer("gold", 0, 999, 20))
                .variable(Variable.choice("mood", java.util.List.of("calm", "grumpy"), "calm"))
                .initial("idle")
                .state("idle", s -> {
                    s.on("offer").guard((dev.arbor.core.MachineGuard<Shopkeeper, Object>) (m, o, e) ->
                            m.variables().value(0) >= 10 && m.variables().value(1) == 0).target("haggling");
                    s.on("offer").guard((dev.arbor.core.MachineGuard<Shopkeeper, Object>) (m, o, e) -> m.variables().value(0) >= 10)
                            .action((m, o, e) -> m.variables().setValue(1, 0));
                    s.on("restock").guard((dev.arbor.core.MachineGuard<Shopkeeper, Object>) (m, o, e) -> m.variables().value(0) < 10)
                            .action((m, o, e) -> m.variables().setValue(0, 40));
                })
                .state("haggling", s -> {
                    s.on("deal").action((m, o, e) -> {
                        m.variables().add(0, -10);
                        m.variables().setValue(1, 1);
                    }).target("idle");
                    s.on("refuse").target("idle");
                })
                .build();
    }

    @Param
    public Guards guards;

    private Machine<?>[] machines;
    private int next;

    @Setup
    public void setUp() {
        Chart<Shopkeeper> chart = switch (guards) {
            case BUILT_IN -> builtIn();
            case LAMBDA -> lambdas();
            case JAVA_VARIABLES -> javaVariables();
        };
        machines = new Machine<?>[MACHINES];
        for (int i = 0; i < MACHINES; i++) {
            Machine<Shopkeeper> m = chart.newMachine(new Shopkeeper());
            m.start();
            for (int k = 0; k < i % EVENTS.length; k++) {
                m.fire(EVENTS[k]); // spread the machines over the cycle
            }
            machines[i] = m;
        }
    }

    @Benchmark
    @OperationsPerInvocation(MACHINES)
    public void fire() {
        String event = EVENTS[next];
        next = next + 1 == EVENTS.length ? 0 : next + 1;
        for (Machine<?> m : machines) {
            m.fire(event);
        }
    }
}
