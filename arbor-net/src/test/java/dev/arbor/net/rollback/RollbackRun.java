package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One seeded rollback run, the check the rollback tests share: a server fed the true inputs and a
 * client that predicts some of them wrong; the server confirms a buffered tick and corrects every
 * input after it; the client's re-simulated ticks must equal the server's, state and trace.
 */
final class RollbackRun {

    /** The owner keeps nothing: every bit of state is the machine's. */
    static final OwnerState<Object, Integer> NOTHING = new OwnerState<>() {
        @Override
        public Integer copyOut(Object owner) {
            return 0;
        }

        @Override
        public void copyIn(Integer state, Object owner) {
        }
    };

    /** A per-tick trace; subclasses choose what they hear and {@link #add} it. Ticks re-simulated while restoring are not written. */
    abstract static class TickTrace implements MachineListener {
        final Map<Long, List<String>> byTick = new HashMap<>();
        long tick;
        Timeline<?, ?> timeline;

        void beforeTick(long t) {
            tick = t;
            byTick.put(t, new ArrayList<>());
        }

        final void add(String what) {
            if (timeline != null && timeline.cause() == Cause.RESTORE) {
                return;
            }
            byTick.computeIfAbsent(tick, k -> new ArrayList<>()).add(what);
        }
    }

    /**
     * What a run saw.
     *
     * @param rolledBack   whether the confirmation rolled the client back
     * @param checks       the ticks compared
     * @param serverStates the server's snapshot per tick
     */
    record Result(boolean rolledBack, long checks, Map<Long, MachineState> serverStates) {}

    private RollbackRun() {
    }

    /**
     * Runs one seed and asserts every re-simulated tick.
     *
     * @param seed    the seed of the inputs, the predictions and the confirmed tick
     * @param chart   the chart both machines run
     * @param prepare what is done to each machine before it starts (seeding its generator, say)
     * @param traces  a new trace for each machine
     * @param inputs  a tick's inputs, drawn from the run's generator
     * @return what the run saw
     */
    static Result run(int seed, Chart<Object> chart, Consumer<Machine<Object>> prepare, Supplier<TickTrace> traces,
                      Function<SplittableRandom, List<Input>> inputs) {
        SplittableRandom rng = new SplittableRandom(seed);
        Machine<Object> server = chart.newMachine(new Object());
        prepare.accept(server);
        TickTrace serverTrace = traces.get();
        server.addListener(serverTrace);
        server.start();
        Map<Long, MachineState> serverStates = new HashMap<>();
        serverStates.put(0L, server.snapshot());

        Machine<Object> client = chart.newMachine(new Object());
        prepare.accept(client);
        TickTrace clientTrace = traces.get();
        client.addListener(clientTrace);
        client.start();
        Timeline<Object, Integer> tl = Timeline.builder(client, NOTHING).capacity(8 + rng.nextInt(16))
                .tickListener((tick, cause) -> clientTrace.beforeTick(tick)).build();
        clientTrace.timeline = tl;

        Map<Long, List<Input>> truth = new HashMap<>();
        int ticks = 20 + rng.nextInt(40);
        for (long t = 1; t <= ticks; t++) {
            List<Input> real = inputs.apply(rng);
            truth.put(t, real);
            serverTrace.beforeTick(t);
            for (Input in : real) {
                if (in instanceof Input.Fire f) {
                    server.fire(f.event());
                } else {
                    server.update();
                }
            }
            serverStates.put(t, server.snapshot());
            tl.advance(t, rng.nextInt(3) != 0 ? real : inputs.apply(rng)); // a third of the ticks predicted anew
        }
        long present = tl.present();
        long confirmed = tl.oldestTick() + rng.nextInt((int) (present - tl.oldestTick() + 1));
        Confirmation<Integer> c = Confirmation.of(confirmed, serverStates.get(confirmed), 0);
        for (long k = Math.max(confirmed, 1); k <= present; k++) {
            c = c.withCorrection(k, truth.get(k));
        }
        RollbackResult<Integer> r = tl.confirm(c);
        long checks = 0;
        for (long k = confirmed; k <= present; k++) {
            assertThat(tl.snapshotAt(k).machine()).as("seed %d, confirmed %d, tick %d", seed, confirmed, k)
                    .isEqualTo(serverStates.get(k));
            if (k > confirmed && r.rolledBack()) {
                assertThat(clientTrace.byTick.get(k)).as("seed %d, trace of tick %d", seed, k)
                        .isEqualTo(serverTrace.byTick.get(k));
            }
            checks++;
        }
        assertThat(client.snapshot()).as("seed %d, the present", seed).isEqualTo(server.snapshot());
        return new Result(r.rolledBack(), checks, serverStates);
    }
}
