package dev.arbor.bench.regions;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.commons.logging.Log;
import org.apache.commons.scxml.Context;
import org.apache.commons.scxml.ErrorReporter;
import org.apache.commons.scxml.EventDispatcher;
import org.apache.commons.scxml.SCInstance;
import org.apache.commons.scxml.SCXMLExecutor;
import org.apache.commons.scxml.TriggerEvent;
import org.apache.commons.scxml.env.SimpleDispatcher;
import org.apache.commons.scxml.env.SimpleErrorReporter;
import org.apache.commons.scxml.env.jexl.JexlContext;
import org.apache.commons.scxml.env.jexl.JexlEvaluator;
import org.apache.commons.scxml.io.SCXMLParser;
import org.apache.commons.scxml.model.CustomAction;
import org.apache.commons.scxml.model.ModelException;
import org.apache.commons.scxml.model.SCXML;
import org.apache.commons.scxml.model.TransitionTarget;
import org.xml.sax.InputSource;

/**
 * Apache Commons SCXML 0.9: the player as an SCXML document ({@code player.scxml}), parsed once and
 * shared; one {@code SCXMLExecutor} a player, JEXL datamodel with the owner as {@code owner}. A game
 * tick is the event {@code TICK}, and the invulnerability counts its ticks on the owner (SCXML 0.9's
 * {@code <send delay>} is real time).
 */
public final class ScxmlPlayer implements PlayerPeer {
    private static final String NS = "urn:arbor:bench";
    private static final SCXML MODEL = parse();
    private static final TriggerEvent[] EVENTS = new TriggerEvent[PlayerEv.values().length];

    static {
        for (PlayerEv e : PlayerEv.values()) {
            EVENTS[e.ordinal()] = new TriggerEvent(e.name(), TriggerEvent.SIGNAL_EVENT, e);
        }
    }

    private static SCXML parse() {
        List<CustomAction> actions = List.of(new CustomAction(NS, "rec", Rec.class),
                new CustomAction(NS, "heavy", Heavy.class), new CustomAction(NS, "ticks", Ticks.class));
        try (InputStream in = ScxmlPlayer.class.getResourceAsStream("player.scxml")) {
            if (in == null) {
                throw new IllegalStateException("player.scxml is missing from the class path");
            }
            return SCXMLParser.parse(new InputSource(in), null, actions);
        } catch (Exception e) {
            throw new IllegalStateException("Commons SCXML rejected player.scxml", e);
        }
    }

    private static PlayerOwner owner(SCInstance instance) {
        return (PlayerOwner) instance.getRootContext().get("owner");
    }

    /** {@code <p:rec text="WALK-ENTRY"/>}: one record. */
    public static final class Rec extends org.apache.commons.scxml.model.Action {
        private static final long serialVersionUID = 1L;
        private String text;

        /** Made by the parser. */
        public Rec() {}

        /** @param text the record */
        public void setText(String text) {
            this.text = text.intern();
        }

        /** @return the record */
        public String getText() {
            return text;
        }

        @Override
        @SuppressWarnings("rawtypes")
        public void execute(EventDispatcher d, ErrorReporter r, SCInstance instance, Log log, Collection events) {
            owner(instance).rec(text);
        }
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
        this.executor = new SCXMLExecutor(new JexlEvaluator(), new SimpleDispatcher(), new SimpleErrorReporter());
        Context root = new JexlContext();
        root.set("owner", owner);
        executor.setRootContext(root);
        executor.setStateMachine(MODEL);
    }

    @Override
    public void start() {
        try {
            executor.go();
        } catch (ModelException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void fire(PlayerEv event) {
        try {
            executor.triggerEvent(EVENTS[event.ordinal()]);
        } catch (ModelException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public PlayerOwner owner() {
        return owner;
    }

    @Override
    public String configuration() {
        String[] regions = new String[3];
        for (Object o : executor.getCurrentStatus().getStates()) {
            String id = ((TransitionTarget) o).getId();
            int r = switch (id) {
                case "IDLE", "WALK", "SNEAK" -> 0;
                case "NONE", "LIGHT_ATTACK", "HEAVY_ATTACK" -> 1;
                default -> 2;
            };
            regions[r] = id;
        }
        return String.join("/", regions);
    }
}
