package dev.arbor.examples.components;

/** What the components need of an agent: a position on a line and a speed, in whole units. */
public interface Body {
    int position();

    void moveTo(int position);

    /** What the agent says, for the demo's transcript. */
    void say(String line);
}
