package dev.arbor.core.speed;

import static dev.arbor.core.speed.SemanticsHooks.ACTION_FAILED;
import static dev.arbor.core.speed.SemanticsHooks.HANDLED;
import static java.lang.invoke.MethodHandles.catchException;
import static java.lang.invoke.MethodHandles.dropArguments;
import static java.lang.invoke.MethodHandles.foldArguments;
import static java.lang.invoke.MethodHandles.guardWithTest;
import static java.lang.invoke.MethodHandles.insertArguments;
import static java.lang.invoke.MethodHandles.permuteArguments;

import dev.arbor.core.model.UserAction;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * How a compiled case is put together from steps, each a method handle of the case's arguments
 * {@code (Machine, owner, event)}: a hook bound to a state or a transition id, a user action with
 * its failure handed to the machine, a list of steps folded into one balanced tree that ends in
 * "handled", a microstep in its quiet and full variants; and {@link SizedHandle}, a handle with
 * the number of steps it inlines, which the compilers weigh against
 * {@link Specializer#CASE_BUDGET}. No state: every compiler of the speed tier uses these.
 */
final class Steps {

    private Steps() {
    }

    /** A handle and the number of steps it inlines. */
    record SizedHandle(MethodHandle handle, int steps) {}

    /** Two ids (a leaf and a state or transition) as one map key. */
    static long pair(int leaf, int id) {
        return ((long) leaf << 32) | id;
    }

    /** A microstep quiet and in full, the machine choosing at the start of the step by {@code quietTest}. */
    static SizedHandle bothWays(MethodHandle quietTest, SizedHandle quiet, SizedHandle full) {
        MethodHandle which = dropArguments(quietTest, 1, Object.class, Object.class);
        // Both count: C2 compiles only the branch taken, but C1 compiles both.
        return new SizedHandle(guardWithTest(which, quiet.handle(), full.handle()), 1 + quiet.steps() + full.steps());
    }

    /** A user action, its failure reported against {@code state}; state actions see no event, as in the interpreter. */
    static void addAction(List<MethodHandle> steps, UserAction a, int state, boolean withEvent) {
        if (a == null) {
            return;
        }
        MethodHandle h = UserCodeHandles.handle(a);
        if (!withEvent) {
            h = dropArguments(insertArguments(h, 2, (Object) null), 2, Object.class);
        }
        steps.add(caught(h, ACTION_FAILED, state));
    }

    /** {@code h}, with what it throws handed to the machine's {@code failed(Throwable, state)}. */
    static MethodHandle caught(MethodHandle h, MethodHandle failed, int state) {
        MethodHandle handler = insertArguments(failed, 2, state); // (Machine, Throwable)R
        handler = dropArguments(handler, 2, Object.class, Object.class); // (Machine, Throwable, owner, event)R
        MethodType type = h.type().insertParameterTypes(0, Throwable.class);
        return catchException(h, Throwable.class, permuteArguments(handler, type, 1, 0, 2, 3));
    }

    /** A hook of a state: {@code (Machine, owner, event)}. */
    static MethodHandle withState(MethodHandle hook, int st) {
        return dropArguments(insertArguments(hook, 1, st), 1, Object.class, Object.class);
    }

    /** A hook of (id, event): {@code (Machine, owner, event)}. */
    static MethodHandle withTransition(MethodHandle hook, int id) {
        return dropArguments(insertArguments(hook, 1, id), 1, Object.class);
    }

    /** The steps in order, then true. Folded as a balanced tree so that nesting stays shallow. */
    static SizedHandle handled(List<MethodHandle> steps) {
        MethodHandle all = steps.isEmpty() ? HANDLED : foldArguments(HANDLED, sequence(steps, 0, steps.size()));
        return new SizedHandle(all, steps.size() + 1);
    }

    static MethodHandle sequence(List<MethodHandle> steps, int from, int to) {
        if (to - from == 1) {
            return steps.get(from);
        }
        int mid = (from + to) >>> 1;
        return foldArguments(sequence(steps, mid, to), sequence(steps, from, mid));
    }
}
