package com.example.watchman;

/** The states of the watchman's chart. */
public enum Post { PATROL, TO_TOWER, TO_GATE, RESUME, INVESTIGATE, ASSIST }
