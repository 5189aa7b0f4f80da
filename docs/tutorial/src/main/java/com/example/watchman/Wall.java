package com.example.watchman;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;

/** Bram and cole on the wall: their village and their machines, partners of each other. */
public record Wall(Village village, Machine<Watchman> bram, Machine<Watchman> cole) {

    public static Wall of(Chart<Watchman> chart) {
        Village village = new Village();
        Watchman bram = new Watchman("bram", 1, village);
        Watchman cole = new Watchman("cole", 2, village);
        bram.partner = cole.id;
        cole.partner = bram.id;
        Machine<Watchman> bramNpc = chart.newMachine(bram).addListener(new Trace("bram", village.log));
        Machine<Watchman> coleNpc = chart.newMachine(cole).addListener(new Trace("cole", village.log));
        village.dispatcher.register(bram.id, bramNpc);  // telegrams to agent 1 are fired into bram's machine
        village.dispatcher.register(cole.id, coleNpc);
        bramNpc.start();
        coleNpc.start();
        return new Wall(village, bramNpc, coleNpc);
    }
}
