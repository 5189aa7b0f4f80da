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
 * each registered by a programmer under the name designers write after {@code "use"} (seed 004's
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

    /** The four kinds of component a file can name; each has its own namespace. */
    enum Kind {
        BEHAVIOR("behaviour"), CONDITION("condition"), ACTION("action"), HANDLER("handler");

        final String word;

        Kind(String word) {
            this.word = word;
        }
    }

    /** One registration: either a type to instantiate with properties, or a ready instance. */
    record Entry(String name, Kind kind, Class<?> type, Object instance) {}

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
        requireOneOf(name, type, Condition.class, Guard.class);
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

    Entry find(Kind kind, String name) {
        return entries.get(kind).get(name);
    }

    /** The names registered for a kind, sorted. */
    List<String> names(Kind kind) {
        return new ArrayList<>(entries.get(kind).keySet());
    }

    private ComponentRegistry<C> add(String name, Kind kind, Class<?> type, Object instance) {
        Objects.requireNonNull(name, "name");
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
        m.put(name, new Entry(name, kind, type, instance));
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
