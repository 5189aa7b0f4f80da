package dev.arbor.bench.agents;

/** The owner of an idle agent's machine: what its conditions read and its update action writes. */
public final class Npc {
    /** Read by the polled transitions: true sends a calm agent to alert, false back to calm. */
    public boolean alarm;
    /** Written by the patrol state's update action, once per tick. */
    public int steps;
}
