package dev.arbor.io.reload;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import java.nio.file.Path;

/**
 * What a {@link ChartWatcher} tells its caller: a chart file was loaded again or failed to load
 * (on the thread that ran {@link ChartWatcher#check()}, the watcher's own when it polls), and a
 * machine was moved onto the new chart or could not be (on the game thread, inside
 * {@link ChartWatcher#applyPending()}). Every method has a do-nothing default.
 *
 * @param <C> the owner type of the watched charts
 */
public interface ReloadListener<C> {

    /**
     * A changed file loaded; its machines move at the next {@link ChartWatcher#applyPending()}.
     *
     * @param file  the watched file, as an absolute, normalized path
     * @param chart the chart the file now holds
     */
    default void loaded(Path file, Chart<C> chart) {}

    /**
     * A changed file could not be read or loaded, and the file's previous chart stays in use; or
     * (the one exception, which the error's message says) the file loaded but {@link #loaded}
     * threw, and the new chart is in use all the same.
     *
     * @param file  the watched file, as an absolute, normalized path
     * @param error why: an I/O error, the loader's exception ({@code FILE:LINE:COL} problems from
     *              the JSON loader), or the listener's own
     */
    default void loadFailed(Path file, Exception error) {}

    /**
     * A machine moved onto the file's new chart.
     *
     * @param file    the watched file, as an absolute, normalized path
     * @param machine the machine moved, registered for that file
     * @param report  what the move kept, mapped and dropped
     */
    default void moved(Path file, Machine<C> machine, MigrationReport report) {}

    /**
     * A machine could not be moved (it had halted: it stays on its old chart), or an action that
     * ran during the move threw under {@code ErrorPolicy.RETHROW} (it is on the new chart:
     * {@link Machine#chart()} tells which).
     *
     * @param file    the watched file, as an absolute, normalized path
     * @param machine the machine that was to move
     * @param error   why it could not move, or what the action threw
     */
    default void moveFailed(Path file, Machine<C> machine, RuntimeException error) {}
}
