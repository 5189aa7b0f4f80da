package dev.arbor.bench.peers;

import java.util.function.Function;

/**
 * Every implementation of QHsmTst, for JMH's {@code @Param}. Arbor is the reference; SWITCH is
 * the floor (hand-written, no library).
 */
public enum Peer {
    ARBOR(ArborPeer::new),
    /** Workload 7: the same chart in QP's handler style ({@link ArborHandlersPeer}). */
    ARBOR_HANDLERS(ArborHandlersPeer::new),
    SWITCH(SwitchPeer::new),
    /** The floor for workload 7: the same handlers asked by hand-written code ({@link HandlerSwitchPeer}). */
    HANDLER_SWITCH(HandlerSwitchPeer::new),
    GDX_AI(GdxAiPeer::new),
    SQUIRREL(SquirrelPeer::new),
    STATELESS4J(Stateless4jPeer::new),
    SPRING(SpringPeer::new),
    COMMONS_SCXML(ScxmlPeer::new);

    private final Function<QhsmOwner, QhsmPeer> factory;

    Peer(Function<QhsmOwner, QhsmPeer> factory) {
        this.factory = factory;
    }

    /** A new, not yet started implementation working on this owner. */
    public QhsmPeer create(QhsmOwner owner) {
        return factory.apply(owner);
    }

    /** A new, not yet started implementation with its own owner. */
    public QhsmPeer create(boolean tracing) {
        return create(new QhsmOwner(tracing));
    }
}
