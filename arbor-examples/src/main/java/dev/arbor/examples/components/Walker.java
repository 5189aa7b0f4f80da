package dev.arbor.examples.components;

import java.io.PrintStream;

/** A {@link Body} that keeps its position and says its lines to a transcript, prefixed by its name. */
public abstract class Walker implements Body {
    private final PrintStream out;
    private final String name;
    private int position;

    protected Walker(PrintStream out, String name, int position) {
        this.out = out;
        this.name = name;
        this.position = position;
    }

    @Override
    public int position() {
        return position;
    }

    @Override
    public void moveTo(int p) {
        position = p;
    }

    @Override
    public void say(String line) {
        out.println("  " + name + " " + line);
    }
}
