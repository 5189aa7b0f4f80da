package dev.arbor.pekko;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.apache.pekko.persistence.jdbc.testkit.javadsl.SchemaUtils;

/** A one-node cluster on 127.0.0.1 (an ephemeral port) whose journal is an H2 file. */
final class Node implements AutoCloseable {
    final ActorSystem<Void> system;

    Node(String name, Path database) throws Exception {
        system = ActorSystem.create(Behaviors.empty(), name, config(database));
        Cluster cluster = Cluster.get(system);
        cluster.manager().tell(Join.create(cluster.selfMember().address()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (cluster.selfMember().status() != MemberStatus.up()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("node " + name + " did not come up");
            }
            Thread.sleep(20);
        }
        SchemaUtils.createIfNotExists(system).toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    /** The H2 file's JDBC URL (kept open while the JVM runs, so that nodes and the test share it). */
    static String url(Path database) {
        return "jdbc:h2:file:" + database.toAbsolutePath() + ";DB_CLOSE_DELAY=-1";
    }

    static Config config(Path database) {
        String url = url(database);
        return ConfigFactory.parseString("""
                pekko.loglevel = WARNING
                pekko.actor.provider = cluster
                pekko.remote.artery.canonical.hostname = "127.0.0.1"
                pekko.remote.artery.canonical.port = 0
                pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
                pekko.coordinated-shutdown.exit-jvm = off
                pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
                pekko.persistence.journal.plugin = "jdbc-journal"
                pekko.persistence.snapshot-store.plugin = "jdbc-snapshot-store"
                jdbc-journal.use-shared-db = "slick"
                jdbc-snapshot-store.use-shared-db = "slick"
                jdbc-read-journal.use-shared-db = "slick"
                pekko-persistence-jdbc.shared-databases.slick {
                  profile = "slick.jdbc.H2Profile$"
                  db {
                    url = "%s"
                    user = "sa"
                    password = ""
                    driver = "org.h2.Driver"
                    numThreads = 2
                    maxConnections = 2
                    minConnections = 1
                  }
                }
                """.formatted(url)).withFallback(ConfigFactory.load());
    }

    @Override
    public void close() throws java.util.concurrent.ExecutionException, java.util.concurrent.TimeoutException, InterruptedException {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(Duration.ofSeconds(20).toSeconds(), TimeUnit.SECONDS);
    }
}
