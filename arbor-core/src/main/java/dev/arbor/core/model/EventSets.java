package dev.arbor.core.model;

import dev.arbor.core.NamedEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Event resolution, the one part of a compiled chart that changes as it runs: which of the
 * chart's triggers an event matches, as an {@link EventSet} (its trigger ids, and an index the
 * specialized dispatch knows it by). Enum constants the chart names, the event names it declares
 * and the event classes it names get their sets when the chart is built; an event name or class
 * first seen at run time gets one then, on whichever thread sees it, and keeps it. Every other
 * table of {@link CompiledChart} is fixed when the chart is built.
 */
public final class EventSets {
    /** The set of events no declared trigger names (only wildcards can take them). */
    static final int[] WILDCARD_ONLY = {0};

    /** The chart's triggers by id; id 0 is the wildcard's. */
    private final Trigger[] triggers;
    /** State keys and parents, to match done triggers. */
    private final Object[] key;
    private final int[] parent;
    private final Class<?>[] enumClasses;
    private final EventSet[][] enumSets;
    private final ClassValue<Map<String, EventSet>> namedSets;
    private final ClassValue<EventSet> classSets;
    /** Every event set made so far, by index; guarded by itself (named and class sets are made on first use, on any thread). */
    private final List<int[]> setsByIndex = new ArrayList<>();
    /** Whether a wildcard takes every event, so that the chart knows every event ({@link #knows}). */
    private final boolean takesEveryEvent;


    EventSets(Trigger[] triggers, Object[] key, int[] parent, boolean takesEveryEvent) {
        this.triggers = triggers;
        this.takesEveryEvent = takesEveryEvent;
        this.key = key;
        this.parent = parent;
        List<Class<?>> enums = new ArrayList<>();
        for (Trigger trig : triggers) {
            if (trig.type() == Trigger.Type.CONSTANT) {
                Class<?> ec = ((Enum<?>) trig.value()).getDeclaringClass();
                if (!enums.contains(ec)) {
                    enums.add(ec);
                }
            }
        }
        enumClasses = enums.toArray(new Class<?>[0]);
        enumSets = new EventSet[enumClasses.length][];
        for (int e = 0; e < enumClasses.length; e++) {
            Object[] constants = enumClasses[e].getEnumConstants();
            enumSets[e] = new EventSet[constants.length];
            for (int o = 0; o < constants.length; o++) {
                Object c = constants[o];
                String nm = c instanceof NamedEvent ne ? ne.name() : null;
                enumSets[e][o] = register(computeSet(c.getClass(), nm, c, -1));
            }
        }
        namedSets = new ClassValue<>() {
            @Override
            protected Map<String, EventSet> computeValue(Class<?> type) {
                return new ConcurrentHashMap<>();
            }
        };
        classSets = new ClassValue<>() {
            @Override
            protected EventSet computeValue(Class<?> type) {
                return register(computeSet(type, null, null, -1));
            }
        };
        // The events the chart names get their sets now, so that a specialized dispatch knows them.
        for (Trigger trig : triggers) {
            if (trig != null && trig.type() == Trigger.Type.NAME && !((String) trig.value()).contains("*")) {
                eventSet(trig.value());
            } else if (trig != null && trig.type() == Trigger.Type.CLASS) {
                classSets.get((Class<?>) trig.value());
            }
        }

    }

    /**
     * Whether a trigger of the chart matches the event, or it is a constant of an enum whose
     * constants are triggers (the enum is the chart's event type, of which a chart may take only
     * some), or a wildcard takes every event. A lookup: the event's set, which the step that found
     * nothing to take it has made already.
     */
    public boolean knows(Object event) {
        if (takesEveryEvent) {
            return true;
        }
        if (event instanceof Enum<?> en) {
            Class<?> dc = en.getDeclaringClass();
            for (Class<?> ec : enumClasses) {
                if (ec == dc) {
                    return true;
                }
            }
        }
        return !wildcardOnly(eventSet(event).ids);
    }

