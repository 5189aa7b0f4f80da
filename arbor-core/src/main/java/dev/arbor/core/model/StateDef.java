package dev.arbor.core.model;

import java.util.ArrayList;
import java.util.List;

/** One state of a chart as the builders describe it, before compilation. Mutable; builder-owned. */
public final class StateDef {

    /** What the author declared; atomic and compound are told apart by children at compile time. */
    public enum Declared { PLAIN, PARALLEL, FINAL, HISTORY }

    public final Object key;
    public final String name;
    public final Declared declared;
    /** For a history state: whether it records the whole configuration below its parent (deep) or its parent's child (shallow). */
    public boolean deepHistory;
    public StateDef parent;
    /** Handler style: the parent's key, resolved by the handler builder. */
    public Object parentKey;
    public final List<StateDef> children = new ArrayList<>();
    /** Targets of the initial transition (compound), or of the default transition (history). */
    public final List<Object> initialTargets = new ArrayList<>();
    public final List<UserAction> initialActions = new ArrayList<>();
    public final List<UserAction> entry = new ArrayList<>();
    public final List<UserAction> exit = new ArrayList<>();
    public final List<UserAction> update = new ArrayList<>();
    public final List<TransitionDef> transitions = new ArrayList<>();
    /** The events this state defers (UML 2 deferred events), as the same selectors transitions use. */
    public final List<Trigger> defers = new ArrayList<>();
    /** The state's handler (the API's {@code StateHandler}), or null. */
    public Object handler;
    public final List<dev.arbor.core.Behavior<?>> behaviors = new ArrayList<>();

    public StateDef(Object key, Declared declared) {
        this.key = key;
        this.name = nameOf(key);
        this.declared = declared;
    }

    public static String nameOf(Object key) {
        if (key instanceof Enum<?> e) {
            return e.name();
        }
        return String.valueOf(key);
    }

    public StateDef addChild(StateDef child) {
        child.parent = this;
        children.add(child);
        return child;
    }

    @Override
    public String toString() {
        return name;
    }
}
