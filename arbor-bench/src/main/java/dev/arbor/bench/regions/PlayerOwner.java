package dev.arbor.bench.regions;

import dev.arbor.bench.peers.Recorder;
import java.util.ArrayList;
import java.util.List;

/**
 * The player's owner: what every implementation's actions write. Each entry, exit and
 * transition action records a constant string (one counter increment when not tracing).
 */
public final class PlayerOwner implements Recorder {
    /** How many records were made; keeps the actions' work observable to the JIT. */
    public long count;
    /** True while a heavy attack is under way (set by HEAVY's entry, cleared by its exit). */
    public boolean heavy;
    /** Ticks since invulnerability began, for a peer whose timers are real time (Commons SCXML). */
    public int ticks;
    private final List<String> trace;

    /** An owner that keeps its records when {@code tracing}. */
    public PlayerOwner(boolean tracing) {
        this.trace = tracing ? new ArrayList<>() : null;
    }

    /** {@return whether a heavy attack is under way} (a bean property, for JEXL's guards in Commons SCXML) */
    public boolean isHeavy() {
        return heavy;
    }

    /** {@return the ticks since invulnerability began} (a bean property, for JEXL) */
    public int getTicks() {
        return ticks;
    }

    /** One record, such as {@code "WALK-ENTRY"}. */
    @Override
    public void rec(String record) {
        count++;
        if (trace != null) {
            trace.add(record);
        }
    }

    /** The records made since the last call. */
    public List<String> drain() {
        List<String> out = new ArrayList<>(trace);
        trace.clear();
        return out;
    }
}
