package dev.arbor.io.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.StateKind;
import dev.arbor.core.Transitions;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * SCXML export ({@link Scxml}): exact text for a small chart, and every chart read back with the
 * JDK's namespace-aware DOM parser (external entities and DOCTYPEs refused) and compared with
 * the chart state for state and transition for transition.
 */
class ScxmlTest {

    @Test
    void theDoorIsWrittenExactly() {
        assertThat(Scxml.export(Charts.door(), Set.of("Open"))).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:arbor="urn:dev.arbor:scxml:1" version="1.0" name="door" initial="Closed">
                  <state id="Closed">
                    <transition event="GO" target="Open" type="external"/>
                    <transition event="STOP" cond="hungry" target="Locked" type="external"/>
                  </state>
                  <state id="Open" arbor:active="true">
                    <transition event="STOP" target="Closed" type="external">
                      <arbor:action name="say(bang)"/>
                    </transition>
                  </state>
                  <state id="Locked"/>
                </scxml>
                """);
    }

    @Test
    void aHistoryStateWithoutADeclaredDefaultDefaultsToItsParentsInitialState() {
        // Never an empty target="": the chart resolves an undeclared default to the parent's initial.
        Chart<Object> chart = Chart.builder("resume")
                .initial("Work")
                .state("Work", w -> {
                    w.initial("Plan");
                    w.history("Back", HistoryType.SHALLOW);
                    w.history("DeepBack", HistoryType.DEEP, "Act");
                    w.state("Plan", p -> p.on("go").target("Act"));
                    w.state("Act", a -> {
                        a.on("back").target("Back");
                        a.on("deep").target("DeepBack");
                    });
                })
                .build();
        assertThat(Scxml.export(chart)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:arbor="urn:dev.arbor:scxml:1" version="1.0" name="resume" initial="Work">
                  <state id="Work" initial="Plan">
                    <history id="Back" type="shallow">
                      <transition target="Plan"/>
                    </history>
                    <history id="DeepBack" type="deep">
                      <transition target="Act"/>
                    </history>
                    <state id="Plan">
                      <transition event="go" target="Act" type="external"/>
                    </state>
                    <state id="Act">
                      <transition event="back" target="Back" type="external"/>
                      <transition event="deep" target="DeepBack" type="external"/>
                    </state>
                  </state>
                </scxml>
                """);
    }

    @Test
    void everyStateReadsBackWithItsKindParentAndInitial() throws Exception {
        Chart<Object> chart = Charts.everything();
        Parsed doc = parse(Scxml.export(chart));
        assertThat(doc.root.getAttribute("initial")).isEqualTo("root");
        List<String> expected = new ArrayList<>();
        for (int s = 0; s < chart.stateCount(); s++) {
            expected.add(describe(chart, s));
        }
        assertThat(doc.states).containsExactlyElementsOf(expected);
    }

    @Test
    void everyTransitionReadsBackWithEventCondTargetsAndType() throws Exception {
        Chart<Object> chart = Charts.everything();
        Parsed doc = parse(Scxml.export(chart));
        List<String> expected = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            TransitionInfo info = chart.transitionInfo(t);
            if (info.mode().declared()) {
                List<String> targets = new ArrayList<>();
                info.targets().forEach(x -> targets.add(chart.stateName(x)));
                expected.add(chart.stateName(info.source())
                        + " event=" + (info.mode() == TransitionInfo.Mode.EVENT ? String.join(" ", info.triggers()) : "")
                        + " cond=" + info.guard().orElse("")
                        + " target=" + String.join(" ", targets)
                        + " type=" + (info.kind() == dev.arbor.core.TransitionKind.LOCAL ? "internal" : "external")
                        + " mode=" + (info.mode() == TransitionInfo.Mode.POLLED ? "polled" : ""));
            }
        }
        assertThat(doc.transitions).hasSize(15).containsExactlyElementsOf(expected);
        assertThat(doc.transitions).contains(
                "Plan event= cond=hungry target=Act type=external mode=polled",
                "L1 event=* cond= target=L2 type=internal mode=",
                "R2 event=STOP cond= target=L1 R1 type=external mode=",
                "Idle event=Hit cond= target= type=external mode=");
    }

    @Test
    void actionsAndComponentsAreArborElements() throws Exception {
        Parsed doc = parse(Scxml.export(Charts.everything()));
        Element idle = doc.byName.get("Idle");
        Element onentry = child(idle, Scxml.SCXML_NS, "onentry");
        assertThat(child(onentry, Scxml.ARBOR_NS, "action").getAttribute("name")).isEqualTo("say(hello)");
        Element onexit = child(idle, Scxml.SCXML_NS, "onexit");
        assertThat(child(onexit, Scxml.ARBOR_NS, "action").hasAttribute("name")).isFalse();
        assertThat(child(idle, Scxml.ARBOR_NS, "behavior").getAttribute("name")).isEqualTo("MoveTo{speed=2.5}");
        Element plan = doc.byName.get("Plan");
        assertThat(child(plan, Scxml.ARBOR_NS, "onupdate")).isNotNull();
        Element eventless = (Element) plan.getElementsByTagNameNS(Scxml.SCXML_NS, "transition").item(1);
        assertThat(eventless.getAttributeNS(Scxml.ARBOR_NS, "guarded")).isEqualTo("true");
        assertThat(eventless.hasAttribute("cond")).isFalse();
    }

    @Test
    void activeStatesAreMarked() throws Exception {
        Parsed doc = parse(Scxml.export(Charts.everything(), Set.of("Work", "Act", "L1", "R1")));
        List<String> active = new ArrayList<>();
        doc.byName.forEach((name, e) -> {
            if (e.getAttributeNS(Scxml.ARBOR_NS, "active").equals("true")) {
                active.add(name);
            }
        });
        assertThat(active).containsExactlyInAnyOrder("Work", "Act", "L1", "R1");
    }

    @Test
    void namesThatAreNotXmlNamesGetIdsAndKeepTheirNames() throws Exception {
        Chart<Object> chart = Charts.awkwardNames();
        String xml = Scxml.export(chart);
        assertThat(xml)
                .contains("name=\"awkward &quot;names&quot;\" initial=\"_s1\"")
                .contains("<state id=\"_s1\" arbor:name=\"say &quot;hi&quot;\">")
                .contains("<state id=\"subgraph\">")
                .as("Unicode letters make XML names")
                .contains("<state id=\"_s5\" arbor:name=\"Ärger 怒り\">");
        Parsed doc = parse(xml);
        assertThat(doc.root.getAttribute("name")).isEqualTo("awkward \"names\"");
        assertThat(doc.byName).containsOnlyKeys(Charts.QUOTED, Charts.BACKSLASH, Charts.SYNTAX, Charts.KEYWORD,
                Charts.UNICODE);
        assertThat(doc.transitions).contains("say \"hi\" event=go cond= target=a\\b type=external mode=");
    }

    @Test
    void generatedIdsNeverCollideAndForbiddenCharactersAreReplaced() throws Exception {
        Chart<Object> chart = Chart.builder("ids").initial("a b")
                .state("a b", s -> s.on("go").target("_s1"))
                .state("_s1", s -> s.on("go").target("bell\uFFFF"))
                .state("bell\uFFFF")
                .build();
        Parsed doc = parse(Scxml.export(chart));
        assertThat(doc.ids).containsExactly("_s1_", "_s1", "_s3");
        assertThat(doc.byName).containsOnlyKeys("a b", "_s1", "bell ");
    }

    /** A handler-style state: its code picks targets at run time, so there is no arrow to export. */
    static final class Ticking implements StateHandler<Object> {
        @Override
        public Reply onEvent(Object owner, Object event, Transitions to) {
            return to.state("Other");
        }
    }

    @Test
    void handlerStatesAreMarkedAndTheirRunTimeChoicesAreNotTransitions() throws Exception {
        Chart<Object> chart = Chart.handlers("handlers")
                .initial("Ticker")
                .state("Ticker", Chart.ROOT, new Ticking())
                .state("Other", Chart.ROOT, new Ticking())
                .build();
        Parsed doc = parse(Scxml.export(chart));
        assertThat(doc.byName.get("Ticker").getAttributeNS(Scxml.ARBOR_NS, "handler")).isEqualTo("true");
        assertThat(doc.transitions).isEmpty();
        assertThat(Dot.export(chart)).contains("i0 -> s1;").doesNotContain("s1 -> s2");
    }

    @Test
    void theSameChartGivesTheSameBytes() {
        assertThat(Scxml.export(Charts.everything())).isEqualTo(Scxml.export(Charts.everything()));
    }

    // ------------------------------------------------------------------ reading back

    /** What the tests compare: one line per state and per transition, in document order. */
    record Parsed(Element root, List<String> states, List<String> ids, List<String> transitions,
                  Map<String, Element> byName) {}

    static String describe(Chart<?> chart, int s) {
        String element = switch (chart.kind(s)) {
            case PARALLEL -> "parallel";
            case FINAL -> "final";
            case SHALLOW_HISTORY -> "history(shallow)";
            case DEEP_HISTORY -> "history(deep)";
            default -> "state";
        };
        String parent = chart.parent(s) < 0 ? "-" : chart.stateName(chart.parent(s));
        List<String> initial = new ArrayList<>();
        chart.stateInfo(s).initialTargets().forEach(t -> initial.add(chart.stateName(t)));
        return chart.stateName(s) + " " + element + " in " + parent
                + (chart.kind(s) == StateKind.COMPOUND || initial.size() > 0 ? " initial " + initial : "");
    }

    static Parsed parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        Document doc = factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        Element root = doc.getDocumentElement();
        assertThat(root.getNamespaceURI()).isEqualTo(Scxml.SCXML_NS);
        assertThat(root.getLocalName()).isEqualTo("scxml");
        assertThat(root.getAttribute("version")).isEqualTo("1.0");
        Map<String, String> nameById = new HashMap<>();
        collectNames(root, nameById);
        Parsed out = new Parsed(root, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new java.util.LinkedHashMap<>());
        walk(root, "root", nameById, out);
        return out;
    }

    private static void collectNames(Element e, Map<String, String> nameById) {
        if (e.hasAttribute("id")) {
            String name = e.getAttributeNS(Scxml.ARBOR_NS, "name");
            nameById.put(e.getAttribute("id"), name.isEmpty() ? e.getAttribute("id") : name);
        }
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                collectNames(c, nameById);
            }
        }
    }

    private static void walk(Element e, String parent, Map<String, String> names, Parsed out) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element c)) {
                continue;
            }
            if (Scxml.SCXML_NS.equals(c.getNamespaceURI()) && c.getLocalName().equals("transition")
                    && !e.getLocalName().equals("history") && !e.getLocalName().equals("initial")) {
                out.transitions.add(names.get(e.getAttribute("id"))
                        + " event=" + c.getAttribute("event")
                        + " cond=" + c.getAttribute("cond")
                        + " target=" + resolve(c.getAttribute("target"), names)
                        + " type=" + c.getAttribute("type")
                        + " mode=" + c.getAttributeNS(Scxml.ARBOR_NS, "mode"));
                continue;
            }
            String kind = switch (c.getLocalName()) {
                case "state", "parallel", "final" -> c.getLocalName();
                case "history" -> "history(" + c.getAttribute("type") + ")";
                default -> null;
            };
            if (kind == null || !Scxml.SCXML_NS.equals(c.getNamespaceURI())) {
                continue;
            }
            String name = names.get(c.getAttribute("id"));
            String initial = initialOf(c, names);
            out.states.add(name + " " + kind + " in " + (c.getAttributeNS(Scxml.ARBOR_NS, "root").equals("true")
                    ? "-" : parent) + (initial == null ? "" : " initial " + initial));
            out.ids.add(c.getAttribute("id"));
            out.byName.put(name, c);
            walk(c, name, names, out);
        }
    }

    /** A compound state's initial attribute or element, or a history state's default transition, as names. */
    private static String initialOf(Element state, Map<String, String> names) {
        if (state.hasAttribute("initial")) {
            return List.of(resolve(state.getAttribute("initial"), names).split(" ")).toString();
        }
        Element holder = state.getLocalName().equals("history") ? state : child(state, Scxml.SCXML_NS, "initial");
        if (holder == null) {
            return null;
        }
        return List.of(resolve(child(holder, Scxml.SCXML_NS, "transition").getAttribute("target"), names)
                .split(" ")).toString();
    }

    private static String resolve(String idrefs, Map<String, String> names) {
        if (idrefs.isEmpty()) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (String id : idrefs.split(" ")) {
            assertThat(names).as("idref %s", id).containsKey(id);
            out.add(names.get(id));
        }
        return String.join(" ", out);
    }

    private static Element child(Element e, String ns, String local) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && ns.equals(c.getNamespaceURI()) && local.equals(c.getLocalName())) {
                return c;
            }
        }
        return null;
    }
}
