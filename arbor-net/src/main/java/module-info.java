/** Networked machines (the networked HSM): compact snapshots, untrusted input, rollback and re-prediction. */
module dev.arbor.net {
    requires transitive dev.arbor.core;
    exports dev.arbor.net.codec;
    exports dev.arbor.net.rollback;
}
