package dev.arbor.core.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The time-ordered telegram dispatcher: delivery order, cancel, broadcast, threads, save and restore. */
class DispatcherTest {

    /** Records "tick:receiver<-event" for every delivery. */
    static final class Inbox {
        final List<String> got = new ArrayList<>();
        long now;

        Receiver agent(int id) {
            return t -> got.add(now + ":" + id + "<-" + t.event());
        }
    }

    static Dispatcher withAgents(Inbox inbox, int... agentIds) {
        Dispatcher d = new Dispatcher();
        for (int id : agentIds) {
            d.register(id, inbox.agent(id));
        }
        return d;
    }

    static void run(Dispatcher d, Inbox inbox, long from, long to) {
        for (long t = from; t <= to; t++) {
            inbox.now = t;
            d.deliver(t);
        }
    }

    @Test
    void deliversInTimeOrderWithTiesBrokenBySendingOrder() {
        Inbox inbox = new Inbox();
        Dispatcher d = withAgents(inbox, 1, 2);
        d.send(0, 5, 1, 2, "late");
        d.send(0, 2, 1, 2, "first-at-2");
        d.send(0, 2, 2, 1, "second-at-2");
        d.send(1, 1, 1, 2, "third-at-2"); // sent later, due the same tick
        d.send(0, 0, 2, 1, "now");
        run(d, inbox, 0, 6);
        assertThat(inbox.got).containsExactly(
                "0:1<-now", "2:2<-first-at-2", "2:1<-second-at-2", "2:2<-third-at-2", "5:2<-late");
    }

    @Test
    void cancelWithdrawsByReceipt() {
        Inbox inbox = new Inbox();
        Dispatcher d = withAgents(inbox, 1);
        long a = d.send(0, 3, 0, 1, "a");
        d.send(0, 3, 0, 1, "b");
        assertThat(d.cancel(a)).isTrue();
        assertThat(d.cancel(a)).isFalse();
        run(d, inbox, 0, 3);
        assertThat(inbox.got).containsExactly("3:1<-b");
    }

    @Test
    void broadcastReachesEveryOtherAgentInIdOrder() {
        Inbox inbox = new Inbox();
        Dispatcher d = withAgents(inbox, 7, 3, 5);
        assertThat(d.broadcast(0, 1, 5, "alarm")).isEqualTo(2);
        run(d, inbox, 0, 1);
        assertThat(inbox.got).containsExactly("1:3<-alarm", "1:7<-alarm");
    }

    @Test
    void undelayedRepliesSentWhileDeliveringArriveTheSameTick() {
        Inbox inbox = new Inbox();
        Dispatcher d = new Dispatcher();
        d.register(1, t -> {
            inbox.got.add(inbox.now + ":1<-" + t.event());
            d.send(inbox.now, 0, 1, 2, "reply");
        });
        d.register(2, inbox.agent(2));
        d.send(0, 1, 2, 1, "ping");
        run(d, inbox, 0, 1);
        assertThat(inbox.got).containsExactly("1:1<-ping", "1:2<-reply");
    }

