package dev.arbor.pekko.faults;

import static dev.arbor.pekko.faults.Shell.quietly;
import static dev.arbor.pekko.faults.Shell.run;

import dev.arbor.pekko.JournalFence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The suite's own PostgreSQL server: a data directory made for the run, the server listening on
 * the lab's database address alone (never on the host's other addresses), stopped like a crash
 * and started again mid-run, and removed at the end. It runs as the {@code postgres} user, as
 * PostgreSQL refuses root; its binaries are Debian's ({@code /usr/lib/postgresql/VERSION/bin}).
 */
final class LabDatabase implements AutoCloseable {
    static final int PORT = 55432;
    /** The table that keeps a copy of every row deleted from the journal. */
    static final String DELETED_ROWS = "event_journal_deleted";

    private final Path bin;
    private final Path data;

    private LabDatabase(Path bin, Path data) {
        this.bin = bin;
        this.data = data;
    }

    /** {@return the directory of PostgreSQL's server binaries, or null when none is installed} */
    static Path binaries() {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return null;
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("pg_ctl")) && Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparingInt(b -> Integer.parseInt(b.getParent().getFileName().toString()
                            .replaceAll("\\D.*", "0"))))
                    .orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Makes a data directory and starts the server on the lab's address, with a database
     * {@code arbor} that user {@code arbor} owns.
     *
     * @param bin PostgreSQL's binaries
     * @return the running server
     * @throws IOException when the directory cannot be made
     */
    static LabDatabase start(Path bin) throws IOException {
        Path data = Files.createTempDirectory("arbor-faults-pg");
        run("chown", "postgres:postgres", data.toString());
        run("chmod", "700", data.toString());
        LabDatabase db = new LabDatabase(bin, data);
        try {
            db.asPostgres(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", "arbor", "--auth=trust",
                    "--no-sync", "-E", "UTF8");
            Files.writeString(data.resolve("postgresql.auto.conf"), """
                    listen_addresses = '%s'
                    port = %d
                    unix_socket_directories = '%s'
                    max_connections = 120
                    shared_buffers = 64MB
                    fsync = off
                    """.formatted(NetworkLab.DATABASE, PORT, data));
            Files.writeString(data.resolve("pg_hba.conf"), "host all all " + NetworkLab.PREFIX + ".0/24 trust\n"
                    + "local all all trust\n");
            db.begin();
            try (Connection c = DriverManager.getConnection(url("postgres"), "arbor", "arbor");
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE arbor");
            }
            return db;
        } catch (IOException | SQLException | RuntimeException e) {
            db.close();
            throw new IllegalStateException("the lab's PostgreSQL did not start: " + e.getMessage(), e);
        }
    }

    /**
     * Readies the journal, once its tables are made: a copy of every row deleted from it kept in
     * {@value #DELETED_ROWS} (retention deletes inputs, and the checker reads them all), and, when
     * {@code fenced}, the {@link JournalFence}.
     *
     * @param fenced whether to install the journal's fence
     * @throws SQLException when the database refuses a statement
     */
    static void readyJournal(boolean fenced) throws SQLException {
        try (Connection c = connect();
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + DELETED_ROWS + " (LIKE event_journal)");
            s.execute("""
                    CREATE OR REPLACE FUNCTION keep_deleted_row() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                      INSERT INTO %s SELECT OLD.*;
                      RETURN OLD;
                    END
                    $$""".formatted(DELETED_ROWS));
            s.execute("DROP TRIGGER IF EXISTS keep_deleted_row ON event_journal");
            s.execute("CREATE TRIGGER keep_deleted_row AFTER DELETE ON event_journal FOR EACH ROW"
                    + " EXECUTE FUNCTION keep_deleted_row()");
            if (fenced) {
                JournalFence.install(c, "public.event_journal");
            }
        }
    }

    /**
     * {@return a connection to the lab's database {@code arbor}, as its owner}
     * @throws SQLException when the server does not answer
     */
    static Connection connect() throws SQLException {
        return DriverManager.getConnection(url("arbor"), "arbor", "arbor");
    }

    /** {@return the JDBC URL of the lab's database {@code name}} */
    static String url(String name) {
        return "jdbc:postgresql://" + NetworkLab.DATABASE + ":" + PORT + "/" + name;
    }

    private void asPostgres(String... command) {
        String[] full = new String[command.length + 4];
        full[0] = "runuser";
        full[1] = "-u";
        full[2] = "postgres";
        full[3] = "--";
        System.arraycopy(command, 0, full, 4, command.length);
        run(full);
    }

    private void begin() {
        asPostgres(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", data.resolve("server.log").toString(),
                "-w", "-t", "60", "start");
    }

    /** Stops the server at once, as a crash would (no checkpoint, every connection cut). */
    void crash() {
        asPostgres(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w", "stop");
    }

    /** Starts the server again after {@link #crash}: it recovers from its write-ahead log. */
    void restart() {
        begin();
    }

    /**
     * Starts the server again if it is not running: a scenario cut short while the database was
     * down leaves it so.
     */
    void ensureRunning() {
        try {
            asPostgres(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "status");
        } catch (IllegalStateException notRunning) {
            begin();
        }
    }

    /**
     * Copies the server's log (every statement it refused, key conflicts and the journal fence's
     * refusals among them) out of its data directory, which {@link #close} removes.
     *
     * @param to the copy
     * @throws IOException when it cannot be copied
     */
    void keepLog(Path to) throws IOException {
        Files.copy(data.resolve("server.log"), to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** {@return the server's data directory, removed by {@link #close}} */
    Path directory() {
        return data;
    }

    @Override
    public void close() {
        quietly("runuser", "-u", "postgres", "--", bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m",
                "immediate", "-w", "stop");
        quietly("rm", "-rf", data.toString());
    }
}
