package dev.arbor.tutorial;

/** The states of the watchman's chart, as Java keys; the JSON file names the same states. */
// tutorial:states
public enum Post { PATROL, TO_TOWER, TO_GATE, RESUME, INVESTIGATE, ASSIST }
// end
