package dev.arbor.core.reference;

import dev.arbor.core.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The owner of a machine under test (and the reference's extended state): variables, budget,
 * trace. The designer variables {@code gold} (an int from 0 to 7) and {@code die} (0 to 5) and the
 * seeded generator are the machine's own ({@code Machine.variables()}) for an Arbor machine, and
 * this object's fields for the reference, which draws with its own SplitMix64.
 */
final class Env {
    /** The designer variables every generated chart declares: their ids, ranges and initial values. */
    static final int GOLD = 0;
    static final int DIE = 1;
    static final int GOLD_MAX = 7;
    static final int GOLD_INITIAL = 3;
    static final int DIE_FACES = 6;

    final boolean[] vars;
    /** The reference's designer variables and generator (an Arbor machine holds its own). */
    int gold = GOLD_INITIAL;
    int die;
    long random = dev.arbor.core.Variables.DEFAULT_SEED;
    /** How many re-arming effects (variable set to true, raised event) may still run in this step. */
    int budget;
    final List<String> trace = new ArrayList<>();
    /** The Arbor machine that owns this environment (null for the reference). */
    Machine<Env> machine;
    /**
     * The reference's decider of what a {@link GeneratedChart} leaves to Java: the guards of
     * {@link RefTransition#decided} transitions and the die's draws. Null in the differential test.
     */
    GeneratedChart.Decider decider;

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

    /** The designer int {@code gold}: the machine's, or the reference's. */
    int gold() {
        return machine != null ? machine.variables().value(GOLD) : gold;
    }

    int die() {
        return machine != null ? machine.variables().value(DIE) : die;
    }

    long random() {
        return machine != null ? machine.variables().randomState() : random;
    }

    /** The designer variables and the generator, for comparing an Arbor machine with the reference. */
    String designer() {
        return "gold=" + gold() + " die=" + die() + " random=" + Long.toHexString(random());
    }

    /** The reference's draw: SplitMix64 (Steele, Lea and Flood 2014), the value taken modulo the bound. */
    private int draw(int bound) {
        random += 0x9E3779B97F4A7C15L;
        long z = random;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return (int) Math.floorMod(z, (long) bound);
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
        if (e.setGold() >= 0) {
            if (machine != null) {
                machine.variables().setValue(GOLD, e.setGold());
            } else {
                gold = e.setGold();
            }
            trace.add("gold=" + gold());
        }
        if (e.addGold() != 0) {
            if (machine != null) {
                machine.variables().add(GOLD, e.addGold());
            } else {
                gold = Math.max(0, Math.min(GOLD_MAX, gold + e.addGold()));
            }
            trace.add("gold=" + gold());
        }
        if (e.roll()) {
            if (machine != null) {
                machine.variables().setValue(DIE, machine.variables().nextInt(DIE_FACES));
            } else {
                die = decider != null ? decider.draw(DIE_FACES) : draw(DIE_FACES);
            }
            trace.add("die=" + die());
        }
        if (e.fail() && budget > 0) {
            budget--;
            throw new Boom(e.log());
        }
    }
}
