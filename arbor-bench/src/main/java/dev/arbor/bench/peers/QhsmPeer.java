package dev.arbor.bench.peers;

import java.util.List;

/**
 * One implementation of seed 003's QHsmTst chart: Arbor, a hand-written switch, or a peer library.
 * Every implementation works on a {@link QhsmOwner} and records the same strings; where a library
 * cannot express QP's semantics exactly, the class comment and PEERS.md say what differs.
 */
public interface QhsmPeer {

    /** Enters the initial configuration (leaf {@code s211}, {@code foo} false). */
    void start();

    /** Processes one event to completion. */
    void fire(Sig signal);

    /** The owner the actions write to. */
    QhsmOwner owner();

    /** The active leaf state, as the library reports it. */
    Q leaf();

    /** The records made since the last call (empty unless tracing is on). */
    default List<String> drainTrace() {
        return owner().drainTrace();
    }
}
