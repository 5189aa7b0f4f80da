package dev.arbor.inspector;

import dev.arbor.core.Machine;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A game loop on a thread of its own, as a game has: each tick passes the inspector's gate, runs
 * what the test handed it, then updates every machine. Machines are touched on this thread only.
 */
final class GameLoop implements AutoCloseable {
    private final Inspector inspector;
    private final List<Machine<?>> machines = new CopyOnWriteArrayList<>();
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final long tickMillis;
    private volatile boolean running = true;
    volatile long ticks;
    /** What the game does each tick before updating its machines (events of its own), or null. */
    volatile Runnable everyTick;

    GameLoop(Inspector inspector, long tickMillis) {
        this.inspector = inspector;
        this.tickMillis = tickMillis;
        this.thread = new Thread(this::loop, "test-game-loop");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        while (running) {
            inspector.gate();
            for (Runnable r = tasks.poll(); r != null; r = tasks.poll()) {
                r.run();
            }
            Runnable each = everyTick;
            if (each != null) {
                each.run();
            }
            for (Machine<?> m : machines) {
                m.update();
            }
            ticks++;
            try {
                Thread.sleep(tickMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Runs on the game thread and waits for the result (at most 10 seconds). */
    <T> T call(Supplier<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                f.complete(work.get());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        try {
            return f.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the game thread did not do it: " + e, e);
        }
    }

    void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }

    /** Makes, attaches and starts a machine on the game thread; it is updated every tick from then on. */
    <C> Machine<C> add(Machine<C> machine, String name) {
        run(() -> {
            inspector.attach(machine, name);
            machine.start();
        });
        machines.add(machine);
        return machine;
    }

    /** Makes, attaches and starts {@code n} machines on the game thread in one task. */
    <C> List<Machine<C>> addMany(int n, java.util.function.IntFunction<Machine<C>> make, java.util.function.IntFunction<String> name) {
        return call(() -> {
            List<Machine<C>> made = new java.util.ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Machine<C> m = make.apply(i);
                inspector.attach(m, name.apply(i));
                m.start();
                made.add(m);
            }
            machines.addAll(made);
            return made;
        });
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        inspector.resume();
        thread.interrupt();
        thread.join(5000);
    }
}
