package dev.arbor.examples.components;

import java.util.function.Consumer;

/**
 * A {@link Body} that keeps its position and says its lines to a transcript, prefixed by its name:
 * one call of the transcript a line.
 */
public abstract class Walker implements Body {
    private final Consumer<String> out;
    private final String name;
    private int position;

    protected Walker(Consumer<String> out, String name, int position) {
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
        out.accept("  " + name + " " + line);
    }
}
