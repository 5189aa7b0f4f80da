package dev.arbor.pekko;

import dev.arbor.pekko.demo.LoopbackNode;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;

/** A test's cluster node ({@link LoopbackNode}), closed by the test. */
final class Node implements AutoCloseable {
    final ActorSystem<Void> system;

    /** A node that forms a cluster of its own on an H2 file. */
    Node(String name, Path database) throws Exception {
        this(name, LoopbackNode.h2(database), null, false);
    }

    /** A node that joins {@code seed}'s cluster (or forms its own when null); see {@link LoopbackNode#start}. */
    Node(String name, LoopbackNode store, Address seed, boolean killable) throws Exception {
        system = store.start(seed, killable);
    }

    Address address() {
        return Cluster.get(system).selfMember().address();
    }

    /** The H2 file's JDBC URL, for the tests that read its rows. */
    static String url(Path database) {
        return LoopbackNode.h2Url(database);
    }

    @Override
    public void close() throws ExecutionException, TimeoutException, InterruptedException {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
