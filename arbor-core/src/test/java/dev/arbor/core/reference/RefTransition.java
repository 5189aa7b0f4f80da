package dev.arbor.core.reference;

import java.util.ArrayList;
import java.util.List;

/** A transition of the reference model. */
final class RefTransition {
    /** Declaration number: source in document order, then declaration order (Arbor numbers them so too). */
    final int id;
    final RefState source;
    /** The event descriptor, or null for an eventless transition. Done events are {@code done.state.NAME}. */
    final String event;
    /** For a completion transition: the state whose done event triggers it (else null). */
    final RefState doneOf;
    /** Guard: the variable tested, or -1 for none; the guard holds when {@code vars[guardVar] != guardNegated}. */
    int guardVar = -1;
    boolean guardNegated;
    /** Guard: the designer int {@code gold} must be at least this (the built-in {@code Compare}), or -1 for no such test. */
    int goldAtLeast = -1;
    final List<RefState> targets = new ArrayList<>();
    /** Arbor LOCAL (SCXML type="internal" plus Arbor's local-to-ancestor); otherwise EXTERNAL. */
    boolean local;
    final List<Effect> actions = new ArrayList<>();
    /**
     * Whether the guard is the owner's to decide ({@link Env#decider}, {@link GeneratedChart}): a
     * guard written in Java, whose outcome a test forces or draws. False in the differential test.
     */
    boolean decided;
    /** Polled ({@code when}, tested by ticks; its guard is its condition) rather than eventless. */
    boolean polled;
    /** For a polled transition: a timer of this many ticks ({@code after}); 0 for {@code when}. */
    long after;

    RefTransition(int id, RefState source, String event, RefState doneOf) {
        this.id = id;
        this.source = source;
        this.event = event;
        this.doneOf = doneOf;
    }

    boolean guardHolds(Env env) {
        if (decided) {
            return env.decider.guard(id);
        }
        return (guardVar < 0 || env.vars[guardVar] != guardNegated) && (goldAtLeast < 0 || env.gold() >= goldAtLeast);
    }

    String describe() {
        StringBuilder b = new StringBuilder("t").append(id).append(": ").append(source.name).append(' ');
        if (polled) {
            b.append(after > 0 ? "after(" + after + ")" : "when");
        } else if (event == null) {
            b.append("always");
        } else if (doneOf != null) {
            b.append("onDone(").append(doneOf.name).append(')');
        } else {
            b.append("on(\"").append(event).append("\")");
        }
        if (guardVar >= 0) {
            b.append(" [").append(guardNegated ? "!" : "").append('v').append(guardVar).append(']');
        }
        if (goldAtLeast >= 0) {
            b.append(" [gold>=").append(goldAtLeast).append(']');
        }
        if (targets.isEmpty()) {
            b.append(" (targetless)");
        } else {
            b.append(" ->");
            for (RefState t : targets) {
                b.append(' ').append(t.name);
            }
            b.append(local ? " LOCAL" : " EXTERNAL");
        }
        b.append(" / ").append(actions);
        return b.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
