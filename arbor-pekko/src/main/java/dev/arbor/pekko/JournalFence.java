package dev.arbor.pekko;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * The write-side fence of a PostgreSQL journal whose old inputs are deleted: a trigger that
 * refuses a row unless its sequence number is above every row its entity already has in the
 * table.
 *
 * <p>Why it is needed. Two incarnations of one entity can run at once for a while (one on a node
 * that is paused or cut off and not yet shut down, the other where its shard moved). The journal's
 * primary key, {@code (persistence_id, sequence_number)}, keeps their writes apart only while the
 * rows they would collide on exist. Retention deletes them: once the new incarnation has stored a
 * snapshot more than {@code (keepSnapshots - 1) · snapshotEvery} inputs past the old one's next
 * input, that sequence number is free again, its write succeeds and is acknowledged,
 * and no recovery ever replays it, as recovery starts from a later snapshot. pekko-persistence-jdbc
 * keeps the highest deleted row, marked deleted, as the journal's high-water mark, so the trigger
 * always finds a row at or above a stale incarnation's next number, and refuses it with
 * {@code unique_violation}: to the plugin it is the key conflict it would have been, the write
 * fails, and the stale incarnation stops without acknowledging.
 *
 * <p>It costs one probe of the primary key's index per row written. Install it once per journal
 * table, by {@link #install} or with {@link #postgresSql} in a migration; it is not needed on a
 * journal that keeps every input ({@link Durability.InputsJournaled#keepingEveryInput}), nor on an
 * H2 file, which one process opens.
 */
public final class JournalFence {
    /** A table's name, optionally schema-qualified: plain identifiers, so none needs quoting. */
    private static final Pattern TABLE = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)?");

    private JournalFence() {}

    /**
     * The SQL that installs the fence on a journal table (or replaces it), as a script for a
     * migration tool: a function and a trigger, named after the table.
     *
     * @param table the journal table, such as {@code event_journal} or {@code public.event_journal}
     *              (pekko-persistence-jdbc's default); lower-case letters, digits and underscores
     * @return the statements, each ended by a semicolon
     * @throws IllegalArgumentException when the name is not such a table name
     */
    public static String postgresSql(String table) {
        if (table == null || !TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("the journal table's name must be lower-case letters, digits and"
                    + " underscores, optionally after a schema and a dot (such as public.event_journal), not '"
                    + table + "'");
        }
        int dot = table.indexOf('.');
        String function = table.substring(0, dot + 1) + "arbor_fence_" + table.substring(dot + 1);
        return """
                CREATE OR REPLACE FUNCTION %1$s() RETURNS trigger LANGUAGE plpgsql AS $fence$
                BEGIN
                  IF EXISTS (SELECT 1 FROM %2$s
                             WHERE persistence_id = NEW.persistence_id AND sequence_number >= NEW.sequence_number) THEN
                    RAISE EXCEPTION USING ERRCODE = 'unique_violation', MESSAGE = format(
                      '%%s already has sequence number %%s or a later one: an incarnation that has not seen them'
                      ' may not write behind them (Arbor''s journal fence)', NEW.persistence_id, NEW.sequence_number);
                  END IF;
                  RETURN NEW;
                END
                $fence$;

                DROP TRIGGER IF EXISTS arbor_fence ON %2$s;

                CREATE TRIGGER arbor_fence BEFORE INSERT ON %2$s FOR EACH ROW EXECUTE FUNCTION %1$s();
                """.formatted(function, table);
    }

    /**
     * Installs the fence on a PostgreSQL journal table, or replaces it, in one transaction.
     *
     * @param connection a connection to the journal's database, as a role that may create
     *                   functions and triggers on the table
     * @param table      the journal table (see {@link #postgresSql})
     * @throws SQLException             when the database refuses a statement
     * @throws IllegalArgumentException when the name is not a table name (see {@link #postgresSql})
     */
    public static void install(Connection connection, String table) throws SQLException {
        String script = postgresSql(table); // the very script a migration runs
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            s.execute(script);
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }
}
