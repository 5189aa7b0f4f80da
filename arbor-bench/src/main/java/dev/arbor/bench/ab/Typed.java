package dev.arbor.bench.ab;

import dev.arbor.bench.TypedMachineBenchmark;
import dev.arbor.bench.TypedMachineBenchmark.Ev;
import dev.arbor.bench.TypedMachineBenchmark.Guard;
import dev.arbor.bench.TypedMachineBenchmark.St;
import dev.arbor.core.Machine;
import dev.arbor.core.typed.TypedMachine;

/**
 * {@link TypedMachineBenchmark}'s crowd of 1,000 guards, each input one guard's event or tick,
 * round the crowd; mode {@code FACE-WORK}, FACE {@code machine} (the {@link Machine}s) or
 * {@code typed} (their {@link TypedMachine} faces), WORK {@code transition} (SEE_ENEMY and
 * LOST_ENEMY in turn, one a pass), {@code unhandled} or {@code update}. Given the same jar twice,
 * {@code Typed machine-update:typed-update} measures the typed face against the machine in rounds
 * a few milliseconds apart.
 */
public final class Typed implements TwoBuilds.Workload {
    private static final int MACHINES = 1_000;

    private final Machine<?>[] machines = new Machine<?>[MACHINES];
    private final TypedMachine<?, ?, Ev>[] typed;
    private final boolean typedFace;
    private final String work;
    private int next;
    private boolean inCombat;

    @SuppressWarnings("unchecked")
    public Typed(String mode) {
        String[] parts = mode.split("-", 2);
        if (parts.length != 2 || !(parts[0].equals("machine") || parts[0].equals("typed"))
                || !(parts[1].equals("transition") || parts[1].equals("unhandled") || parts[1].equals("update"))) {
            throw new IllegalArgumentException("mode: machine-WORK or typed-WORK, WORK transition, unhandled or update, not " + mode);
        }
        typedFace = parts[0].equals("typed");
        work = parts[1];
        typed = (TypedMachine<?, ?, Ev>[]) new TypedMachine<?, ?, ?>[MACHINES];
        for (int i = 0; i < MACHINES; i++) {
            TypedMachine<Guard, St, Ev> m = TypedMachineBenchmark.CHART.newMachine(new Guard());
            m.start();
            m.fire(Ev.ARRIVED);
            typed[i] = m;
            machines[i] = m.machine();
        }
    }

    @Override
    public long applyAsLong(long inputs) {
        long start = System.nanoTime();
        switch (work) {
            case "transition" -> {
                for (long done = 0; done < inputs; ) {
                    Ev event = inCombat ? Ev.LOST_ENEMY : Ev.SEE_ENEMY;
                    done += typedFace ? fireTyped(event, inputs - done) : fireMachines(event, inputs - done);
                    if (next == 0) {
                        inCombat = !inCombat; // a pass is over: every guard moved
                    }
                }
            }
            case "unhandled" -> {
                for (long done = 0; done < inputs; ) {
                    done += typedFace ? fireTyped(Ev.NOISE, inputs - done) : fireMachines(Ev.NOISE, inputs - done);
                }
            }
            default -> {
                for (long done = 0; done < inputs; ) {
                    done += typedFace ? updateTyped(inputs - done) : updateMachines(inputs - done);
                }
            }
        }
        return System.nanoTime() - start;
    }

    /** Up to the end of the crowd, or {@code most} inputs: how many were taken. */
    private int fireTyped(Ev event, long most) {
        int from = next;
        int to = (int) Math.min(MACHINES, from + most);
        for (int i = from; i < to; i++) {
            typed[i].fire(event);
        }
        next = to == MACHINES ? 0 : to;
        return to - from;
    }

    private int fireMachines(Ev event, long most) {
        int from = next;
        int to = (int) Math.min(MACHINES, from + most);
        for (int i = from; i < to; i++) {
            machines[i].fire(event);
        }
        next = to == MACHINES ? 0 : to;
        return to - from;
    }

    private int updateTyped(long most) {
        int from = next;
        int to = (int) Math.min(MACHINES, from + most);
        for (int i = from; i < to; i++) {
            typed[i].update();
        }
        next = to == MACHINES ? 0 : to;
        return to - from;
    }

    private int updateMachines(long most) {
        int from = next;
        int to = (int) Math.min(MACHINES, from + most);
        for (int i = from; i < to; i++) {
            machines[i].update();
        }
        next = to == MACHINES ? 0 : to;
        return to - from;
    }
}
