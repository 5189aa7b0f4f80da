package com.example.watchman;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;

/** A behaviour: walks the watchman toward {@code x}, at most {@code speed} steps a tick, and finishes there. */
public record WalkTo(int x, int speed) implements Behavior<Watchman> {
    public WalkTo {
        if (speed < 1) {
            throw new IllegalArgumentException("speed must be at least 1, not " + speed);
        }
    }

    @Override
    public void onUpdate(Watchman w, Activity<Watchman> activity) {
        w.x += Math.max(-speed, Math.min(speed, x - w.x));
    }

    @Override
    public boolean isFinished(Watchman w, Activity<Watchman> activity) {
        return w.x == x;
    }
}
