package com.example.watchman;

import dev.arbor.core.typed.TypedChart;
import dev.arbor.core.typed.TypedMachine;

/** Bram and cole on the wall: their village and their machines, partners of each other. */
public record Wall(Village village, TypedMachine<Watchman, Post, Call> bram, TypedMachine<Watchman, Post, Call> cole) {

    public static Wall of(TypedChart<Watchman, Post, Call> chart) {
        Village village = new Village();
        Watchman bram = new Watchman("bram", 1, village);
        Watchman cole = new Watchman("cole", 2, village);
        bram.partner = cole.id;
        cole.partner = bram.id;
        TypedMachine<Watchman, Post, Call> bramNpc = chart.newMachine(bram).addListener(new Trace("bram", village.log));
        TypedMachine<Watchman, Post, Call> coleNpc = chart.newMachine(cole).addListener(new Trace("cole", village.log));
        village.dispatcher.register(bram.id, bramNpc.machine());  // telegrams to agent 1 are fired into bram's machine
        village.dispatcher.register(cole.id, coleNpc.machine());
        bramNpc.start();
        coleNpc.start();
        return new Wall(village, bramNpc, coleNpc);
    }
}
