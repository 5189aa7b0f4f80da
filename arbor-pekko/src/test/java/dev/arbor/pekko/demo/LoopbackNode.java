package dev.arbor.pekko.demo;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.apache.pekko.persistence.jdbc.testkit.javadsl.SchemaUtils;

/**
 * A cluster node on 127.0.0.1 (an ephemeral port), several of which share one process in the
 * demo and the tests: the journal and snapshots in a JDBC database through
 * {@code pekko-persistence-jdbc}, a keep-majority split-brain resolver that downs an unreachable
 * node within a few seconds, and, for a node that is to {@code crash}, no leaving when its system
 * terminates (the others find it unreachable, as they would a dead process).
 *
 * @param profile  the Slick profile ({@code slick.jdbc.H2Profile$}, {@code slick.jdbc.PostgresProfile$})
 * @param driver   the JDBC driver class
 * @param url      the JDBC URL
 * @param user     the database user
 * @param password the database password
 */
public record LoopbackNode(String profile, String driver, String url, String user, String password) {

    /**
     * An H2 database, kept open while the JVM runs so that every node in it shares the file.
     *
     * @param file the database file, without H2's {@code .mv.db} suffix
     * @return the nodes of that database
     */
    public static LoopbackNode h2(java.nio.file.Path file) {
        return new LoopbackNode("slick.jdbc.H2Profile$", "org.h2.Driver", h2Url(file), "sa", "");
    }

    /**
     * The JDBC URL of an H2 file as {@link #h2} opens it.
     *
     * @param file the database file, without H2's {@code .mv.db} suffix
     * @return the URL
     */
    public static String h2Url(java.nio.file.Path file) {
        return "jdbc:h2:file:" + file.toAbsolutePath() + ";DB_CLOSE_DELAY=-1;CASE_INSENSITIVE_IDENTIFIERS=TRUE";
    }

    /**
     * The configuration of a node of this database.
     *
     * @param crashes whether the node is to be killed: then it does not leave the cluster when its system terminates
     * @return the configuration, over the class path's
     */
    public Config config(boolean crashes) {
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
                pekko.coordinated-shutdown.run-by-actor-system-terminate = %s
                pekko.persistence.max-concurrent-recoveries = 200
                pekko.cluster.sharding.number-of-shards = 100
                pekko.persistence.journal.plugin = "jdbc-journal"
                pekko.persistence.snapshot-store.plugin = "jdbc-snapshot-store"
                pekko.persistence.state.plugin = "jdbc-durable-state-store"
                jdbc-journal.use-shared-db = "slick"
                jdbc-snapshot-store.use-shared-db = "slick"
                jdbc-read-journal.use-shared-db = "slick"
                jdbc-durable-state-store.use-shared-db = "slick"
                pekko-persistence-jdbc.shared-databases.slick {
                  profile = "%s"
                  db { url = "%s", user = "%s", password = "%s", driver = "%s",
                       numThreads = 16, maxConnections = 16, minConnections = 1 }
                }
                """.formatted(crashes ? "off" : "on", profile, url, user, password, driver))
                .withFallback(ConfigFactory.load());
    }

    /**
     * Starts a node that joins {@code seed}'s cluster (or forms its own when null), once it is up,
     * with the journal's tables created if they are not there.
     *
     * @param seed    the address of a node of the cluster to join; null to form a new one
     * @param crashes whether the node is to be killed (see {@link #config})
     * @return the node's actor system, up in the cluster
     * @throws IllegalStateException when the node has not joined within 30 seconds
     * @throws Exception             when the tables cannot be made in 30 seconds, or the wait is interrupted
     */
    public ActorSystem<Void> start(Address seed, boolean crashes) throws Exception {
        return start(seed, crashes, ConfigFactory.empty());
    }

    /**
     * {@link #start(Address, boolean)} with {@code overrides} over the node's configuration.
     *
     * @param seed      the address of a node of the cluster to join; null to form a new one
     * @param crashes   whether the node is to be killed (see {@link #config})
     * @param overrides settings that take precedence over the node's configuration
     * @return the node's actor system, up in the cluster
     * @throws Exception when the tables cannot be made in 30 seconds, or the wait is interrupted
     */
    public ActorSystem<Void> start(Address seed, boolean crashes, Config overrides) throws Exception {
        // one system name: a cluster is of one name
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "arbor", overrides.withFallback(config(crashes)));
        Cluster cluster = Cluster.get(system);
        cluster.manager().tell(Join.create(seed != null ? seed : cluster.selfMember().address()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (cluster.selfMember().status() != MemberStatus.up()) {
            if (System.nanoTime() > deadline) {
                system.terminate();
                throw new IllegalStateException("a node did not join the cluster within 30 s");
            }
            Thread.sleep(20);
        }
        SchemaUtils.createIfNotExists(system).toCompletableFuture().get(30, TimeUnit.SECONDS);
        return system;
    }

    /**
     * Waits until {@code node} sees exactly {@code members} members up and none unreachable.
     *
     * @param node    the node whose view of the cluster is watched
     * @param members how many members must be up
     * @throws IllegalStateException when the cluster has not settled so within 60 seconds
     * @throws InterruptedException  when interrupted while waiting
     */
    public static void awaitMembers(ActorSystem<?> node, int members) throws InterruptedException {
        Cluster cluster = Cluster.get(node);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            int up = 0;
            for (Member m : cluster.state().getMembers()) {
                up += m.status() == MemberStatus.up() ? 1 : 0;
            }
            if (up == members && cluster.state().getUnreachable().isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the cluster did not settle at " + members + " nodes: " + cluster.state());
            }
            Thread.sleep(100);
        }
    }
}