    /**
     * Why chart {@code chart} rejects an event it does not know: the event and its type, the
     * events the chart knows, and the nearest of them by name ({@link NearestName}; a known event
     * of the same name but another type first).
     */
    String unknownEventMessage(String chart, Object event) {
        List<String> names = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        List<String> known = new ArrayList<>();
        for (Class<?> ec : enumClasses) {
            List<String> constants = new ArrayList<>();
            for (Object c : ec.getEnumConstants()) {
                String n = ((Enum<?>) c).name();
                names.add(n);
                shown.add(typeName(ec) + "." + n);
                constants.add(n);
            }
            known.add("the constants of " + typeName(ec) + " (" + listed(constants) + ")");
        }
        List<String> descriptors = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        for (Trigger trig : triggers) {
            if (trig.type() == Trigger.Type.NAME && !descriptors.contains('"' + (String) trig.value() + '"')) {
                String d = (String) trig.value();
                descriptors.add('"' + d + '"');
                names.add(d);
                shown.add('"' + d + '"');
            } else if (trig.type() == Trigger.Type.CLASS) {
                Class<?> c = (Class<?>) trig.value();
                classes.add(typeName(c));
                names.add(c.getSimpleName());
                shown.add("an instance of " + typeName(c));
            }
        }
        if (!descriptors.isEmpty()) {
            known.add("the names " + listed(descriptors) + " (each with the names below it, as \"a\" has \"a.b\")");
        }
        if (!classes.isEmpty()) {
            known.add("instances of " + listed(classes) + " and of their subclasses");
        }
        String name = event instanceof Enum<?> en ? en.name() : event instanceof String s ? s
                : event instanceof NamedEvent ne ? ne.name() : event.getClass().getSimpleName();
        String nearest = null;
        for (int i = 0; i < names.size() && nearest == null; i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                nearest = shown.get(i); // the same name, of another type: the likeliest meaning
            }
        }
        if (nearest == null) {
            String near = NearestName.among(name, names);
            nearest = near == null ? null : shown.get(names.indexOf(near));
        }
        return "chart '" + chart + "' does not know the event " + describe(event)
                + ": no transition, deferral or other trigger of the chart matches it"
                + (nearest == null ? "." : "; did you mean " + nearest + "?")
                + (known.isEmpty() ? " The chart takes no events (its transitions are ticks', eventless or completions')"
                        : " The events it knows: " + String.join("; ", known))
                + ". (An event fired on purpose that the chart may not know: build it with unknownEvents(UnknownEvents.IGNORE).)";
    }

    /** An event and its type, for a message: {@code "NOISE" (a String)}, {@code LOUD (a constant of Volume)}. */
    private static String describe(Object event) {
        String text = String.valueOf(event);
        text = text.length() <= 80 ? text : text.substring(0, 77) + "...";
        if (event instanceof String) {
            return '"' + text + "\" (a String)";
        }
        if (event instanceof Enum<?> en) {
            return text + " (a constant of " + typeName(en.getDeclaringClass()) + ")";
        }
        if (event instanceof NamedEvent ne) {
            return text + " (of class " + typeName(event.getClass()) + ", named \"" + ne.name() + "\")";
        }
        return text + " (of class " + typeName(event.getClass()) + ")";
    }

    /** A class's name without its package, nested classes joined by dots: {@code GuardTest.Ev}. */
    private static String typeName(Class<?> type) {
        String n = type.getName();
        return n.substring(n.lastIndexOf('.') + 1).replace('$', '.');
    }

    /** Up to 20 items, comma-separated, then how many there are in all. */
    private static String listed(List<String> items) {
        return items.size() <= 20 ? String.join(", ", items)
                : String.join(", ", items.subList(0, 20)) + ", ... (" + items.size() + " in all)";
    }

    /** The trigger set of state {@code state}'s done event, named {@code doneName} ({@code done.state.S}). */
    int[] doneSet(int state, String doneName) {
        return computeSet(dev.arbor.core.Done.class, doneName, null, state);
    }

    /** Whether an event set is the one of events no declared trigger names (only wildcards can take them). */
    public static boolean wildcardOnly(int[] set) {
        return set == WILDCARD_ONLY;
    }

    /** The trigger set of events no declared trigger names. */
    public static int[] wildcardOnlySet() {
        return WILDCARD_ONLY;
    }

    /**
     * The trigger ids an event matches, never empty ({@code {0}} when only wildcards can match).
     * Allocation-free after the first event of each class or name.
     */
    public int[] triggerSet(Object event) {
        return eventSet(event).ids;
    }

    /** The event's set of trigger ids, with the index the specialized dispatch knows it by. */
    public EventSet eventSet(Object event) {
        if (event instanceof Enum<?> en) {
            Class<?> dc = en.getDeclaringClass();
            Class<?>[] ecs = enumClasses;
            for (int i = 0; i < ecs.length; i++) {
                if (ecs[i] == dc) {
                    return enumSets[i][en.ordinal()];
                }
            }
        }
        String nm = event instanceof String s ? s : event instanceof NamedEvent ne ? ne.name() : null;
        if (nm != null) {
            Map<String, EventSet> byName = namedSets.get(event.getClass());
            EventSet set = byName.get(nm);
            if (set == null) {
                set = byName.computeIfAbsent(nm, k -> register(computeSet(event.getClass(), k, null, -1)));
            }
            return set;
        }
        return classSets.get(event.getClass());
    }

    /**
     * The chart's first enum event type when its constants have no bodies of their own (so an
     * event's class is the type itself), else null; with {@link #firstEnumSetIndices}, a fast
     * path from such an event to its set index.
     */
    public Class<?> firstPlainEnum() {
        if (enumClasses.length == 0) {
            return null;
        }
        for (Object constant : enumClasses[0].getEnumConstants()) {
            if (constant.getClass() != enumClasses[0]) {
                return null;
            }
        }
        return enumClasses[0];
    }

    /**
     * Whether every event of this class has the same event set: not a name ({@code String},
     * {@code NamedEvent}) and not an enum whose constants triggers name one by one.
     */
    public boolean setFollowsClass(Class<?> type) {
        if (type == String.class || dev.arbor.core.NamedEvent.class.isAssignableFrom(type)) {
            return false;
        }
        Class<?> declaring = Enum.class.isAssignableFrom(type) && !type.isEnum() ? type.getSuperclass() : type; // a constant with a body
        for (Class<?> e : enumClasses) {
            if (e == declaring) {
                return false;
            }
        }
        return true;
    }

    /** The event set index of each constant of {@link #firstPlainEnum()}, by ordinal. */
    public int[] firstEnumSetIndices() {
        EventSet[] sets = enumSets[0];
        int[] out = new int[sets.length];
        for (int i = 0; i < sets.length; i++) {
            out[i] = sets[i].index;
        }
        return out;
    }

    /**
     * The trigger ids events can match, one array an event set index, as many as have been made
     * so far: events of kinds first seen later get higher indices.
     */
    public List<int[]> eventSetsSoFar() {
        synchronized (setsByIndex) {
            return List.copyOf(setsByIndex);
        }
    }

    private EventSet register(int[] ids) {
        synchronized (setsByIndex) {
            setsByIndex.add(ids);
            return new EventSet(ids, setsByIndex.size() - 1);
        }
    }

    /** The trigger ids one kind of event matches, and its index among the chart's event sets. */
    public static final class EventSet {
        public final int[] ids;
        public final int index;

        EventSet(int[] ids, int index) {
            this.ids = ids;
            this.index = index;
        }
    }

    private int[] computeSet(Class<?> type, String eventName, Object constant, int doneState) {
        List<Integer> ids = new ArrayList<>();
        for (int t = 1; t < triggers.length; t++) {
            Trigger trig = triggers[t];
            boolean match = switch (trig.type()) {
                case CONSTANT -> trig.value() == constant;
                case CLASS -> ((Class<?>) trig.value()).isAssignableFrom(type);
                case NAME -> eventName != null && Trigger.nameMatches((String) trig.value(), eventName);
                case DONE -> doneState >= 0 && trig.value().equals(key[doneState]);
                case CHILD_DONE -> doneState > 0 && trig.value().equals(key[parent[doneState]]);
                case ANY -> false;
            };
            if (match) {
                ids.add(t);
            }
        }
        return ids.isEmpty() ? WILDCARD_ONLY : CompiledChart.toArray(ids);
    }
}
