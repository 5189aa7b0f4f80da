package dev.arbor.net.rollback;

/**
 * What {@link Timeline#confirm} did.
 *
 * @param confirmedTick     the confirmed tick
 * @param rolledBack        whether the machine was restored and re-simulated (false when the
 *                          confirmed state equalled the prediction and no correction changed an input
 *                          after the confirmed tick)
 * @param replayedTicks     how many ticks were re-simulated
 * @param confirmedDiffered whether the confirmed state differed from what was predicted for its tick
 * @param inputsCorrected   how many ticks' inputs the corrections changed
 * @param predicted         the present state before the confirmation
 * @param present           the present state after it
 * @param <S>               the saved form of the owner's state
 */
public record RollbackResult<S>(long confirmedTick, boolean rolledBack, int replayedTicks, boolean confirmedDiffered,
        int inputsCorrected, TickSnapshot<S> predicted, TickSnapshot<S> present) {

    /**
     * Whether the present changed: the prediction was wrong and re-simulation corrected it.
     *
     * @return true when {@code present} differs from {@code predicted}
     */
    public boolean mispredictionCorrected() {
        return !predicted.sameStateAs(present);
    }
}
