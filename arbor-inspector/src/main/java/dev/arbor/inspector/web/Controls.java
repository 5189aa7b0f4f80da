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
