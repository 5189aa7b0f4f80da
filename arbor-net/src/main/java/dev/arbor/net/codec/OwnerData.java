package dev.arbor.net.codec;

/**
 * The owner's extended state (what is not kept by any one state), written after the
 * configuration and the stateful states' data. Two-phase like {@link StateData}: {@link #read}
 * only parses and checks, {@link #apply} installs after the whole snapshot was validated.
 *
 * @param <C> the owner type
 * @param <D> the decoded value
 */
public interface OwnerData<C, D> {

    /**
     * Writes the owner's data.
     *
     * @param owner the machine's owner, read only
     * @param out   the snapshot being written
     */
    void write(C owner, BitWriter out);

    /**
     * Reads a value written by {@link #write}, without applying it.
     *
     * @param in the snapshot being read, at the owner's data
     * @return the decoded value, for {@link #apply}
     * @throws SnapshotException INVALID_DATA for values out of range; any other exception thrown
     *                           here is reported as INVALID_DATA
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