    @Test
    void agentsAnsweringEachOtherForeverAreStopped() {
        Dispatcher d = new Dispatcher();
        d.register(1, t -> d.send(0, 0, 1, 2, "x"));
        d.register(2, t -> d.send(0, 0, 2, 1, "x"));
        d.send(0, 0, 1, 2, "x");
        assertThatThrownBy(() -> d.deliver(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without delay");
    }

    @Test
    void telegramsToUnknownAgentsAreDropped() {
        Inbox inbox = new Inbox();
        Dispatcher d = withAgents(inbox, 1);
        d.send(0, 0, 1, 99, "lost");
        d.send(0, 0, 99, 1, "kept");
        assertThat(d.deliver(0)).isEqualTo(1);
        assertThat(inbox.got).containsExactly("0:1<-kept");
    }

    @Test
    void postedFromOtherThreadsTheyAreTakenInOnTheNextDelivery() throws Exception {
        Inbox inbox = new Inbox();
        Dispatcher d = withAgents(inbox, 1);
        Thread other = new Thread(() -> {
            for (int i = 0; i < 100; i++) {
                d.post(0, 9, 1, i);
            }
        });
        other.start();
        other.join();
        assertThat(inbox.got).isEmpty();
        run(d, inbox, 4, 4);
        assertThat(inbox.got).hasSize(100);
        assertThat(inbox.got.get(0)).isEqualTo("4:1<-0");
        assertThat(inbox.got.get(99)).isEqualTo("4:1<-99"); // posting order kept
    }

    @Test
    void aRestoredSnapshotReproducesTheFutureExactly() {
        Inbox first = new Inbox();
        Dispatcher d = withAgents(first, 1, 2);
        for (int i = 0; i < 20; i++) {
            d.send(0, (i * 7) % 5, i % 2 + 1, 2 - i % 2, "m" + i);
        }
        run(d, first, 0, 1);
        Dispatcher.Snapshot snap = d.snapshot();
        first.got.clear();
        d.send(2, 0, 1, 2, "after");
        run(d, first, 2, 6);

        Inbox second = new Inbox();
        Dispatcher e = withAgents(second, 1, 2);
        e.restore(snap);
        e.send(2, 0, 1, 2, "after");
        run(e, second, 2, 6);
        assertThat(second.got).isEqualTo(first.got).isNotEmpty();
        assertThat(snap.pending()).extracting(Telegram::dueTick).isSorted();
    }

    @Test
    void restoreRefusesAnInconsistentSnapshot() {
        Dispatcher d = new Dispatcher();
        Telegram t = new Telegram(5, 1, 0, 1, "x");
        assertThatThrownBy(() -> d.restore(new Dispatcher.Snapshot(5, List.of(t))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("next receipt");
        assertThat(d.pendingCount()).isZero();
    }

    enum Msg { HI_HONEY, STEW_READY }

    enum Room { SHACK, KITCHEN }

    @Test
    void telegramsDriveMachines() {
        List<String> log = new ArrayList<>();
        Chart<List<String>> chart = Chart.<List<String>>builder("wife")
                .initial(Room.SHACK)
                .state(Room.SHACK, s -> s.on(Msg.HI_HONEY).action((l, e) -> l.add("hi")).target(Room.KITCHEN))
                .state(Room.KITCHEN, s -> s.on(Msg.STEW_READY).action((l, e) -> l.add("stew")))
                .build();
        Machine<List<String>> elsa = chart.newMachine(log);
        elsa.start();
        Dispatcher d = new Dispatcher().register(2, elsa);
        d.send(0, 0, 1, 2, Msg.HI_HONEY);
        d.send(0, 3, 2, 2, Msg.STEW_READY);
        d.deliver(0);
        assertThat(elsa.isIn(Room.KITCHEN)).isTrue();
        d.deliver(2);
        assertThat(log).containsExactly("hi");
        d.deliver(3);
        assertThat(log).containsExactly("hi", "stew");
    }

    @Test
    void aListenerHearsEveryTelegramSentDeliveredAndDroppedInOrder() {
        Inbox inbox = new Inbox();
        Dispatcher d = withAgents(inbox, 1, 2);
        List<String> heard = new ArrayList<>();
        d.setListener(new Dispatcher.Listener() {
            @Override
            public void onSent(Dispatcher x, long receipt, long due, int sender, int receiver, Object event) {
                heard.add("sent #" + receipt + " " + sender + "->" + receiver + " " + event + " due " + due);
            }

            @Override
            public void onDelivered(Dispatcher x, long receipt, long now, int sender, int receiver, Object event) {
                heard.add("delivered #" + receipt + " at " + now);
            }

            @Override
            public void onDropped(Dispatcher x, long receipt) {
                heard.add("dropped #" + receipt);
            }
        });
        long hello = d.send(0, 1, 1, 2, "hello");
        long never = d.send(0, 2, 2, 1, "never");
        long lost = d.send(0, 2, 1, 9, "to-nobody");
        d.cancel(never);
        run(d, inbox, 0, 3);
        assertThat(heard).containsExactly(
                "sent #" + hello + " 1->2 hello due 1",
                "sent #" + never + " 2->1 never due 2",
                "sent #" + lost + " 1->9 to-nobody due 2",
                "dropped #" + never,
                "delivered #" + hello + " at 1",
                "dropped #" + lost);
        assertThat(inbox.got).containsExactly("1:2<-hello");

        d.setListener(null);
        d.send(3, 0, 1, 2, "unheard");
        run(d, inbox, 3, 3);
        assertThat(heard).hasSize(6);
        assertThat(d.listener()).isNull();
    }

    @Test
    void theMachineOfAnAgentIsTheOneRegisteredForItsId() {
        dev.arbor.core.Chart<Object> chart = dev.arbor.core.Chart.builder("agent").initial("A").state("A").build();
        dev.arbor.core.Machine<Object> miner = chart.newMachine(new Object());
        Dispatcher d = new Dispatcher();
        d.register(7, miner);
        d.register(8, t -> { });
        assertThat(d.machineOf(7)).isSameAs(miner);
        assertThat(d.machineOf(8)).isNull(); // a receiver, not a machine
        assertThat(d.machineOf(9)).isNull();
    }
}
