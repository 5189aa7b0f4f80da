package dev.arbor.core.reference;

/**
 * What one generated user action does: append a record to the trace, optionally set a boolean
 * variable, optionally raise an internal event. The same description is executed by the Arbor
 * chart (inside a lambda) and by the {@link ReferenceInterpreter}, through {@link Env#apply}.
 *
 * <p>An event is raised on the internal queue ({@code Machine.raise}, SCXML {@code <raise>}) or,
 * when {@code external} is set, sent to the external queue ({@code Machine.fire} from inside an
 * action, processed after the current step; SCXML {@code <send>} to the session itself).
 *
 * <p>Setting a variable to {@code true} and raising an event each spend one unit of the
 * environment's per-step budget; with the budget spent they do nothing. Clearing a variable is
 * free. This is what makes generated charts settle: every eventless transition is guarded by a
 * variable that its own action clears, and nothing can re-arm it or raise events forever.
 *
 * @param log    the trace record written first
 * @param setVar the variable to set, or -1
 * @param value  the value to set it to
 * @param raise    an event to raise, or null
 * @param external whether the event goes to the external queue rather than the internal one
 * @param fail     whether the action then throws (budgeted too), to exercise the error policy
 * @param setGold  a value the designer int {@code gold} is set to (the built-in {@code Set}), or -1
 * @param addGold  an amount then added to it (0..7, clamped: the built-in {@code Add}), or 0
 * @param roll     whether the designer int {@code die} is set to a draw from 0 to 5 of the machine's seeded
 *                 generator (the built-in {@code Random})
 */
record Effect(String log, int setVar, boolean value, String raise, boolean external, boolean fail, int setGold,
              int addGold, boolean roll) {

    Effect(String log, int setVar, boolean value, String raise, boolean external, boolean fail) {
        this(log, setVar, value, raise, external, fail, -1, 0, false);
    }

    static Effect log(String log) {
        return new Effect(log, -1, false, null, false, false);
    }

    Effect withoutEvent() {
        return new Effect(log, setVar, value, null, false, fail, setGold, addGold, roll);
    }

    Effect withoutFailure() {
        return new Effect(log, setVar, value, raise, external, false, setGold, addGold, roll);
    }

    Effect withDesignerVariables(int setGold, int addGold, boolean roll) {
        return new Effect(log, setVar, value, raise, external, fail, setGold, addGold, roll);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("log(" + log + ")");
        if (setVar >= 0) {
            b.append(" v").append(setVar).append('=').append(value);
        }
        if (raise != null) {
            b.append(external ? " send(" : " raise(").append(raise).append(')');
        }
        if (setGold >= 0) {
            b.append(" gold=").append(setGold);
        }
        if (addGold != 0) {
            b.append(" gold+=").append(addGold);
        }
        if (roll) {
            b.append(" die=random(6)");
        }
        if (fail) {
            b.append(" THROW");
        }
        return b.toString();
    }
}
