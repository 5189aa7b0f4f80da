package com.example.watchman;

import dev.arbor.core.NamedEvent;

/** The events a watchman reacts to; as {@link NamedEvent}s they also match a chart file's triggers by name. */
public enum Call implements NamedEvent { NOISE, HELP }
