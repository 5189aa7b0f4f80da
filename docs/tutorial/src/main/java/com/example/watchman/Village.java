package com.example.watchman;

import dev.arbor.core.dispatch.Dispatcher;
import java.util.ArrayList;
import java.util.List;

/** The world the watchmen live in: the game's clock, the telegrams between NPCs and a log of what happens. */
public final class Village {
    public final Dispatcher dispatcher = new Dispatcher(); // telegrams between NPCs, in ticks
    public final List<String> log = new ArrayList<>();      // what happens, one line a record
    public long tick;                                        // the game's clock: the loop counts it
}
