/**
 * The fault suite ({@code -Pfaults}): five nodes, each in its own Linux network namespace, their
 * links cut and restored per pair, processes paused and killed, PostgreSQL restarted, while clients
 * record every request and answer; a checker then holds the recorded history against the journal.
 */
package dev.arbor.pekko.faults;
