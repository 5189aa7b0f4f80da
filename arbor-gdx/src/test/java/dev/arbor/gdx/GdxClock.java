package dev.arbor.gdx;

import com.badlogic.gdx.ai.GdxAI;
import com.badlogic.gdx.ai.DefaultTimepiece;
import com.badlogic.gdx.ai.Timepiece;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * gdx-ai's static clock, owned by one test at a time: gdx-ai's {@code MessageDispatcher} reads
 * {@code GdxAI.getTimepiece()}, so each test gets a fresh timepiece that it moves itself, and the
 * one before is put back after it.
 */
final class GdxClock implements BeforeEachCallback, AfterEachCallback {
    private Timepiece saved;
    private DefaultTimepiece clock;

    @Override
    public void beforeEach(ExtensionContext context) {
        saved = GdxAI.getTimepiece();
        clock = new DefaultTimepiece();
        GdxAI.setTimepiece(clock);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        GdxAI.setTimepiece(saved);
    }

    /** Starts gdx-ai's time again from 0, for a second run in the same test. */
    void restart() {
        clock = new DefaultTimepiece();
        GdxAI.setTimepiece(clock);
    }

    /** Moves gdx-ai's time on by {@code seconds}. */
    void update(float seconds) {
        clock.update(seconds);
    }
}
