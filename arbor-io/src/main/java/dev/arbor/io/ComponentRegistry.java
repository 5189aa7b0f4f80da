package dev.arbor.io;

import dev.arbor.core.Action;
import dev.arbor.core.Behavior;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The components a chart file may name: state behaviours, conditions, actions and state handlers,
 * each registered by a programmer under the name designers write after {@code "use"} (the component HSM's
 * reusable states, conditions and responses).
 *
 * <p>A component registered as a class is made afresh for every place a file uses it, with the
 * properties written there bound by Jackson onto its record components (all of which the file must
 * give) or onto its public fields and setters (each optional, keeping its initial value when not
 * given). A component registered as an instance takes no properties.
 *
 * <pre>{@code
 * ComponentRegistry<Npc> components = ComponentRegistry.<Npc>create()
 *     .behavior("MoveTo", MoveTo.class)          // record MoveTo(double speed) implements Behavior<Npc>
 *     .condition("EnemyNear", npc -> npc.enemyNear)
 *     .action("Shout", Shout.class);
 * }</pre>
 *
 * <p>A component type may also learn the state it is placed in: a property annotated
 * {@code @JacksonInject(ComponentRegistry.STATE)} of type {@code String} is given the name of
 * the state whose part of the file holds the component (see {@link #STATE}). It is not a
 * property the file writes: it is not listed among the type's properties in error messages, and
 * a file that gives it is told the component has no such property.
 *
 * <pre>{@code
 * record Say(String text, @JacksonInject(ComponentRegistry.STATE) String state) implements MachineStateAction<Npc> {
 *     public void run(Machine<Npc> machine, Npc npc) {
 *         machine.log(machine.chart().stateId(state), text);
 *     }
 * }
 * }</pre>
 *
 * <p>A registry is filled once, before loading, and then only read; it is not thread-safe while
 * being filled.
 *
 * @param <C> the owner (context) type of the charts it serves
 */
public final class ComponentRegistry<C> {

    /**
     * The Jackson injection id under which a component made from a file is given the name of the
     * state it is placed in ({@code @JacksonInject(ComponentRegistry.STATE) String state}): for an
     * entry, exit, update or initial action, a behaviour or a handler, the state that declares
     * it; for a transition's trigger condition, guard or action, the transition's source state;
     * at the top level of the file and in its {@code "global"} part (and for
     * {@code "onUnhandled"}), the root, whose name is {@code "root"}
     * ({@link dev.arbor.core.Chart#ROOT}). {@link dev.arbor.core.Chart#stateId(Object)} turns the
     * name into the state's id. Component types without such a property are made as before.
     */
    public static final String STATE = "arbor.state";

    /**
     * The Jackson injection id under which a component made from a file is given the variables
     * the file declares ({@code @JacksonInject(ComponentRegistry.VARIABLES) List<Variable> declared},
     * in declaration order, so that a variable's index is its id): a component that names a
     * variable checks it when the file loads, and throws a {@link PropertyException} naming the
     * property when the file does not declare it or it is of the wrong type.
     */
    public static final String VARIABLES = "arbor.variables";

    /** The four kinds of component a file can name; each has its own namespace. */
    public enum Kind {
        /** A state behaviour, named in a state's {@code "use"}. */
        BEHAVIOR("behaviour"),
        /** A condition or guard, named in {@code "when"} and {@code "guard"}. */
        CONDITION("condition"),
        /** An action, named in entry, exit, update, initial and transition actions and {@code "onUnhandled"}. */
        ACTION("action"),
        /** A state handler, named in a state's {@code "handler"}. */
        HANDLER("handler");

        final String word;

        Kind(String word) {
            this.word = word;
        }

        /**
         * The kind as messages and listings name it.
         *
         * @return {@code "behaviour"}, {@code "condition"}, {@code "action"} or {@code "handler"}
         */
        public String word() {
            return word;
        }
    }

    /** One registration: either a type to instantiate with properties, or a ready instance; its line of documentation ("" when none). */
    record Entry(String name, Kind kind, Class<?> type, Object instance, String doc) {}

    private final Map<Kind, Map<String, Entry>> entries = new EnumMap<>(Kind.class);

    private ComponentRegistry() {
        for (Kind k : Kind.values()) {
            entries.put(k, new TreeMap<>());
        }
    }

    /**
     * An empty registry.
     *
     * @param <C> the owner (context) type of the charts it serves
     * @return a registry to fill, then load with
     */
    public static <C> ComponentRegistry<C> create() {
        return new ComponentRegistry<>();
    }

    /**
     * Registers a state behaviour type; a file configures each use with properties.
     *
     * @param name the name a file writes after {@code "use"}
     * @param type a concrete class or record, made afresh for every use
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken by a behaviour, or the type is abstract
     */
    public ComponentRegistry<C> behavior(String name, Class<? extends Behavior<C>> type) {
        return add(name, Kind.BEHAVIOR, type, null);
    }

    /**
     * Registers a state behaviour instance, shared by every use; it takes no properties.
     *
     * @param name     the name a file writes after {@code "use"}
     * @param instance the behaviour every use gets
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken by a behaviour
     */
    public ComponentRegistry<C> behavior(String name, Behavior<C> instance) {
        return add(name, Kind.BEHAVIOR, null, instance);
    }

    /**
     * Registers a condition type: a {@link Condition} (usable in {@code when}, {@code guard} and
     * eventless transitions) or a {@link Guard} (which also sees the event; usable as a
     * {@code guard} only).
     *
     * @param name the name a file writes after {@code "use"}; conditions and guards share one namespace
     * @param type a concrete class or record, made afresh for every use
     * @return this registry
     * @throws IllegalArgumentException if the type is neither, or is abstract, or the name is blank or taken
     */
    public ComponentRegistry<C> condition(String name, Class<?> type) {
        requireOneOf(name, type, Condition.class, Guard.class, dev.arbor.core.MachineCondition.class,
                dev.arbor.core.MachineGuard.class);
        return add(name, Kind.CONDITION, type, null);
    }

    /**
     * Registers a condition instance; it takes no properties.
     *
     * @param name     the name a file writes after {@code "use"}; conditions and guards share one namespace
     * @param instance the condition every use gets
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken
     */
    public ComponentRegistry<C> condition(String name, Condition<C> instance) {
        return add(name, Kind.CONDITION, null, instance);
    }

    /**
     * Registers a guard instance (a condition that also sees the event); it takes no properties.
     *
     * @param name     the name a file writes after {@code "use"}; conditions and guards share one namespace
     * @param instance the guard every use gets
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken
     */
    public ComponentRegistry<C> guard(String name, Guard<C, Object> instance) {
        return add(name, Kind.CONDITION, null, instance);
    }

    /**
     * Registers an action type: a {@link StateAction} or {@link MachineStateAction} (usable in
     * entry, exit, update and initial actions, and on transitions), or an {@link Action} or
     * {@link MachineAction} (which see the event, and so run on transitions only).
     *
     * @param name the name a file writes after {@code "use"}; all actions share one namespace
     * @param type a concrete class or record, made afresh for every use
     * @return this registry
     * @throws IllegalArgumentException if the type is none of these, or is abstract, or the name is blank or taken
     */
    public ComponentRegistry<C> action(String name, Class<?> type) {
        requireOneOf(name, type, StateAction.class, MachineStateAction.class, Action.class, MachineAction.class);
        return add(name, Kind.ACTION, type, null);
    }

    /**
     * Registers a state action instance (entry, exit, update or transition); it takes no properties.
     *
     * @param name     the name a file writes after {@code "use"}; all actions share one namespace
     * @param instance the action every use gets
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken
     */
    public ComponentRegistry<C> action(String name, StateAction<C> instance) {
        return add(name, Kind.ACTION, null, instance);
    }

    /**
     * Registers a transition action instance, which sees the event; it takes no properties.
     *
     * @param name     the name a file writes after {@code "use"}; all actions share one namespace
     * @param instance the action every use gets
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken
     */
    public ComponentRegistry<C> transitionAction(String name, Action<C, Object> instance) {
        return add(name, Kind.ACTION, null, instance);
    }

    /**
     * Registers a state handler type (a state written as an object).
     *
     * @param name the name a file writes after {@code "use"}
     * @param type a concrete class or record, made afresh for every use
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken by a handler, or the type is abstract
     */
    public ComponentRegistry<C> handler(String name, Class<? extends StateHandler<C>> type) {
        return add(name, Kind.HANDLER, type, null);
    }

    /**
     * Registers a state handler instance; it takes no properties.
     *
     * @param name     the name a file writes after {@code "use"}
     * @param instance the handler every use gets
     * @return this registry
     * @throws IllegalArgumentException if the name is blank or taken by a handler
     */
    public ComponentRegistry<C> handler(String name, StateHandler<C> instance) {
        return add(name, Kind.HANDLER, null, instance);
    }

    // ---------------------------------------------------------------- the same, with a line of documentation

    /**
     * Registers a state behaviour type, as {@link #behavior(String, Class)}, with the line of
     * documentation that {@code arbor components} and chart schemas show for it.
     *
     * @param name the name a file writes after {@code "use"}
     * @param type a concrete class or record, made afresh for every use
     * @param doc  one line saying what it does, for designers
     * @return this registry
     * @throws IllegalArgumentException as {@link #behavior(String, Class)} does
     */
    public ComponentRegistry<C> behavior(String name, Class<? extends Behavior<C>> type, String doc) {
        return add(name, Kind.BEHAVIOR, type, null, doc);
    }

    /**
     * Registers a state behaviour instance, as {@link #behavior(String, Behavior)}, with a line of documentation.
     *
     * @param name     the name a file writes after {@code "use"}
     * @param instance the behaviour every use gets
     * @param doc      one line saying what it does, for designers
     * @return this registry
     * @throws IllegalArgumentException as {@link #behavior(String, Behavior)} does
     */
    public ComponentRegistry<C> behavior(String name, Behavior<C> instance, String doc) {
        return add(name, Kind.BEHAVIOR, null, instance, doc);
    }

    /**
     * Registers a condition type, as {@link #condition(String, Class)}, with a line of documentation.
     *
     * @param name the name a file writes after {@code "use"}
     * @param type a concrete class or record, made afresh for every use
     * @param doc  one line saying what it does, for designers
     * @return this registry
     * @throws IllegalArgumentException as {@link #condition(String, Class)} does
     */
    public ComponentRegistry<C> condition(String name, Class<?> type, String doc) {
        requireOneOf(name, type, Condition.class, Guard.class, dev.arbor.core.MachineCondition.class,
                dev.arbor.core.MachineGuard.class);
        return add(name, Kind.CONDITION, type, null, doc);
    }

    /**
     * Registers a condition instance, as {@link #condition(String, Condition)}, with a line of documentation.
     *
     * @param name     the name a file writes after {@code "use"}
     * @param instance the condition every use gets
     * @param doc      one line saying what it does, for designers
     * @return this registry
     * @throws IllegalArgumentException as {@link #condition(String, Condition)} does
     */
    public ComponentRegistry<C> condition(String name, Condition<C> instance, String doc) {
        return add(name, Kind.CONDITION, null, instance, doc);
    }

    /**
     * Registers an action type, as {@link #action(String, Class)}, with a line of documentation.
     *
     * @param name the name a file writes after {@code "use"}
     * @param type a concrete class or record, made afresh for every use
     * @param doc  one line saying what it does, for designers
     * @return this registry
     * @throws IllegalArgumentException as {@link #action(String, Class)} does
     */
    public ComponentRegistry<C> action(String name, Class<?> type, String doc) {
        requireOneOf(name, type, StateAction.class, MachineStateAction.class, Action.class, MachineAction.class);
        return add(name, Kind.ACTION, type, null, doc);
    }

    /**
     * Registers a state action instance, as {@link #action(String, StateAction)}, with a line of documentation.
     *
     * @param name     the name a file writes after {@code "use"}
     * @param instance the action every use gets
     * @param doc      one line saying what it does, for designers
     * @return this registry
     * @throws IllegalArgumentException as {@link #action(String, StateAction)} does
     */
    public ComponentRegistry<C> action(String name, StateAction<C> instance, String doc) {
        return add(name, Kind.ACTION, null, instance, doc);
    }

    /**
     * Registers a state handler type, as {@link #handler(String, Class)}, with a line of documentation.
     *
     * @param name the name a file writes after {@code "use"}
     * @param type a concrete class or record, made afresh for every use
     * @param doc  one line saying what it does, for designers
     * @return this registry
     * @throws IllegalArgumentException as {@link #handler(String, Class)} does
     */
    public ComponentRegistry<C> handler(String name, Class<? extends StateHandler<C>> type, String doc) {
        return add(name, Kind.HANDLER, type, null, doc);
    }

    // ---------------------------------------------------------------- reading

    /**
     * What is registered, for tools that list a library or write a schema: every component with
     * its kind, its line of documentation and the properties a file gives it (found by the same
     * Jackson introspection that binds them; injected properties are not the file's and are left
     * out), ordered by kind (behaviours, conditions, actions, handlers), then name.
     *
     * @return the components, unmodifiable
     */
    public List<ComponentInfo> describe() {
        Binder binder = new Binder();
        List<ComponentInfo> all = new ArrayList<>();
        for (Map<String, Entry> m : entries.values()) {
            for (Entry e : m.values()) {
                all.add(binder.describe(e));
            }
        }
        return List.copyOf(all);
    }

    Entry find(Kind kind, String name) {
        return entries.get(kind).get(name);
    }

    /** Every registration, by kind, then name. */
    List<Entry> entries() {
        List<Entry> all = new ArrayList<>();
        entries.values().forEach(m -> all.addAll(m.values()));
        return all;
    }

    /** Registers an entry of another registry as it is (its owner type is the caller's to vouch for). */
    void put(Entry e) {
        add(e.name(), e.kind(), e.type(), e.instance(), e.doc());
    }

    /** The names registered for a kind, sorted. */
    List<String> names(Kind kind) {
        return new ArrayList<>(entries.get(kind).keySet());
    }

    private ComponentRegistry<C> add(String name, Kind kind, Class<?> type, Object instance) {
        return add(name, kind, type, instance, "");
    }

    private ComponentRegistry<C> add(String name, Kind kind, Class<?> type, Object instance, String doc) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(doc, "doc");
        if (doc.strip().contains("\n")) {
            throw new IllegalArgumentException(kind.word + " '" + name + "': its documentation is one line");
        }
        if (name.isBlank()) {
            throw new IllegalArgumentException("a component name cannot be blank");
        }
        if (type == null) {
            Objects.requireNonNull(instance, "instance");
        } else if (type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException(kind.word + " '" + name + "': " + type.getName()
                    + " is abstract; register a concrete class or record");
        }
        Map<String, Entry> m = entries.get(kind);
        if (m.containsKey(name)) {
            throw new IllegalArgumentException("a " + kind.word + " named '" + name + "' is already registered");
        }
        m.put(name, new Entry(name, kind, type, instance, doc.strip()));
        return this;
    }

    private static void requireOneOf(String name, Class<?> type, Class<?>... allowed) {
        Objects.requireNonNull(type, "type");
        for (Class<?> a : allowed) {
            if (a.isAssignableFrom(type)) {
                return;
            }
        }
        List<String> names = new ArrayList<>();
        for (Class<?> a : allowed) {
            names.add(a.getSimpleName());
        }
        throw new IllegalArgumentException("component '" + name + "': " + type.getName()
                + " implements none of " + String.join(", ", names));
    }
}
