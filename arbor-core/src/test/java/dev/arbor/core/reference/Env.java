package dev.arbor.core.reference;

import dev.arbor.core.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** The owner of a machine under test (and the reference's extended state): variables, budget, trace. */
final class Env {
    final boolean[] vars;
    /** How many re-arming effects (variable set to true, raised event) may still run in this step. */
    int budget;
    final List<String> trace = new ArrayList<>();
    /** The Arbor machine that owns this environment (null for the reference). */
    Machine<Env> machine;

    Env(boolean[] initialVars) {
        this.vars = initialVars.clone();
    }

    /** Runs one effect; {@code raiser} takes internal events, {@code sender} external ones. */
    /** What a failing generated action throws. */
    static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Boom(String log) {
            super("boom " + log, null, false, false);
        }
    }

    void apply(Effect e, Consumer<String> raiser, Consumer<String> sender) {
        trace.add(e.log());
        if (e.setVar() >= 0) {
            if (!e.value()) {
                vars[e.setVar()] = false;
            } else if (budget > 0) {
                budget--;
                vars[e.setVar()] = true;
            }
        }
        if (e.raise() != null && budget > 0) {
            budget--;
            (e.external() ? sender : raiser).accept(e.raise());
        }
        if (e.fail() && budget > 0) {
            budget--;
            throw new Boom(e.log());
        }
    }
}
