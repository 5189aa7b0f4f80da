package dev.arbor.net.codec;

/**
 * The data of one <em>stateful</em> state (the networked HSM's {@code IStatefulNode}): written and read only
 * while that state is active, in root-to-leaf document order over the active states, so no flag
 * or length is ever sent for it.
 *
 * <p>Two-phase so that a bad snapshot changes nothing: {@link #read} only parses and checks a
 * value (it must not touch the owner), and {@link #apply} installs it after the whole snapshot has
 * been read and validated and the configuration restored.
 *
 * @param <C> the owner type
 * @param <D> the decoded value (any type; a record, a primitive wrapper, an array)
 */
public interface StateData<C, D> {

    /**
     * Writes this state's data, read from the owner.
     *
     * @param owner the machine's owner, read only
     * @param out   the snapshot being written
     */
    void write(C owner, BitWriter out);

    /**
     * Reads a value written by {@link #write}, without applying it.
     *
     * @param in the snapshot being read, at this state's data
     * @return the decoded value, for {@link #apply}
     * @throws SnapshotException INVALID_DATA for values out of range (TRUNCATED comes from the
     *                           reader); any other exception thrown here is reported as INVALID_DATA
     */
    D read(BitReader in) throws SnapshotException;

    /**
     * Installs a value {@link #read} returned. Should not throw.
     *
     * @param owner the machine's owner, changed
     * @param value the value {@link #read} returned for this snapshot
     */
    void apply(C owner, D value);
}
