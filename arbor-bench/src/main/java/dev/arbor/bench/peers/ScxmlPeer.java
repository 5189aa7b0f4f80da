package dev.arbor.bench.peers;

import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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
 * Apache Commons SCXML 0.9: QHsmTst as an SCXML document ({@code qhsmtst.scxml} in the resources),
 * parsed once and shared; each peer instance is one {@code SCXMLExecutor} with the JEXL datamodel
 * ({@code JexlEvaluator}, a {@code JexlContext} holding the owner as {@code owner}). Guards are JEXL
 * expressions ({@code owner.foo}); actions are three custom actions ({@code q:rec}, {@code q:foo},
 * {@code q:unhandled}) that work on the owner. A state {@code top} stands for the chart's root:
 * its {@code <initial>} is QHsmTst's top-level initial transition and its wildcard transition
 * {@code event="*"} catches what no state handles (a descendant's transition always wins).
 * Events are prebuilt {@code TriggerEvent}s carrying the signal as payload.
 *
 * <p>What differs (see PEERS.md):
 * <ul>
 *   <li><b>Every transition is external.</b> SCXML 0.9 predates {@code type="internal"}: a
 *       transition to a descendant exits and re-enters its source (s-E, s1-B, s21-B), and one to
 *       an ancestor exits and re-enters the ancestor (s1-D, s11-H, s211-H re-enter s; s11-D,
 *       s211-D re-enter the parent).</li>
 *   <li><b>Initial content runs on every entry.</b> The executable content of a compound state's
 *       {@code <initial>} transition runs whenever the state is entered, also when the entry
 *       continues to an explicitly targeted descendant, so {@code s-INIT}, {@code s2-INIT},
 *       {@code s21-INIT} appear on explicit paths too.</li>
 * </ul>
 * Guards, bubbling and internal (targetless) transitions behave as in QP. Commons SCXML also
 * allocates heavily per event (it raises an internal {@code X.entry}/{@code X.exit} event for
 * every state entered or left); that is part of what is measured.
 */
public final class ScxmlPeer implements QhsmPeer {

    /** The namespace of the custom actions in qhsmtst.scxml. */
    public static final String NS = "urn:arbor:bench";

    /** The parsed document, shared by every executor. */
    static final SCXML MODEL = parse();

    private static final TriggerEvent[] EVENTS = new TriggerEvent[Sig.values().length];

    static {
        for (Sig s : Sig.values()) {
            EVENTS[s.ordinal()] = new TriggerEvent(s.name(), TriggerEvent.SIGNAL_EVENT, s);
        }
    }

    static SCXML parse() {
        return parse(ScxmlPeer.class, "qhsmtst.scxml", List.of(
                new CustomAction(NS, "rec", Rec.class),
                new CustomAction(NS, "foo", Foo.class),
                new CustomAction(NS, "unhandled", Unhandled.class)));
    }

    static QhsmOwner owner(SCInstance instance) {
        return (QhsmOwner) instance.getRootContext().get("owner");
    }

    /**
     * A document of the resources of {@code base}'s package, parsed with the custom actions given
     * (in the namespace {@link #NS}).
     *
     * @param base     the class whose package holds the document
     * @param resource the document's file name
     * @param actions  the custom actions the document uses
     * @return the parsed document, to share among executors
     */
    public static SCXML parse(Class<?> base, String resource, List<CustomAction> actions) {
        try (InputStream in = base.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the class path");
            }
            return SCXMLParser.parse(new InputSource(in), null, actions);
        } catch (Exception e) {
            throw new IllegalStateException("Commons SCXML rejected " + resource, e);
        }
    }

    /**
     * An executor of {@code model} with a JEXL root context holding {@code owner} as
     * {@code owner}; not started.
     *
     * @param model the shared document
     * @param owner what the document's guards and actions work on
     * @return the executor
     */
    public static SCXMLExecutor newExecutor(SCXML model, Object owner) {
        SCXMLExecutor executor = new SCXMLExecutor(new JexlEvaluator(), new SimpleDispatcher(), new SimpleErrorReporter());
        Context root = new JexlContext();
        root.set("owner", owner);
        executor.setRootContext(root);
        executor.setStateMachine(model);
        return executor;
    }

    /** {@code <q:rec text="s1-ENTRY"/>}: one trace record, made by the owner (a {@link Recorder}). */
    public static final class Rec extends org.apache.commons.scxml.model.Action {
        private static final long serialVersionUID = 1L;
        private String text;

        public Rec() {}

        public void setText(String text) {
            this.text = text.intern();
        }

        public String getText() {
            return text;
        }

        @Override
        @SuppressWarnings("rawtypes")
        public void execute(EventDispatcher d, ErrorReporter r, SCInstance instance, Log log, Collection events) {
            ((Recorder) instance.getRootContext().get("owner")).rec(text);
        }
    }

    /** {@code <q:foo value="true"/>}: sets the owner's {@code foo}. */
    public static final class Foo extends org.apache.commons.scxml.model.Action {
        private static final long serialVersionUID = 1L;
        private boolean value;

        public Foo() {}

        public void setValue(String value) {
            this.value = Boolean.parseBoolean(value);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public void execute(EventDispatcher d, ErrorReporter r, SCInstance instance, Log log, Collection events) {
            owner(instance).foo = value;
        }
    }

    /** {@code <q:unhandled/>}: records the event that reached the root's wildcard transition. */
    public static final class Unhandled extends org.apache.commons.scxml.model.Action {
        private static final long serialVersionUID = 1L;

        public Unhandled() {}

        @Override
        @SuppressWarnings("rawtypes")
        public void execute(EventDispatcher d, ErrorReporter r, SCInstance instance, Log log, Collection events) {
            Object data = instance.getRootContext().get("_eventdata");
            if (data instanceof Sig s) {
                owner(instance).rec(s.unhandledRecord());
            }
        }
    }

    private final QhsmOwner o;
    private final SCXMLExecutor executor;

    public ScxmlPeer(QhsmOwner owner) {
        this.o = owner;
        this.executor = newExecutor(owner);
    }

    /** An executor of the shared document, with a JEXL root context holding the owner; not started. */
    public static SCXMLExecutor newExecutor(QhsmOwner owner) {
        return newExecutor(MODEL, owner);
    }

    @Override
    public void start() {
        go(executor);
    }

    @Override
    public void fire(Sig signal) {
        trigger(executor, EVENTS[signal.ordinal()]);
    }

    /**
     * Starts an executor: its initial configuration entered.
     *
     * @param executor the executor
     * @throws IllegalStateException when Commons SCXML finds the document broken
     */
    public static void go(SCXMLExecutor executor) {
        try {
            executor.go();
        } catch (ModelException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One event to completion.
     *
     * @param executor the executor
     * @param event    the prebuilt event
     * @throws IllegalStateException when Commons SCXML finds the document broken
     */
    public static void trigger(SCXMLExecutor executor, TriggerEvent event) {
        try {
            executor.triggerEvent(event);
        } catch (ModelException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public QhsmOwner owner() {
        return o;
    }

    @Override
    public Q leaf() {
        Set<?> states = executor.getCurrentStatus().getStates();
        TransitionTarget t = (TransitionTarget) states.iterator().next();
        return Q.valueOf(t.getId().toUpperCase(Locale.ROOT));
    }
}
