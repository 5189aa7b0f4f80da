package dev.arbor.gdx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.badlogic.gdx.ai.msg.MessageDispatcher;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link ArborTelegraph}: a machine of an ordinary Arbor chart, registered with gdx-ai's
 * {@link MessageDispatcher}, receives its telegrams (now, delayed, or to every listener of a
 * message code) and answers {@code handleMessage} as gdx-ai does: true when taken, false when
 * nothing took it.
 */
class ArborTelegraphTest {

    static final int MSG_OPEN = 10;
    static final int MSG_CLOSE = 11;
    static final int MSG_KNOCK = 12;

    enum Door { CLOSED, OPENED }

    enum Ev { OPEN, CLOSE }

    static final class Log {
        final List<String> lines = new ArrayList<>();

        List<String> take() {
            List<String> out = List.copyOf(lines);
            lines.clear();
            return out;
        }
    }

    /** A door that reacts to GdxMessage events by code. */
    static Chart<Log> messageDoor() {
        return Chart.<Log>builder("door")
                .initial(Door.CLOSED)
                .state(Door.CLOSED, s -> {
                    s.onEntry(l -> l.lines.add("enter CLOSED"));
                    s.on(GdxMessage.class).guard(GdxMessage.is(MSG_OPEN))
                            .action((l, m) -> l.lines.add("open, says " + m.extraInfo())).target(Door.OPENED);
                })
                .state(Door.OPENED, s -> {
                    s.onEntry(l -> l.lines.add("enter OPENED"));
                    s.on(GdxMessage.class).guard(GdxMessage.is(MSG_CLOSE)).target(Door.CLOSED);
                    s.on(GdxMessage.class).guard(GdxMessage.is(MSG_KNOCK))
                            .action((l, m) -> l.lines.add("come in")); // internal: taken, no change
                })
                .build();
    }

    @RegisterExtension
    final GdxClock clock = new GdxClock();

    static Telegram telegram(int message) {
        Telegram t = new Telegram();
        t.message = message;
        return t;
    }

    @Test
    void telegramsFromTheDispatcherArriveAsGdxMessagesNowOrWhenDue() {
        Log log = new Log();
        Machine<Log> door = messageDoor().newMachine(log);
        door.start();
        log.take();
        ArborTelegraph telegraph = ArborTelegraph.of(door);
        MessageDispatcher dispatcher = new MessageDispatcher();

        dispatcher.dispatchMessage(null, telegraph, MSG_OPEN, "the porter");
        assertThat(log.take()).containsExactly("open, says the porter", "enter OPENED");

        dispatcher.dispatchMessage(1f, null, telegraph, MSG_CLOSE);
        clock.update(0.5f);
        dispatcher.update();
        assertThat(log.take()).isEmpty();
        assertThat(door.isIn(Door.OPENED)).isTrue();
        clock.update(0.5f);
        dispatcher.update();
        assertThat(log.take()).containsExactly("enter CLOSED");

        dispatcher.addListener(telegraph, MSG_OPEN); // a listener of a code: no receiver named
        dispatcher.dispatchMessage(MSG_OPEN, "everyone");
        assertThat(log.take()).containsExactly("open, says everyone", "enter OPENED");
    }

    @Test
    void handleMessageIsTrueWhenATransitionTookTheTelegramAndFalseWhenNothingDid() {
        Log log = new Log();
        Machine<Log> door = messageDoor().newMachine(log);
        door.start();
        ArborTelegraph telegraph = ArborTelegraph.of(door);
        assertThat(telegraph.handleMessage(telegram(MSG_CLOSE))).as("closed already: unhandled").isFalse();
        assertThat(telegraph.handleMessage(telegram(MSG_OPEN))).isTrue();
        assertThat(telegraph.handleMessage(telegram(MSG_KNOCK))).as("an internal transition").isTrue();
        assertThat(telegraph.handleMessage(telegram(MSG_OPEN))).as("open already: unhandled").isFalse();
        assertThat(log.take()).containsExactly("enter CLOSED", "open, says null", "enter OPENED", "come in");
    }

    @Test
    void telegramsMayBecomeTheChartsOwnEvents() {
        Log log = new Log();
        Machine<Log> door = Chart.<Log>builder("enum-door")
                .initial(Door.CLOSED)
                .state(Door.CLOSED, s -> s.on(Ev.OPEN).target(Door.OPENED))
                .state(Door.OPENED, s -> {
                    s.onEntry(l -> l.lines.add("enter OPENED"));
                    s.on(Ev.CLOSE).target(Door.CLOSED);
                })
                .build().newMachine(log);
        door.start();
        ArborTelegraph telegraph = ArborTelegraph.of(door, t -> switch (t.message) {
            case MSG_OPEN -> Ev.OPEN;
            case MSG_CLOSE -> Ev.CLOSE;
            default -> null; // not for this chart
        });
        assertThat(telegraph.handleMessage(telegram(MSG_OPEN))).isTrue();
        assertThat(telegraph.handleMessage(telegram(MSG_OPEN))).isFalse();
        assertThat(telegraph.handleMessage(telegram(MSG_KNOCK))).isFalse();
        assertThat(log.take()).containsExactly("enter OPENED");

        ArborTelegraph wrong = ArborTelegraph.of(door, t -> t);
        assertThatThrownBy(() -> wrong.handleMessage(telegram(MSG_OPEN))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the event made for telegram 10 is the telegram itself");
    }

    @Test
    void aTelegramSentToTheMachineFromInsideItsOwnStepIsQueuedAsACopy() {
        Log log = new Log();
        MessageDispatcher dispatcher = new MessageDispatcher();
        ArborTelegraph[] self = new ArborTelegraph[1];
        Machine<Log> door = Chart.<Log>builder("self-door")
                .initial(Door.CLOSED)
                .state(Door.CLOSED, s -> s.on(GdxMessage.class).guard(GdxMessage.is(MSG_OPEN)).target(Door.OPENED))
                .state(Door.OPENED, s -> {
                    s.onEntry(l -> {
                        l.lines.add("enter OPENED, knocking");
                        dispatcher.dispatchMessage(null, self[0], MSG_KNOCK, "me");
                        l.lines.add("knocked");
                    });
                    s.on(GdxMessage.class).guard(GdxMessage.is(MSG_KNOCK))
                            .action((l, m) -> l.lines.add("who's there? " + m.extraInfo()));
                })
                .build().newMachine(log);
        door.start();
        self[0] = ArborTelegraph.of(door);
        assertThat(self[0].handleMessage(telegram(MSG_OPEN))).isTrue();
        // The knock waits for the entry action to return; the dispatcher recycled its telegram meanwhile.
        assertThat(log.take()).containsExactly("enter OPENED, knocking", "knocked", "who's there? me");
    }
}
