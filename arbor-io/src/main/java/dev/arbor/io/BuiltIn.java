package dev.arbor.io;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.Variable;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The components every chart file may use, with no Java behind them: actions that write the
 * chart's own variables ({@code Set}, {@code Add}, {@code Toggle}, {@code Random}), that log and
 * raise events ({@code Log}, {@code Raise}), and conditions that read them ({@code Compare},
 * {@code IsSet}, {@code InState}, {@code Chance}; with the file's {@code allOf}, {@code anyOf}
 * and {@code not}). They work for any owner type: they read and write only the machine.
 *
 * <p>Variables are named as the file declares them ({@code "variables"}); a name the file does not
 * declare, a variable of the wrong type for the component, or a value out of its range is reported
 * when the file loads, at the property. {@code Random} and {@code Chance} draw from the machine's own
 * seeded generator ({@link dev.arbor.core.Variables#nextInt}), part of its snapshot, so that rollback
 * and replay draw the same again. Each component is documented with an example in
 * {@code docs/chart-format.md}.
 */
public final class BuiltIn {
    /** The library's name, as a file's {@code "components"} gives it. */
    public static final String NAME = "arbor";

    private BuiltIn() {}

    /**
     * Adds the built-in components to a registry, each under its name unless the registry has a
     * component of that kind and name already (a library may give its own {@code Log}).
     *
     * @param registry the registry to add to
     * @param <C>      its owner type
     * @return the registry
     */
    public static <C> ComponentRegistry<C> addTo(ComponentRegistry<C> registry) {
        addAction(registry, "Set", SetVariable.class, "Sets a variable to a value");
        addAction(registry, "Add", Add.class, "Adds an amount to an int variable, clamped to its range");
        addAction(registry, "Toggle", Toggle.class, "Flips a bool or trigger variable");
        addAction(registry, "Random", RandomValue.class, "Sets a variable to a value drawn from the machine's seeded generator");
        addAction(registry, "Log", Log.class, "Writes a line to the trace, naming the state it is in");
        addAction(registry, "Raise", Raise.class, "Raises an event, processed in the same step");
        addAction(registry, "Send", Send.class, "Sends a telegram to another agent through the machine's dispatcher, after a delay in ticks");
        addCondition(registry, "Compare", Compare.class, "Holds when a variable compares with a value or another variable (==, !=, <, <=, >, >=)");
        addCondition(registry, "IsSet", IsSet.class, "Holds when a bool or trigger variable is true");
        addCondition(registry, "InState", InState.class, "Holds when the machine is in a state");
        addCondition(registry, "Chance", Chance.class, "Holds a percentage of the times it is tested, drawn from the machine's seeded generator");
        return registry;
    }

    /**
     * A registry of the built-in components alone.
     *
     * @param <C> the owner type of the charts it loads
     * @return a new registry
     */
    public static <C> ComponentRegistry<C> components() {
        return addTo(ComponentRegistry.create());
    }

    /**
     * Whether a guard or action, as a chart built from a file holds it, is a built-in component
     * whose whole effect is on its machine, so that analysis can run it as it is and know the
     * outcome: {@code Set}, {@code Add}, {@code Toggle}, {@code Log} and {@code Raise} among the
     * actions; {@code Compare}, {@code IsSet} and {@code InState} among the conditions, and
     * {@code allOf}, {@code anyOf} and {@code not} of such. Not {@code Random} or {@code Chance},
     * which draw ({@link #drawnVariable}), nor {@code Send}, which reaches another machine, nor any
     * component written in Java.
     *
     * @param function a guard or action of a chart ({@code Substitution} gives them)
     * @return true when analysis may run it as it is
     */
    public static boolean isExact(Object function) {
        Object f = function instanceof Named<?> n ? n.component() : function;
        if (f instanceof Guards.Combined<?> c) {
            return c.parts().stream().allMatch(BuiltIn::isExact);
        }
        return f instanceof SetVariable || f instanceof Add || f instanceof Toggle || f instanceof Log
                || f instanceof Raise || f instanceof Consume || f instanceof Compare || f instanceof IsSet || f instanceof InState;
    }

    /**
     * The variable a built-in {@code Random} action sets to a value drawn from the machine's
     * generator: analysis takes every value of its range in turn.
     *
     * @param function an action of a chart
     * @return the variable's name, or empty when the action is not a {@code Random}
     */
    public static Optional<String> drawnVariable(Object function) {
        Object f = function instanceof Named<?> n ? n.component() : function;
        return f instanceof RandomValue<?> r ? Optional.of(r.var.variable.name()) : Optional.empty();
    }

    /**
     * Whether an action is a built-in {@code Send}: it posts a telegram to another agent and
     * changes nothing of its own machine.
     *
     * @param function an action of a chart
     * @return true for a {@code Send}
     */
    public static boolean isSend(Object function) {
        return (function instanceof Named<?> n ? n.component() : function) instanceof Send<?>;
    }

    private static <C> void addAction(ComponentRegistry<C> r, String name, Class<?> type, String doc) {
        if (r.find(ComponentRegistry.Kind.ACTION, name) == null) {
            r.action(name, type, doc);
        }
    }

    private static <C> void addCondition(ComponentRegistry<C> r, String name, Class<?> type, String doc) {
        if (r.find(ComponentRegistry.Kind.CONDITION, name) == null) {
            r.condition(name, type, doc);
        }
    }

    // ---------------------------------------------------------------- a variable named by a property

    /**
     * A variable a component names in one of its properties, found among those the file declares
     * and checked to be of a type the component takes.
     */
    static final class Slot {
        final String property;
        final Variable variable;
        final int id;

        Slot(String property, String name, List<Variable> declared, Set<Variable.Type> types) {
            this.property = property;
            if (name == null) {
                throw new PropertyException(property, "\"" + property + "\" must name one of the chart's variables");
            }
            int found = -1;
            List<String> names = new ArrayList<>();
            for (int i = 0; i < declared.size(); i++) {
                names.add(declared.get(i).name());
                if (declared.get(i).name().equals(name)) {
                    found = i;
                }
            }
            if (found < 0) {
                String near = NearestName.among(name, names);
                throw new PropertyException(property, "unknown variable '" + name + "'"
                        + (near == null ? "" : "; did you mean '" + near + "'?")
                        + (names.isEmpty() ? "; the chart declares no variables (\"variables\" at the top of the file)"
                        : "; the chart's variables: " + String.join(", ", names)));
            }
            this.id = found;
            this.variable = declared.get(found);
            if (!types.contains(variable.type())) {
                List<String> words = new ArrayList<>();
                types.forEach(t -> words.add(t.word()));
                throw new PropertyException(property, "variable '" + name + "' is " + variable.describe() + "; "
                        + "this needs " + (words.size() == 1 ? "a" + (words.get(0).startsWith("i") ? "n " : " ") + words.get(0)
                        : "one of: " + String.join(", ", words)));
            }
        }

        /** The raw form of a value the file gives for this variable, refused out of range at {@code valueProperty}. */
        int raw(String valueProperty, JsonNode value) {
            if (value == null || value.isNull() || value.isMissingNode()) {
                throw new PropertyException(valueProperty, "\"" + valueProperty + "\" needs a value for variable '"
                        + variable.name() + "' (" + variable.describe() + ")");
            }
            Object v = value.isBoolean() ? value.booleanValue() : value.isIntegralNumber() && value.canConvertToInt()
                    ? value.intValue() : value.isTextual() ? value.textValue() : value.toString();
            if (value.isTextual() && variable.type() != Variable.Type.ENUM) {
                v = value.toString(); // "3" is text, not the number 3: say so with its quotes
            }
            try {
                return variable.raw(v);
            } catch (IllegalArgumentException e) {
                throw new PropertyException(valueProperty, e.getMessage());
            }
        }
    }

    private static final Set<Variable.Type> ANY = EnumSet.allOf(Variable.Type.class);
    private static final Set<Variable.Type> FLAGS = EnumSet.of(Variable.Type.BOOL, Variable.Type.TRIGGER);

    // ---------------------------------------------------------------- actions

    /** {@code {"use": "Set", "var": "mood", "value": "grumpy"}}: sets a variable. */
    public static final class SetVariable<C> implements MachineStateAction<C> {
        private final Slot var;
        private final int raw;

        /**
         * Binds the properties.
         *
         * @param var      the variable's name
         * @param value    its new value: true/false, a number, an enum's name
         * @param declared the chart's variables (given by the loader)
         */
        @JsonCreator
        public SetVariable(@JsonProperty(value = "var", required = true) String var,
                           @JsonProperty(value = "value", required = true) JsonNode value,
                           @JacksonInject(ComponentRegistry.VARIABLES) List<Variable> declared) {
            this.var = new Slot("var", var, declared, ANY);
            this.raw = this.var.raw("value", value);
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            machine.variables().setValue(var.id, raw);
        }

        @Override
        public String toString() {
            return "Set " + var.variable.name() + " = " + var.variable.show(raw);
        }
    }

    /** {@code {"use": "Add", "var": "gold", "amount": -5}}: adds to an int, clamped to its range (the clamp is logged). */
    public static final class Add<C> implements MachineStateAction<C> {
        private final Slot var;
        private final int amount;
        private final String state;

        /**
         * Binds the properties.
         *
         * @param var      the int's name
         * @param amount   what to add (negative to take away)
         * @param state    the state it is placed in (given by the loader)
         * @param declared the chart's variables (given by the loader)
         */
        @JsonCreator
        public Add(@JsonProperty(value = "var", required = true) String var,
                   @JsonProperty(value = "amount", required = true) int amount,
                   @JacksonInject(ComponentRegistry.STATE) String state,
                   @JacksonInject(ComponentRegistry.VARIABLES) List<Variable> declared) {
            this.var = new Slot("var", var, declared, EnumSet.of(Variable.Type.INT));
            this.amount = amount;
            this.state = state;
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            long cut = machine.variables().add(var.id, amount);
            if (cut != 0) {
                Variable v = var.variable;
                machine.log(machine.chart().stateId(state), "Add " + amount + " to " + v.name() + ": clamped to "
                        + (cut > 0 ? v.max() : v.min()) + " (" + v.describe() + ")");
            }
        }

        @Override
        public String toString() {
            return "Add " + amount + " to " + var.variable.name();
        }
    }

    /** {@code {"use": "Toggle", "var": "alert"}}: flips a bool. */
    public static final class Toggle<C> implements MachineStateAction<C> {
        private final Slot var;

        /**
         * Binds the properties.
         *
         * @param var      the bool's name
         * @param declared the chart's variables (given by the loader)
         */
        @JsonCreator
        public Toggle(@JsonProperty(value = "var", required = true) String var,
                      @JacksonInject(ComponentRegistry.VARIABLES) List<Variable> declared) {
            this.var = new Slot("var", var, declared, FLAGS);
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            machine.variables().setValue(var.id, 1 - machine.variables().value(var.id));
        }

        @Override
        public String toString() {
            return "Toggle " + var.variable.name();
        }
    }

    /**
     * {@code {"use": "Random", "var": "die"}}: writes a value drawn from the machine's seeded
     * generator: an int from its min to its max (declare {@code "die": {"type": "int", "min": 1,
     * "max": 6}}), any of an enum's names, true or false.
     */
    public static final class RandomValue<C> implements MachineStateAction<C>, DrawsRandom {
        private final Slot var;

        /**
         * Binds the properties.
         *
         * @param var      the variable's name
         * @param declared the chart's variables (given by the loader)
         */
        @JsonCreator
        public RandomValue(@JsonProperty(value = "var", required = true) String var,
                           @JacksonInject(ComponentRegistry.VARIABLES) List<Variable> declared) {
            this.var = new Slot("var", var, declared, ANY);
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            Variable v = var.variable;
            machine.variables().setValue(var.id, v.min() + machine.variables().nextInt(v.max() - v.min() + 1));
        }

        @Override
        public String toString() {
            return "Random " + var.variable.name();
        }
    }

    /**
     * Not a component a file names: what a transition guarded by {@code IsSet} on trigger
     * variables does when it is taken, setting them back to false.
     */
    static final class Consume<C> implements dev.arbor.core.MachineAction<C, Object> {
        private final int[] ids;

        Consume(int[] ids) {
            this.ids = ids;
        }

        @Override
        public void run(Machine<C> machine, C owner, Object event) {
            for (int id : ids) {
                machine.variables().setValue(id, 0);
            }
        }
    }

    /** {@code {"use": "Log", "text": "opens the shop"}}: a line in the trace, naming the machine's state. */
    public static final class Log<C> implements MachineStateAction<C> {
        private final String text;
        private final String state;

        /**
         * Binds the properties.
         *
         * @param text  the line
         * @param state the state it is placed in (given by the loader)
         */
        @JsonCreator
        public Log(@JsonProperty(value = "text", required = true) String text,
                   @JacksonInject(ComponentRegistry.STATE) String state) {
            this.text = Objects.requireNonNull(text, "text");
            this.state = state;
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            machine.log(machine.chart().stateId(state), text);
        }

        @Override
        public String toString() {
            return "Log \"" + text + "\"";
        }
    }

    /** {@code {"use": "Raise", "event": "call_guards"}}: raises an event, processed in the same step. */
    public static final class Raise<C> implements MachineStateAction<C>, RaisesEvents {
        private final String event;

        /**
         * Binds the properties.
         *
         * @param event the event's name
         */
        @JsonCreator
        public Raise(@JsonProperty(value = "event", required = true) String event) {
            this.event = Objects.requireNonNull(event, "event");
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            machine.raise(event);
        }

        @Override
        public List<String> raisedEvents() {
            return List.of(event);
        }

        @Override
        public String toString() {
            return "Raise " + event;
        }
    }

    /**
     * {@code {"use": "Send", "event": "call_guards", "to": 2, "delay": 5}}: a telegram to another
     * agent through the dispatcher the machine is registered with
     * ({@code Dispatcher.register(agentId, machine)}), due {@code delay} ticks (default 0) after the
     * dispatcher's next delivery.
     */
    public static final class Send<C> implements MachineStateAction<C> {
        private final String event;
        private final int to;
        private int delay;

        /**
         * Binds the properties.
         *
         * @param event the event the receiver's machine is fired with
         * @param to    the receiving agent's id
         */
        @JsonCreator
        public Send(@JsonProperty(value = "event", required = true) String event,
                    @JsonProperty(value = "to", required = true) int to) {
            this.event = Objects.requireNonNull(event, "event");
            this.to = to;
        }

        /**
         * How many ticks later the telegram is due (default 0: at the next delivery).
         *
         * @param delay 0 or more
         */
        @JsonProperty("delay")
        public void setDelay(int delay) {
            if (delay < 0) {
                throw new PropertyException("delay", "\"delay\" is a number of ticks from 0, not " + delay);
            }
            this.delay = delay;
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            dev.arbor.core.Telegraph d = machine.dispatcher();
            if (d == null) {
                throw new IllegalStateException("Send " + event + " to " + to + ": the machine is registered with no "
                        + "dispatcher (Dispatcher.register(agentId, machine))");
            }
            d.post(delay, machine.agentId(), to, event);
        }

        @Override
        public String toString() {
            return "Send " + event + " to " + to + (delay == 0 ? "" : " after " + delay);
        }
    }

    // ---------------------------------------------------------------- conditions

    /** The comparisons {@code Compare} makes. */
    enum Op {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        static Op of(String symbol) {
            for (Op op : values()) {
                if (op.symbol.equals(symbol)) {
                    return op;
                }
            }
            throw new PropertyException("op", "\"op\" is one of ==, !=, <, <=, >, >=; not '" + symbol + "'");
        }
    }

    /**
     * {@code {"use": "Compare", "var": "gold", "op": ">=", "value": 10}}, or with {@code "value":
     * {"var": "price"}} for another variable of the same type: holds when the comparison does. An
     * enum or a bool compares with {@code ==} and {@code !=} only.
     */
    public static final class Compare<C> implements MachineCondition<C>, MachineGuard<C, Object> {
        private final Slot var;
        private final Op op;
        /** {@link #op}'s ordinal. */
        private final int code;
        private final int value;
        private final int other;

        /**
         * Binds the properties.
         *
         * @param var      the variable's name
         * @param op       ==, !=, &lt;, &lt;=, &gt; or &gt;=
         * @param value    what it is compared with: a value, or {@code {"var": "NAME"}} for another variable
         * @param declared the chart's variables (given by the loader)
         */
        @JsonCreator
        public Compare(@JsonProperty(value = "var", required = true) String var,
                       @JsonProperty(value = "op", required = true) String op,
                       @JsonProperty(value = "value", required = true) JsonNode value,
                       @JacksonInject(ComponentRegistry.VARIABLES) List<Variable> declared) {
            this.var = new Slot("var", var, declared, ANY);
            this.op = Op.of(op);
            this.code = this.op.ordinal();
            boolean ordered = this.op != Op.EQ && this.op != Op.NE;
            if (ordered && this.var.variable.type() != Variable.Type.INT) {
                throw new PropertyException("op", "variable '" + var + "' is " + this.var.variable.describe()
                        + ": it compares with == and != only, not " + op);
            }
            if (value != null && value.isObject()) {
                if (value.size() != 1 || !value.has("var") || !value.get("var").isTextual()) {
                    throw new PropertyException("value", "\"value\" is a value, or {\"var\": \"NAME\"} for another variable");
                }
                String other = value.get("var").textValue();
                Slot o = new Slot("value", other, declared, EnumSet.of(this.var.variable.type()));
                if (this.var.variable.type() == Variable.Type.ENUM && !o.variable.values().equals(this.var.variable.values())) {
                    throw new PropertyException("value", "variables '" + var + "' and '" + other
                            + "' are enums of different names: they cannot be compared");
                }
                this.other = o.id;
                this.value = 0;
            } else {
                this.other = -1;
                this.value = this.var.raw("value", value);
            }
        }

        @Override
        public boolean test(Machine<C> machine, C owner) {
            dev.arbor.core.Variables v = machine.variables();
            int a = v.value(var.id);
            int b = other < 0 ? value : v.value(other);
            return switch (code) { // an int switch: no lookup of the enum's ordinal on every test
                case 0 -> a == b;
                case 1 -> a != b;
                case 2 -> a < b;
                case 3 -> a <= b;
                case 4 -> a > b;
                default -> a >= b;
            };
        }

        /** As a guard: the same test; the event does not matter. */
        @Override
        public boolean test(Machine<C> machine, C owner, Object event) {
            return test(machine, owner);
        }

        @Override
        public String toString() {
            return var.variable.name() + " " + op.symbol + " " + (other < 0 ? var.variable.show(value) : "other");
        }
    }

    /**
     * {@code {"use": "IsSet", "var": "alert"}}: a bool or trigger is true. A trigger read by a
     * transition's guard is consumed (set back to false) when that transition is taken.
     */
    public static final class IsSet<C> implements MachineCondition<C>, MachineGuard<C, Object> {
        private final Slot var;

        /**
         * Binds the properties.
         *
         * @param var      the bool's or trigger's name
         * @param declared the chart's variables (given by the loader)
         */
        @JsonCreator
        public IsSet(@JsonProperty(value = "var", required = true) String var,
                     @JacksonInject(ComponentRegistry.VARIABLES) List<Variable> declared) {
            this.var = new Slot("var", var, declared, FLAGS);
        }

        @Override
        public boolean test(Machine<C> machine, C owner) {
            return machine.variables().value(var.id) != 0;
        }

        /** {@return the trigger it reads, whose transition consumes it, or -1 when it reads a bool} */
        int trigger() {
            return var.variable.type() == Variable.Type.TRIGGER ? var.id : -1;
        }

        /** As a guard: the same test; the event does not matter. */
        @Override
        public boolean test(Machine<C> machine, C owner, Object event) {
            return test(machine, owner);
        }

        @Override
        public String toString() {
            return var.variable.name() + " is set";
        }
    }

    /** {@code {"use": "InState", "state": "alarm"}}: the machine is in that state (of any region). */
    public static final class InState<C> implements MachineCondition<C>, MachineGuard<C, Object> {
        private final StateRef state;

        /**
         * Binds the properties.
         *
         * @param state the state's name, checked against the chart's when the file loads
         */
        @JsonCreator
        public InState(@JsonProperty(value = "state", required = true) StateRef state) {
            this.state = Objects.requireNonNull(state, "state");
        }

        @Override
        public boolean test(Machine<C> machine, C owner) {
            return machine.isIn(machine.chart().stateId(state.key()));
        }

        /** As a guard: the same test; the event does not matter. */
        @Override
        public boolean test(Machine<C> machine, C owner, Object event) {
            return test(machine, owner);
        }

        @Override
        public String toString() {
            return "in " + state.key();
        }
    }

    /** {@code {"use": "Chance", "percent": 25}}: holds that often, drawn from the machine's seeded generator. */
    public static final class Chance<C> implements MachineCondition<C>, MachineGuard<C, Object>, DrawsRandom {
        private final int percent;

        /**
         * Binds the properties.
         *
         * @param percent how often it holds, from 0 to 100
         */
        @JsonCreator
        public Chance(@JsonProperty(value = "percent", required = true) int percent) {
            if (percent < 0 || percent > 100) {
                throw new PropertyException("percent", "\"percent\" is from 0 to 100, not " + percent);
            }
            this.percent = percent;
        }

        @Override
        public boolean test(Machine<C> machine, C owner) {
            return machine.variables().nextInt(100) < percent;
        }

        /** As a guard: the same test; the event does not matter. */
        @Override
        public boolean test(Machine<C> machine, C owner, Object event) {
            return test(machine, owner);
        }

        @Override
        public String toString() {
            return "Chance " + percent + "%";
        }
    }
}
