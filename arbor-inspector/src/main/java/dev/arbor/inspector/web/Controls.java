package dev.arbor.inspector.web;

/**
 * What the page may ask of a running game, behind the web server's checks. A replayed recording
 * has none.
 */
public interface Controls {
    /**
     * Posts the event named {@code event} to the machine in {@code slot}.
     *
     * @return null when posted, else what is wrong (unknown machine, an event its chart does not name)
     */
    String send(int slot, String event);

    /**
     * Sets a designer variable of the machine in {@code slot} from its text, on the game thread at
     * its gate, as {@code Machine.variables().set(name, value)} does; only while the game is paused.
     *
     * @param slot  the machine
     * @param name  the variable's name
     * @param value its new value as text ({@code true}, {@code 40}, {@code grumpy})
     * @return null when set, else what is wrong (no such machine or variable, a value of another
     *         type or out of range), in the variables' own words
     * @throws IllegalStateException when the game is not paused, or does not reach its gate in
     *                               time; always, unless the controls say how to set a variable
     */
    default String setVariable(int slot, String name, String value) {
        throw new IllegalStateException("this game's variables cannot be set from the page");
    }

    void pause();

    void step();

    void resume();

    boolean paused();

    /** Records dropped so far (rings full). */
    long dropped();

    /** Records written by the game and not yet collected. */
    int backlog();

    /** {@return the game tick: the count of gate calls so far} */
    long tick();

    /** The machines whose clocks and ticks the gate should sample: those the pages show. */
    void sample(int[] slots);
}
