package dev.arbor.bench.deep;

import dev.arbor.bench.peers.QhsmOwner;

/** One implementation of the deep chart. The owner only counts (and, in tests, records) the actions. */
public interface DeepImpl {
    void start();

    void fire(DeepSig signal);

    /** The name of the active leaf state. */
    String leaf();

    QhsmOwner owner();
}
