package dev.arbor.examples;

import dev.arbor.core.StateAction;

/**
 * Says a line: {@code {"use": "Say", "line": "Leavin' the bank"}}, for every demo's chart files.
 *
 * @param <C> an owner that speaks
 */
record Say<C extends Say.Speaker>(String line) implements StateAction<C> {

    /** A demo's owner: what it says goes to the demo's transcript. */
    interface Speaker {
        void say(String line);
    }

    @Override
    public void run(C owner) {
        owner.say(line);
    }
}
