package dev.arbor.tutorial;

import dev.arbor.core.NamedEvent;

/**
 * The events a watchman reacts to. Implementing {@link NamedEvent} (an enum's {@code name()}
 * already is one) lets a chart loaded from JSON, whose triggers are names, take the same constants.
 */
// tutorial:events
public enum Call implements NamedEvent { NOISE, HELP }
// end
