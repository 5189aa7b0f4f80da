package com.example.recipes;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import java.util.ArrayList;
import java.util.List;

/** A listener that prints every transition a machine takes, by the names of its states. */
public final class PrintTransitions implements MachineListener {

    @Override
    public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
        Chart<?> chart = machine.chart();
        List<String> targets = new ArrayList<>();
        for (int target : chart.transitionTargets(transition)) {
            targets.add(chart.stateName(target));
        }
        // The source is the state the transition is declared on: an ancestor of the active state, maybe.
        System.out.println(chart.stateName(chart.transitionSource(transition)) + " -> " + String.join(", ", targets)
            + (event == null ? "" : " on " + event));
    }

    @Override
    public void onUnhandled(Machine<?> machine, Object event, Cause cause) {
        System.out.println("no transition takes " + event + " in " + machine.activeStates());
    }

    enum Door { SHUT, CLOSED, LOCKED, OPEN }

    enum Event { OPEN, CLOSE, LOCK, UNLOCK, KICK }

    public static void main(String[] args) {
        Chart<Object> door = Chart.builder("door")
            .initial(Door.SHUT)
            .state(Door.SHUT, shut -> {
                shut.initial(Door.CLOSED);
                shut.on(Event.KICK).target(Door.OPEN);  // declared on SHUT: holds in CLOSED and LOCKED
                shut.state(Door.CLOSED, s -> {
                    s.on(Event.OPEN).target(Door.OPEN);
                    s.on(Event.LOCK).target(Door.LOCKED);
                });
                shut.state(Door.LOCKED, s -> s.on(Event.UNLOCK).target(Door.CLOSED));
            })
            .state(Door.OPEN, s -> s.on(Event.CLOSE).target(Door.CLOSED))
            .build();

        Machine<Object> machine = door.newMachine(new Object());
        machine.addListener(new PrintTransitions());
        machine.start();
        for (Event e : List.of(Event.OPEN, Event.CLOSE, Event.LOCK, Event.OPEN, Event.KICK)) {
            machine.fire(e);
        }
    }
}
