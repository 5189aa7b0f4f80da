package dev.arbor.bench.deep;

/**
 * The deep chart's events. {@code X0}–{@code X6} leave the deepest composite for a leaf k levels
 * down from the top; the others are described on {@link DeepChart}.
 */
public enum DeepSig {
    M, T, N, R, X0, X1, X2, X3, X4, X5, X6;

    /** {@code X0}…{@code X6}. */
    public static DeepSig x(int level) {
        return values()[X0.ordinal() + level];
    }
}
