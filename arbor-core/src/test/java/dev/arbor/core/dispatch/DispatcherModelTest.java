package dev.arbor.core.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher against an obviously correct model (a list sorted by due tick then receipt), over
 * seeded random sends, cancels, deliveries with jumps in time, undelayed and past-dated replies
 * sent while delivering, and snapshot/restore round trips.
 */
class DispatcherModelTest {

    /** The model: every pending telegram in a list; delivery takes the due ones in order. */
    static final class Model {
        final List<Telegram> pending = new ArrayList<>();
        long nextReceipt = 1;

        long send(long now, long delay, int from, int to, Object e) {
            Telegram t = new Telegram(nextReceipt++, now + delay, from, to, e);
            pending.add(t);
            return t.receipt();
        }

        boolean cancel(long receipt) {
            return pending.removeIf(t -> t.receipt() == receipt);
        }

        Telegram nextDue(long now) {
            return pending.stream().filter(t -> t.dueTick() <= now)
                    .min(Comparator.comparingLong(Telegram::dueTick).thenComparingLong(Telegram::receipt)).orElse(null);
        }
    }

    @Test
    void matchesTheModelOnSeededRandomRuns() {
        for (long seed = 1; seed <= 200; seed++) {
            runOnce(seed);
        }
    }

    private void runOnce(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Dispatcher d = new Dispatcher();
        Model model = new Model();
        List<String> got = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        long[] now = {0};
        int agents = 4;
        for (int id = 0; id < agents; id++) {
            int me = id;
            d.register(id, t -> {
                got.add(t.receipt() + ">" + me + ":" + t.event());
                // Some deliveries answer at once, or into the past, while the dispatcher is delivering.
                if (t.receipt() % 7 == 0) {
                    d.send(now[0], 0, me, (me + 1) % agents, "re" + t.receipt());
                }
                if (t.receipt() % 11 == 0) {
                    d.send(now[0] - 3, 0, me, (me + 2) % agents, "past" + t.receipt());
                }
            });
        }
        List<Long> receipts = new ArrayList<>();
        for (int step = 0; step < 300; step++) {
            int op = random.nextInt(10);
            if (op < 6) {
                long delay = random.nextInt(4) == 0 ? 0 : random.nextInt(50);
                int to = random.nextInt(agents + 1); // agent 4 does not exist: dropped
                long r1 = d.send(now[0], delay, 0, to, "m" + step);
                long r2 = model.send(now[0], delay, 0, to, "m" + step);
                assertThat(r1).isEqualTo(r2);
                receipts.add(r1);
            } else if (op < 7 && !receipts.isEmpty()) {
                long r = receipts.get(random.nextInt(receipts.size()));
                assertThat(d.cancel(r)).as("cancel %d, seed %d", r, seed).isEqualTo(model.cancel(r));
            } else if (op < 9) {
                now[0] += random.nextInt(3) == 0 ? random.nextInt(60) : 1;
                d.deliver(now[0]);
                deliverModel(model, now[0], agents, expected);
                assertThat(got).as("seed %d", seed).isEqualTo(expected);
            } else {
                Dispatcher.Snapshot snap = d.snapshot();
                assertThat(snap.pending()).hasSize(model.pending.size());
                d.restore(snap);
            }
            assertThat(d.pendingCount()).as("seed %d", seed).isEqualTo(model.pending.size());
        }
    }

    private static void deliverModel(Model model, long now, int agents, List<String> out) {
        for (Telegram t = model.nextDue(now); t != null; t = model.nextDue(now)) {
            model.pending.remove(t);
            if (t.receiver() >= agents) {
                continue;
            }
            out.add(t.receipt() + ">" + t.receiver() + ":" + t.event());
            if (t.receipt() % 7 == 0) {
                model.send(now, 0, t.receiver(), (t.receiver() + 1) % agents, "re" + t.receipt());
            }
            if (t.receipt() % 11 == 0) {
                model.send(now - 3, 0, t.receiver(), (t.receiver() + 2) % agents, "past" + t.receipt());
            }
        }
    }
}
