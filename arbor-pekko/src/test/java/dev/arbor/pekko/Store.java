package dev.arbor.pekko;

import dev.arbor.pekko.demo.LoopbackNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Assumptions;

/**
 * PostgreSQL for the nodes of a test, when one is reachable at {@code -Darbor.postgres.url} (user
 * and password {@code -Darbor.postgres.user}, {@code -Darbor.postgres.password}; by default
 * {@code jdbc:postgresql://127.0.0.1:5432/arbor}, arbor/arbor, as {@code .ci/run} sets it up). A
 * test that needs it is skipped with the reason when none answers, unless
 * {@code -Darbor.postgres=required} makes that a failure.
 */
final class Store {
    private Store() {}

    static LoopbackNode postgres() {
        LoopbackNode s = new LoopbackNode("slick.jdbc.PostgresProfile$", "org.postgresql.Driver",
                System.getProperty("arbor.postgres.url", "jdbc:postgresql://127.0.0.1:5432/arbor"),
                System.getProperty("arbor.postgres.user", "arbor"), System.getProperty("arbor.postgres.password", "arbor"));
        try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password())) {
            return s;
        } catch (SQLException e) {
            String why = "no PostgreSQL at " + s.url() + " (" + e.getMessage() + ")";
            if ("required".equals(System.getProperty("arbor.postgres"))) {
                throw new AssertionError(why + "; -Darbor.postgres=required makes this a failure", e);
            }
            Assumptions.abort(why + ": skipped; -Darbor.postgres=required makes this a failure");
            return null;
        }
    }
}
