package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.dispatch.Dispatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Events posted to a machine ({@link Machine#post}) and telegrams posted to a dispatcher
 * ({@link Dispatcher#post}) from several threads at once, while the owner's thread takes them in:
 * none is lost or taken twice, and each poster's arrive in the order it posted them.
 */
class PostedFromThreadsTest {

    static final int POSTERS = 4;
    static final int EACH = 5_000;

    record Posted(int poster, int n) {}

    @Test
    void aMachineTakesEveryPostedEventOnceInEachPostersOrder() throws InterruptedException {
        Chart<List<Object>> chart = Chart.<List<Object>>builder("posted")
                .initial("S")
                .state("S", s -> s.onAny().action((log, e) -> log.add(e)))
                .build();
        List<Object> fired = new ArrayList<>();
        Machine<List<Object>> m = chart.newMachine(fired);
        m.start();
        List<Thread> posters = postFrom(POSTERS, p -> m.post(p));
        while (fired.size() < POSTERS * EACH) {
            m.update(); // drains what was posted, then ticks
            Thread.onSpinWait();
        }
        join(posters);
        m.drainPosted();
        assertThat(fired).hasSize(POSTERS * EACH);
        assertInEachPostersOrder(fired);
    }

    @Test
    void aDispatcherTakesEveryPostedTelegramOnceInEachPostersOrder() throws InterruptedException {
        List<Object> delivered = new ArrayList<>();
        Dispatcher d = new Dispatcher().register(99, t -> delivered.add(t.event()));
        List<Thread> posters = postFrom(POSTERS, p -> d.post(0, p.poster(), 99, p));
        long now = 0;
        while (delivered.size() < POSTERS * EACH) {
            d.deliver(now++);
            Thread.onSpinWait();
        }
        join(posters);
        assertThat(d.deliver(now)).isZero();
        assertThat(delivered).hasSize(POSTERS * EACH);
        assertInEachPostersOrder(delivered);
    }

    /** Starts {@code threads} threads that post {@link #EACH} numbered items each, all at once. */
    static List<Thread> postFrom(int threads, Consumer<Posted> post) {
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int poster = t;
            Thread p = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int n = 0; n < EACH; n++) {
                    post.accept(new Posted(poster, n));
                }
            }, "poster-" + t);
            p.setDaemon(true);
            p.start();
            started.add(p);
        }
        go.countDown();
        return started;
    }

    static void join(List<Thread> threads) throws InterruptedException {
        for (Thread t : threads) {
            t.join(10_000);
        }
    }

    static void assertInEachPostersOrder(List<Object> taken) {
        int[] next = new int[POSTERS];
        for (Object o : taken) {
            Posted p = (Posted) o;
            assertThat(p.n()).as("poster %d's next", p.poster()).isEqualTo(next[p.poster()]);
            next[p.poster()]++;
        }
        assertThat(next).containsOnly(EACH);
    }
}
