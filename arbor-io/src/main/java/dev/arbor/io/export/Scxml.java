package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.Callbacks;
import dev.arbor.core.Chart.StateInfo;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import dev.arbor.core.TransitionKind;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The exporter that writes a chart as an SCXML 1.0 document (W3C, {@code
 * http://www.w3.org/2005/07/scxml}), with what SCXML cannot say recorded in Arbor's namespace
 * ({@value #ARBOR_NS}, prefix {@code arbor}) so that a reader can rebuild the chart. Written with
 * the JDK's {@link XMLStreamWriter}, so the output is always well-formed.
 *
 * <h2>Mapping</h2>
 * <ul>
 *   <li>States: {@code <state>}, {@code <parallel>}, {@code <final>}, and {@code <history
 *       type="shallow|deep">} with its default as a {@code <transition>} (an undeclared default
 *       is the parent's initial state, as the chart reports it); a compound state's
 *       initial targets are its {@code initial} attribute, or an {@code <initial>} element when
 *       its initial transition has actions. The root is the {@code <scxml>} element itself,
 *       unless it is parallel, has transitions or actions, or is a target: then it is a state
 *       with {@code arbor:root="true"} that {@code <scxml>} starts in.</li>
 *   <li>Ids: a state's name when it is an XML name (letters, digits, {@code _ - .}, not starting
 *       with a digit, {@code -} or {@code .}); otherwise {@code _s<id>} (made unique) with the
 *       name kept in {@code arbor:name}.</li>
 *   <li>Transitions: {@code event} lists the triggers as {@link TransitionInfo#triggers()} gives
 *       them ({@code done.state.S}, {@code *}, enum constant names, class simple names,
 *       descriptors; {@code done.child.S} is Arbor's); {@code target}; {@code type}
 *       ({@code internal} for a {@link TransitionKind#LOCAL local} transition, as SCXML calls
 *       it, else {@code external}). A polled ({@code when}) transition has no {@code event} and
 *       {@code arbor:mode="polled"}; a timer ({@code after(n)}) has no {@code event},
 *       {@code arbor:mode="timer"} and {@code arbor:after="n"} (SCXML has no ticks: its delays are
 *       times, so a timer is Arbor's to read); an eventless one has neither.</li>
 *   <li>Deferred events: {@code arbor:defer} on the state, the selectors separated by spaces
 *       (SCXML has no deferral).</li>
 *   <li>Guards: {@code cond} holds the guard's label (a component name, as a reader resolves
 *       it); a guard without a label is written {@code arbor:guarded="true"} and no
 *       {@code cond}.</li>
 *   <li>Actions: executable content in Arbor's namespace, {@code <arbor:action name="label"/>}
 *       ({@code name} left out for an unnamed action), inside {@code <onentry>},
 *       {@code <onexit>}, transitions and {@code <initial>}; update actions inside
 *       {@code <arbor:onupdate>}; components as {@code <arbor:behavior name="..."/>}; handler
 *       states have {@code arbor:handler="true"}; plans are {@code arbor:plan} (the steps' ids)
 *       and {@code arbor:resume="true"}.</li>
 *   <li>Active states, when given, carry {@code arbor:active="true"}.</li>
 * </ul>
 */
public final class Scxml {
    /** The SCXML namespace. */
    public static final String SCXML_NS = "http://www.w3.org/2005/07/scxml";
    /** Arbor's namespace for what SCXML does not express. */
    public static final String ARBOR_NS = "urn:dev.arbor:scxml:1";

    private Scxml() {}

    /**
     * The chart as SCXML, no state marked active.
     *
     * @param chart the chart drawn
     * @return the SCXML text
     */
    public static String export(Chart<?> chart) {
        return export(chart, Set.of());
    }

    /**
     * The chart as SCXML, with the named states marked {@code arbor:active="true"}.
     *
     * @param chart        the chart drawn
     * @param activeStates the names of the states to mark active (a machine's configuration, say)
     * @return the SCXML text
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public static String export(Chart<?> chart, Set<String> activeStates) {
        ChartView v = ChartView.of(chart, activeStates);
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(text);
            new Scxml.Writer(v, xml).document();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write SCXML for chart '" + chart.name() + "'", e);
        }
        return text.toString();
    }

    /** The SCXML id of each state, as {@link Scxml} documents them. */
    static String[] ids(ChartView v) {
        String[] ids = new String[v.count];
        Set<String> taken = new HashSet<>();
        for (int s = 0; s < v.count; s++) {
            if (isXmlName(v.name(s))) {
                taken.add(v.name(s));
            }
        }
        for (int s = 0; s < v.count; s++) {
            if (isXmlName(v.name(s))) {
                ids[s] = v.name(s);
            } else {
                String id = "_s" + s;
                while (!taken.add(id)) {
                    id = id + "_";
                }
                ids[s] = id;
            }
        }
        return ids;
    }

    /** Whether a name is an XML NCName from the letters, digits and {@code _ - .} this exporter allows. */
    static boolean isXmlName(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.codePointAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.')) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    /** One document's writing: ids, indentation and the walk. */
    private static final class Writer {
        private final ChartView v;
        private final XMLStreamWriter xml;
        private final String[] ids;
        private int depth;

        Writer(ChartView v, XMLStreamWriter xml) {
            this.v = v;
            this.xml = xml;
            this.ids = ids(v);
        }

        void document() throws XMLStreamException {
            xml.writeStartDocument("UTF-8", "1.0");
            xml.setDefaultNamespace(SCXML_NS);
            xml.setPrefix("arbor", ARBOR_NS);
            newline();
            xml.writeStartElement(SCXML_NS, "scxml");
            xml.writeDefaultNamespace(SCXML_NS);
            xml.writeNamespace("arbor", ARBOR_NS);
            xml.writeAttribute("version", "1.0");
            xml.writeAttribute("name", Diagrams.xmlText(v.chart.name()));
            if (v.rootDrawn) {
                xml.writeAttribute("initial", ids[0]);
                depth++;
                state(0);
                depth--;
            } else {
                xml.writeAttribute("initial", idList(v.states[0].initialTargets()));
                depth++;
                contents(0);
                depth--;
            }
            newline();
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
        }

        private void contents(int s) throws XMLStreamException {
            StateInfo info = v.states[s];
            if (s != 0 || v.rootDrawn) {
                actions("onentry", info.entry());
                actions("onexit", info.exit());
                if (!info.update().isEmpty()) {
                    start(ARBOR_NS, "onupdate", false);
                    depth++;
                    actionList(info.update());
                    depth--;
                    end();
                }
                for (String behavior : info.behaviors()) {
                    start(ARBOR_NS, "behavior", true);
                    xml.writeAttribute("name", Diagrams.xmlText(behavior));
                }
            }
            if (v.kind(s) == StateKind.COMPOUND && !info.initialAction().isEmpty()) {
                start(SCXML_NS, "initial", false);
                depth++;
                start(SCXML_NS, "transition", false);
                xml.writeAttribute("target", idList(info.initialTargets()));
                depth++;
                actionList(info.initialAction());
                depth--;
                end();
                depth--;
                end();
            }
            for (TransitionInfo t : v.transitions) {
                if (t.source() == s) {
                    transition(t);
                }
            }
            for (int child : v.contents[s]) {
                state(child);
            }
        }

        private void state(int s) throws XMLStreamException {
            StateInfo info = v.states[s];
            if (v.isHistory(s)) {
                // The chart resolves an undeclared default to the parent's initial content; should
                // it ever give none, write no transition rather than an invalid empty target.
                boolean noDefault = info.initialTargets().isEmpty();
                start(SCXML_NS, "history", noDefault);
                attributes(s);
                xml.writeAttribute("type", v.kind(s) == StateKind.DEEP_HISTORY ? "deep" : "shallow");
                if (noDefault) {
                    return;
                }
                depth++;
                start(SCXML_NS, "transition", true);
                xml.writeAttribute("target", idList(info.initialTargets()));
                depth--;
                end();
                return;
            }
            String element = switch (v.kind(s)) {
                case PARALLEL -> "parallel";
                case FINAL -> "final";
                default -> "state";
            };
            boolean empty = v.contents[s].length == 0 && info.entry().isEmpty() && info.exit().isEmpty()
                    && info.update().isEmpty() && info.behaviors().isEmpty()
                    && v.transitions.stream().noneMatch(t -> t.source() == s);
            start(SCXML_NS, element, empty);
            attributes(s);
            if (v.kind(s) == StateKind.COMPOUND && info.initialAction().isEmpty()) {
                xml.writeAttribute("initial", idList(info.initialTargets()));
            }
            if (empty) {
                return;
            }
            depth++;
            contents(s);
            depth--;
            end();
        }

        private void attributes(int s) throws XMLStreamException {
            xml.writeAttribute("id", ids[s]);
            if (!ids[s].equals(v.name(s))) {
                xml.writeAttribute(ARBOR_NS, "name", Diagrams.xmlText(v.name(s)));
            }
            if (s == 0) {
                xml.writeAttribute(ARBOR_NS, "root", "true");
            }
            if (v.states[s].hasHandler()) {
                xml.writeAttribute(ARBOR_NS, "handler", "true");
            }
            if (!v.states[s].deferred().isEmpty()) {
                xml.writeAttribute(ARBOR_NS, "defer", Diagrams.xmlText(String.join(" ", v.states[s].deferred())));
            }
            if (v.active[s]) {
                xml.writeAttribute(ARBOR_NS, "active", "true");
            }
        }

        private void transition(TransitionInfo t) throws XMLStreamException {
            boolean empty = t.action().isEmpty();
            start(SCXML_NS, "transition", empty);
            switch (t.mode()) {
                case EVENT -> xml.writeAttribute("event", Diagrams.xmlText(String.join(" ", t.triggers())));
                case POLLED -> xml.writeAttribute(ARBOR_NS, "mode", "polled");
                case TIMER -> {
                    xml.writeAttribute(ARBOR_NS, "mode", "timer");
                    xml.writeAttribute(ARBOR_NS, "after", Long.toString(t.after()));
                }
                default -> { }
            }
            if (t.guarded()) {
                if (t.guard().isPresent()) {
                    xml.writeAttribute("cond", Diagrams.xmlText(t.guard().get()));
                } else {
                    xml.writeAttribute(ARBOR_NS, "guarded", "true");
                }
            }
            if (!t.targets().isEmpty()) {
                xml.writeAttribute("target", idList(t.targets()));
            }
            xml.writeAttribute("type", t.kind() == TransitionKind.LOCAL ? "internal" : "external");
            if (!t.plan().isEmpty()) {
                xml.writeAttribute(ARBOR_NS, "plan", idList(t.plan()));
            }
            if (t.resumeAfter()) {
                xml.writeAttribute(ARBOR_NS, "resume", "true");
            }
            if (!empty) {
                depth++;
                actionList(t.action());
                depth--;
                end();
            }
        }

        private void actions(String element, Callbacks c) throws XMLStreamException {
            if (c.isEmpty()) {
                return;
            }
            start(SCXML_NS, element, false);
            depth++;
            actionList(c);
            depth--;
            end();
        }

        /** One {@code <arbor:action>} per function; labels go to the first ones (unlabelled functions have none). */
        private void actionList(Callbacks c) throws XMLStreamException {
            for (int i = 0; i < c.count(); i++) {
                start(ARBOR_NS, "action", true);
                if (i < c.labels().size()) {
                    xml.writeAttribute("name", Diagrams.xmlText(c.labels().get(i)));
                }
            }
        }

        private void start(String ns, String name, boolean empty) throws XMLStreamException {
            newline();
            if (empty) {
                xml.writeEmptyElement(ns, name);
            } else {
                xml.writeStartElement(ns, name);
            }
        }

        private void end() throws XMLStreamException {
            newline();
            xml.writeEndElement();
        }

        private void newline() throws XMLStreamException {
            xml.writeCharacters("\n" + "  ".repeat(depth));
        }

        private String idList(List<Integer> states) {
            List<String> out = new ArrayList<>(states.size());
            for (int s : states) {
                out.add(ids[s]);
            }
            return String.join(" ", out);
        }
    }
}
