package dev.arbor.bench.regions;

import dev.arbor.bench.peers.ScxmlPeer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.commons.logging.Log;
import org.apache.commons.scxml.ErrorReporter;
import org.apache.commons.scxml.EventDispatcher;
import org.apache.commons.scxml.SCInstance;
import org.apache.commons.scxml.SCXMLExecutor;
import org.apache.commons.scxml.TriggerEvent;
import org.apache.commons.scxml.model.CustomAction;
import org.apache.commons.scxml.model.SCXML;
import org.apache.commons.scxml.model.TransitionTarget;

/**
 * Apache Commons SCXML 0.9: the player as an SCXML document ({@code player.scxml}), parsed once and
 * shared; one {@code SCXMLExecutor} a player, JEXL datamodel with the owner as {@code owner}. A game
 * tick is the event {@code TICK}, and the invulnerability counts its ticks on the owner (SCXML 0.9's
 * {@code <send delay>} is real time).
 */
public final class ScxmlPlayer implements PlayerPeer {
    private static final SCXML MODEL = parse();
    private static final TriggerEvent[] EVENTS = new TriggerEvent[PlayerEv.values().length];

    static {
        for (PlayerEv e : PlayerEv.values()) {
            EVENTS[e.ordinal()] = new TriggerEvent(e.name(), TriggerEvent.SIGNAL_EVENT, e);
        }
    }

    private static SCXML parse() {
        return ScxmlPeer.parse(ScxmlPlayer.class, "player.scxml", List.of(new CustomAction(ScxmlPeer.NS, "rec", ScxmlPeer.Rec.class),
                new CustomAction(ScxmlPeer.NS, "heavy", Heavy.class), new CustomAction(ScxmlPeer.NS, "ticks", Ticks.class)));
    }

    private static PlayerOwner owner(SCInstance instance) {
        return (PlayerOwner) instance.getRootContext().get("owner");
    }

    /** {@code <p:heavy value="true"/>}: sets the owner's {@code heavy}. */
    public static final class Heavy extends org.apache.commons.scxml.model.Action {
        private static final long serialVersionUID = 1L;
        private boolean value;

        /** Made by the parser. */
        public Heavy() {}

        /** @param value "true" or "false" */
        public void setValue(String value) {
            this.value = Boolean.parseBoolean(value);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public void execute(EventDispatcher d, ErrorReporter r, SCInstance instance, Log log, Collection events) {
            owner(instance).heavy = value;
        }
    }

    /** {@code <p:ticks reset="true"/>} sets the owner's tick count to 0; {@code reset="false"} adds one. */
    public static final class Ticks extends org.apache.commons.scxml.model.Action {
        private static final long serialVersionUID = 1L;
        private boolean reset;

        /** Made by the parser. */
        public Ticks() {}

        /** @param reset "true" to start counting again, "false" to count one tick */
        public void setReset(String reset) {
            this.reset = Boolean.parseBoolean(reset);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public void execute(EventDispatcher d, ErrorReporter r, SCInstance instance, Log log, Collection events) {
            PlayerOwner o = owner(instance);
            o.ticks = reset ? 0 : o.ticks + 1;
        }
    }

    private final PlayerOwner owner;
    private final SCXMLExecutor executor;

    /** A player writing to {@code owner}. */
    public ScxmlPlayer(PlayerOwner owner) {
        this.owner = owner;
        this.executor = ScxmlPeer.newExecutor(MODEL, owner);
    }

    @Override
    public void start() {
        ScxmlPeer.go(executor);
    }

    @Override
    public void fire(PlayerEv event) {
        ScxmlPeer.trigger(executor, EVENTS[event.ordinal()]);
    }

    @Override
    public PlayerOwner owner() {
        return owner;
    }

    @Override
    public String configuration() {
        List<String> ids = new ArrayList<>();
        for (Object state : executor.getCurrentStatus().getStates()) {
            ids.add(((TransitionTarget) state).getId());
        }
        return PlayerPeer.configurationOf(ids);
    }
}
