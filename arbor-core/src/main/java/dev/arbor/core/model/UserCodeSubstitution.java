package dev.arbor.core.model;

import dev.arbor.core.Behavior;

/**
 * What a chart's own functions are replaced with when its definition is compiled again as a twin
 * ({@code Chart.substituted}): the same states, transitions and numbering, other guards and actions.
 * The phases that fill the tables ask it for each function as they place it, knowing its id.
 */
public interface UserCodeSubstitution {

    /** Where an action runs; the id given with it is a state's, or a transition's for {@link #TRANSITION}. */
    int ENTRY = 0;
    /** A state's exit action. */
    int EXIT = 1;
    /** A state's update (tick) action. */
    int UPDATE = 2;
    /** A state's initial transition's action. */
    int INITIAL = 3;
    /** A transition's action. */
    int TRANSITION = 4;

    /** Keeps every function: the compile of a chart as built. */
    UserCodeSubstitution NONE = new UserCodeSubstitution() {
        @Override
        public UserGuard guard(int transition, UserGuard original) {
            return original;
        }

        @Override
        public UserAction action(int site, int id, UserAction original) {
            return original;
        }

        @Override
        public Behavior<?> behavior(int state, Behavior<?> original) {
            return original;
        }
    };

    /**
     * The guard transition {@code transition} tests.
     *
     * @param transition the transition's id
     * @param original   its guard as built (never null: an unguarded transition is not asked)
     * @return the guard to test
     */
    UserGuard guard(int transition, UserGuard original);

    /**
     * One function run at {@code site} of state or transition {@code id} (a sequence is asked
     * function by function; a state handler's callbacks are never asked).
     *
     * @param site     {@link #ENTRY}, {@link #EXIT}, {@link #UPDATE}, {@link #INITIAL} or {@link #TRANSITION}
     * @param id       the state's id, or the transition's for {@link #TRANSITION}
     * @param original the function as built
     * @return the function to run
     */
    UserAction action(int site, int id, UserAction original);

    /**
     * A behaviour component of state {@code state}.
     *
     * @param state    the state's id
     * @param original the behaviour as built
     * @return the behaviour to run
     */
    Behavior<?> behavior(int state, Behavior<?> original);

    /** {@code actions} as one action, each function replaced: null when there is none. */
    default UserAction sequence(int site, int id, java.util.List<UserAction> actions) {
        if (this == NONE) {
            return UserAction.sequence(actions);
        }
        java.util.List<UserAction> out = new java.util.ArrayList<>(actions.size());
        for (UserAction a : actions) {
            out.add(a.shape() >= UserAction.HANDLER_ENTRY ? a : action(site, id, a));
        }
        return UserAction.sequence(out);
    }
}
