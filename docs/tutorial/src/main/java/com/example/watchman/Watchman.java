package com.example.watchman;

/** A watchman's own data, which the actions of his chart read and change: the owner of his machine. */
public final class Watchman {
    public final String name;
    public final int id;          // his agent id for the dispatcher
    public final Village village;
    public int x;                 // where he stands on the wall: the gate is at 0, the tower at 6
    public int partner = -1;      // the agent he calls for help; -1: nobody

    public Watchman(String name, int id, Village village) {
        this.name = name;
        this.id = id;
        this.village = village;
    }

    public void say(String line) {
        village.log.add(name + ": \"" + line + "\"");
    }

    public void callForHelp(int delay) {
        if (partner >= 0) {
            village.dispatcher.send(village.tick, delay, id, partner, Call.HELP);
        }
    }
}
