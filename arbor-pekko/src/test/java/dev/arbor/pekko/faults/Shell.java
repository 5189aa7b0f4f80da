package dev.arbor.pekko.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Runs the lab's commands ({@code ip}, {@code pg_ctl}, signals), each bounded in time. */
final class Shell {
    private Shell() {}

    /**
     * Runs a command to its end.
     *
     * @param command the command and its arguments
     * @return its standard output
     * @throws IllegalStateException when it fails or takes over a minute, with what it printed
     */
    static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("'" + String.join(" ", command) + "' took over a minute");
            }
            String printed = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed (" + p.exitValue() + "): "
                        + printed.strip());
            }
            return printed;
        } catch (IOException e) {
            throw new IllegalStateException("'" + String.join(" ", command) + "' could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running '" + String.join(" ", command) + "'", e);
        }
    }

    /** Runs a command whose failure does not matter (a cleanup of what may not be there). */
    static void quietly(String... command) {
        try {
            run(command);
        } catch (IllegalStateException ignored) {
            // nothing there to clean
        }
    }

    /**
     * Sends a process a signal by the shell's own {@code kill} (procps's binary is not on every
     * machine; bash is).
     *
     * @param signal the signal's name, such as {@code STOP}
     * @param pid    the process
     */
    static void signal(String signal, long pid) {
        run("bash", "-c", "kill -" + signal + " " + pid);
    }
}
