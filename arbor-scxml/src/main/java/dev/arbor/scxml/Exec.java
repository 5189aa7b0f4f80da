package dev.arbor.scxml;

/** One compiled piece of executable content, run against a session; fails with {@link ExecError}. */
@FunctionalInterface
interface Exec {
    void run(ScxmlSession session);
}
