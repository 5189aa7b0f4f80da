package dev.arbor.core;

/**
 * A reusable piece of state behaviour (the component HSM's components: {@code MoveTo}, {@code Pause},
 * {@code Attack}), attached to any number of states in any number of charts with
 * {@link StateBuilder#use}. Its parameters are its own fields, shared by every machine; what
 * changes while it runs lives in the owner, or is read from the {@link Activity}.
 *
 * <p>A state finishes when any of its behaviours reports {@link #isFinished finished} (checked
 * after each {@link Machine#update()}) or calls {@link Activity#finish()}; its container then
 * decides what follows (see {@link StateBuilder#then} and {@link StateBuilder#onChildFinished}).
 *
 * @param <C> the owner type it works on
 */
public interface Behavior<C> {

    /**
     * Runs after the state's entry action.
     *
     * @param owner    the owner of the machine entering the state
     * @param activity the state's activation in that machine
     */
    default void onEnter(C owner, Activity<C> activity) {}

    /**
     * Runs on every tick while the state is active, after the state's update action.
     *
     * @param owner    the owner of the ticking machine
     * @param activity the state's activation in that machine
     */
    default void onUpdate(C owner, Activity<C> activity) {}

    /**
     * Runs before the state's exit action.
     *
     * @param owner    the owner of the machine exiting the state
     * @param activity the state's activation in that machine, ending
     */
    default void onExit(C owner, Activity<C> activity) {}

    /**
     * Whether the behaviour's task is complete; tested after each update while not yet finished.
     *
     * @param owner    the owner of the ticking machine
     * @param activity the state's activation in that machine
     * @return true once the task is complete (the default never completes)
     */
    default boolean isFinished(C owner, Activity<C> activity) {
        return false;
    }
}
