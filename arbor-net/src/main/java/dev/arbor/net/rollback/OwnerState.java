package dev.arbor.net.rollback;

/**
 * The copier of an owner's extended state (the data a machine's guards read and its actions
 * change): it copies that state out of the owner and back in, so that a {@link Timeline} can save
 * it at each tick and restore it on rollback.
 *
 * <p>{@code S} must be a value: immutable once copied out (or a deep copy), with
 * {@code equals} comparing content (a record of primitives and immutable lists is ideal). The
 * timeline compares copies to decide whether a prediction was wrong.
 *
 * @param <C> the owner (context) type
 * @param <S> the saved form of the owner's state
 */
public interface OwnerState<C, S> {

    /**
     * A copy of the owner's state, unaffected by later changes to the owner.
     *
     * @param owner the machine's owner, read only
     * @return the saved state
     */
    S copyOut(C owner);

    /**
     * Overwrites the owner's state with {@code state}; must not keep a reference that later changes.
     *
     * @param state a state {@link #copyOut} gave (here or on another peer)
     * @param owner the machine's owner, overwritten
     */
    void copyIn(S state, C owner);
}
