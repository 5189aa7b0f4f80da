// region chart
package com.example.recipes;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;

/** A parallel state built in Java: a villager who walks and talks at once, each in a region of her own. */
public final class WalkAndTalk {

    enum Part { OUT_AND_ABOUT, LEGS, WALKING, RESTING, MOUTH, QUIET, TALKING }

    enum Event { HELLO, NIGHTFALL }

    /** The villager's own data: where she is on the road. */
    static final class Villager {
        int x;
    }

    static final Chart<Villager> CHART = Chart.<Villager>builder("villager")
        .initial(Part.OUT_AND_ABOUT)
        .parallel(Part.OUT_AND_ABOUT, both -> {   // each child is a region: all of them are active at once
            both.state(Part.LEGS, legs -> {
                legs.initial(Part.WALKING);
                legs.state(Part.WALKING, s -> {
                    s.onUpdate(v -> v.x++);           // a step a tick
                    s.on(Event.NIGHTFALL).target(Part.RESTING);
                });
                legs.state(Part.RESTING);
            });
            both.state(Part.MOUTH, mouth -> {
                mouth.initial(Part.QUIET);
                mouth.state(Part.QUIET, s -> s.on(Event.HELLO).target(Part.TALKING));
                mouth.state(Part.TALKING, s -> {
                    s.onEntry(v -> System.out.println("  \"good morning!\""));
                    s.after(2).target(Part.QUIET);    // two ticks of small talk
                    s.on(Event.NIGHTFALL).target(Part.QUIET);
                });
            });
        })
        .build();
    // endregion

    // region run
    public static void main(String[] args) {
        Villager ada = new Villager();
        Machine<Villager> npc = CHART.newMachine(ada);
        npc.addListener(new MachineListener() {
            @Override
            public void onEvent(Machine<?> m, Object event, Cause cause) {
                System.out.println("event " + event);
            }

            @Override
            public void onExit(Machine<?> m, int state, Cause cause) {
                System.out.println("exit " + m.chart().stateName(state));
            }

            @Override
            public void onEntry(Machine<?> m, int state, Cause cause) {
                System.out.println("enter " + m.chart().stateName(state));
            }
        });
        npc.start();                  // enters both regions
        tick(npc);
        npc.fire(Event.HELLO);        // only the mouth's region moves: the legs walk on
        System.out.println("walking: " + npc.isIn(Part.WALKING) + ", talking: " + npc.isIn(Part.TALKING)
            + ", at x = " + ada.x);
        tick(npc);
        tick(npc);                    // two ticks of small talk: quiet again, still walking
        npc.fire(Event.HELLO);
        npc.fire(Event.NIGHTFALL);    // a transition in each region, in one step
        System.out.println("active: " + npc.activeStates() + ", at x = " + ada.x);
    }

    static void tick(Machine<Villager> npc) {
        System.out.println("tick");
        npc.update();
    }

    private WalkAndTalk() {}
}
// endregion
