package dev.arbor.pekko;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.apache.pekko.persistence.jdbc.testkit.javadsl.SchemaUtils;

/** A cluster node on 127.0.0.1 (an ephemeral port) whose journal is an H2 file. */
final class Node implements AutoCloseable {
    final ActorSystem<Void> system;

    /** A node that forms a cluster of its own. */
    Node(String name, Path database) throws Exception {
        this(name, Store.h2(database), null, false);
    }

    /**
     * A node that joins {@code seed}'s cluster (or forms its own when null). A node that may be
     * {@code killable} leaves no word when its system terminates, as a crashed process would not:
     * the others find it unreachable and the split-brain resolver downs it.
     */
    Node(String name, Store store, Address seed, boolean killable) throws Exception {
        Config config = config(store);
        if (killable) {
            config = ConfigFactory.parseString("pekko.coordinated-shutdown.run-by-actor-system-terminate = off")
                    .withFallback(config);
        }
        system = ActorSystem.create(Behaviors.empty(), "arbor", config); // one name: a cluster is of one system name
        Cluster cluster = Cluster.get(system);
        cluster.manager().tell(Join.create(seed != null ? seed : cluster.selfMember().address()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (cluster.selfMember().status() != MemberStatus.up()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("node " + name + " did not come up");
            }
            Thread.sleep(20);
        }
        SchemaUtils.createIfNotExists(system).toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    Address address() {
        return Cluster.get(system).selfMember().address();
    }

    /** The H2 file's JDBC URL (kept open while the JVM runs, so that nodes and the test share it). */
    static String url(Path database) {
        return "jdbc:h2:file:" + database.toAbsolutePath() + ";DB_CLOSE_DELAY=-1";
    }

    static Config config(Store store) {
        return ConfigFactory.parseString("""
                pekko.loglevel = WARNING
                pekko.actor.provider = cluster
                pekko.remote.artery.canonical.hostname = "127.0.0.1"
                pekko.remote.artery.canonical.port = 0
                pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
                pekko.cluster.downing-provider-class = "org.apache.pekko.cluster.sbr.SplitBrainResolverProvider"
                pekko.cluster.split-brain-resolver.active-strategy = keep-majority
                pekko.cluster.split-brain-resolver.stable-after = 2s
                pekko.cluster.failure-detector.acceptable-heartbeat-pause = 2s
                pekko.coordinated-shutdown.exit-jvm = off
                pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
                pekko.persistence.journal.plugin = "jdbc-journal"
                pekko.persistence.snapshot-store.plugin = "jdbc-snapshot-store"
                jdbc-journal.use-shared-db = "slick"
                jdbc-snapshot-store.use-shared-db = "slick"
                jdbc-read-journal.use-shared-db = "slick"
                pekko-persistence-jdbc.shared-databases.slick {
                  profile = "%s"
                  db {
                    url = "%s"
                    user = "%s"
                    password = "%s"
                    driver = "%s"
                    numThreads = 4
                    maxConnections = 4
                    minConnections = 1
                  }
                }
                """.formatted(store.profile(), store.url(), store.user(), store.password(), store.driver()))
                .withFallback(ConfigFactory.load());
    }

    @Override
    public void close() throws ExecutionException, TimeoutException, InterruptedException {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
