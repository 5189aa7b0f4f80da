package dev.arbor.bench.deep;

import dev.arbor.bench.peers.QhsmOwner;
import java.util.function.Function;

/** The implementations of the deep chart, for JMH's {@code @Param}. */
public enum DeepPeer {
    ARBOR(ArborDeep::new),
    SWITCH(SwitchDeep::new),
    STATELESS4J(Stateless4jDeep::new);

    private final Function<QhsmOwner, DeepImpl> factory;

    DeepPeer(Function<QhsmOwner, DeepImpl> factory) {
        this.factory = factory;
    }

    public DeepImpl create(QhsmOwner owner) {
        return factory.apply(owner);
    }
}
