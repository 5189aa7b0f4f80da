package dev.arbor.io.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random edit sequences on the shopkeeper's chart, from a fixed seed. After every edit made: the
 * text is JSON; its tree is what the same edit does to the tree read before (a plain reference
 * model on Jackson's nodes, for the edits that are simple there); and an edit undone by its
 * inverse (add then delete, rename and rename back, add a transition then remove it, declare a
 * variable then remove it) gives back the exact text. An edit refused changes nothing.
 */
class RandomEditsTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int SEQUENCES = 200;
    private static final int EDITS_PER_SEQUENCE = 12;

    private int fresh;

    @Test
    void randomEditSequencesKeepTheTextWholeAndInvertible() {
        Random random = new Random(20261127);
        String original = Edits.shopkeeper();
        int made = 0;
        int refused = 0;
        for (int sequence = 0; sequence < SEQUENCES; sequence++) {
            ChartDocument d = ChartDocument.of("shopkeeper.json", original);
            for (int step = 0; step < EDITS_PER_SEQUENCE; step++) {
                ChartEdit edit = randomEdit(random, d.outline());
                String where = "sequence " + sequence + ", step " + step + ": " + edit;
                checkInverses(random, d, where);
                ChartDocument next;
                try {
                    next = d.apply(edit);
                } catch (EditException e) {
                    refused++;
                    continue; // nothing to check but that nothing changed: d is immutable, and d is kept
                }
                made++;
                JsonNode after = Edits.json(next.text());
                assertThat(after.isObject()).as(where).isTrue();
                JsonNode expected = reference(Edits.json(d.text()), edit);
                if (expected != null) {
                    assertThat(after).as(where + "\n" + next.text()).isEqualTo(expected);
                }
                checkOutline(next, edit, where);
                d = next;
            }
        }
        assertThat(made).as("edits made").isGreaterThan(SEQUENCES * EDITS_PER_SEQUENCE / 2);
        assertThat(refused).as("edits refused").isGreaterThan(0);
    }

    private String freshName() {
        return "n" + fresh++;
    }

    private ChartEdit randomEdit(Random random, Outline outline) {
        List<String> states = new ArrayList<>();
        outline.states().forEach(s -> states.add(s.name()));
        String state = states.isEmpty() || random.nextInt(12) == 0 ? "nowhere" + random.nextInt(3) : states.get(random.nextInt(states.size()));
        String stateOrTop = random.nextInt(5) == 0 ? "" : state;
        String target = states.isEmpty() ? "nowhere" : states.get(random.nextInt(states.size()));
        ObjectNode transition = NODES.objectNode().put("event", List.of("dawn", "dusk", "poke", "ring").get(random.nextInt(4))).put("target", target);
        switch (random.nextInt(13)) {
            case 0: return new ChartEdit.AddState(stateOrTop, random.nextInt(10) == 0 ? target : freshName());
            case 1: return new ChartEdit.AddHistory(state, freshName(), random.nextBoolean());
            case 2: return new ChartEdit.RenameState(state, freshName());
            case 3: return new ChartEdit.DeleteState(state);
            case 4: return new ChartEdit.SetInitial(state);
            case 5: return new ChartEdit.SetKind(state, List.of("state", "parallel", "final").get(random.nextInt(3)));
            case 6: return new ChartEdit.AddTransition(stateOrTop, transition);
            case 7: return new ChartEdit.SetTransition(stateOrTop, random.nextInt(3), transition);
            case 8: return new ChartEdit.RemoveTransition(stateOrTop, random.nextInt(3));
            case 9: return new ChartEdit.SetStateKey(stateOrTop, List.of("onEntry", "onExit", "defer").get(random.nextInt(3)),
                    random.nextInt(3) == 0 ? null : NODES.objectNode().put("use", "Log").put("text", "step " + fresh++));
            case 10: {
                List<String> names = new ArrayList<>();
                outline.variables().forEach(v -> names.add(v.name()));
                names.add(freshName());
                return new ChartEdit.SetVariable(names.get(random.nextInt(names.size())),
                        random.nextInt(3) == 0 ? null : NODES.objectNode().put("type", "int").put("min", 0).put("max", random.nextInt(100)));
            }
            case 11: return new ChartEdit.SetChartKey(List.of("allowUnreachable", "errorPolicy").get(random.nextInt(2)),
                    random.nextBoolean() ? null : TextNode.valueOf("x"));
            default: return new ChartEdit.DeleteState("nowhere");
        }
    }

    /** Edits followed by their inverse give back the exact text. */
    private void checkInverses(Random random, ChartDocument d, String where) {
        Outline outline = d.outline();
        List<String> parents = new ArrayList<>(List.of(""));
        for (Outline.State s : outline.states()) {
            if (s.kind().equals("state") || s.kind().equals("parallel")) {
                parents.add(s.name());
            }
        }
        String parent = parents.get(random.nextInt(parents.size()));
        String name = freshName();
        assertThat(d.apply(new ChartEdit.AddState(parent, name)).apply(new ChartEdit.DeleteState(name)).text())
                .as(where + ": add and delete '" + name + "' in '" + parent + "'").isEqualTo(d.text());
        ObjectNode t = NODES.objectNode().put("event", "x");
        int count = parent.isEmpty() ? outline.global().transitions().size()
                : outline.states().stream().filter(s -> s.name().equals(parent)).findFirst().orElseThrow().transitions().size();
        assertThat(d.apply(new ChartEdit.AddTransition(parent, t)).apply(new ChartEdit.RemoveTransition(parent, count)).text())
                .as(where + ": add and remove a transition of '" + parent + "'").isEqualTo(d.text());
        assertThat(d.apply(new ChartEdit.SetVariable(name, TextNode.valueOf("bool"))).apply(new ChartEdit.SetVariable(name, null)).text())
                .as(where + ": declare and remove a variable").isEqualTo(d.text());
        if (!outline.states().isEmpty()) {
            String renamed = outline.states().get(random.nextInt(outline.states().size())).name();
            assertThat(d.apply(new ChartEdit.RenameState(renamed, name)).apply(new ChartEdit.RenameState(name, renamed)).text())
                    .as(where + ": rename '" + renamed + "' and back").isEqualTo(d.text());
        }
    }

    /** What the outline says after a rename or a delete, which the reference model does not cover. */
    private static void checkOutline(ChartDocument next, ChartEdit edit, String where) {
        List<String> names = next.outline().states().stream().map(Outline.State::name).toList();
        if (edit instanceof ChartEdit.RenameState r) {
            assertThat(names).as(where).contains(r.newName()).doesNotContain(r.state());
        }
        if (edit instanceof ChartEdit.DeleteState del) {
            assertThat(names).as(where).doesNotContain(del.state());
            for (Outline.State s : next.outline().states()) {
                for (Outline.Transition t : s.transitions()) {
                    JsonNode tj = Edits.json(t.json());
                    assertThat(tj.path("target").asText()).as(where + ": a transition into it is left").isNotEqualTo(del.state());
                }
            }
        }
    }

    // ------------------------------------------------------------------ the reference model

    /** The tree the edit makes of {@code before}, on Jackson's nodes; null for the edits it does not model. */
    private static JsonNode reference(JsonNode before, ChartEdit edit) {
        ObjectNode root = (ObjectNode) before.deepCopy();
        if (edit instanceof ChartEdit.AddState e) {
            states(e.parent().isEmpty() ? root : find(root, e.parent())).set(e.name(), NODES.objectNode());
        } else if (edit instanceof ChartEdit.AddHistory e) {
            states(find(root, e.parent())).set(e.name(), NODES.objectNode().put("kind", e.deep() ? "deepHistory" : "shallowHistory"));
        } else if (edit instanceof ChartEdit.SetInitial e) {
            ObjectNode parent = parentOf(root, e.state());
            parent.put("initial", e.state());
        } else if (edit instanceof ChartEdit.SetKind e) {
            if (e.kind().equals("state")) {
                find(root, e.state()).remove("kind");
            } else {
                find(root, e.state()).remove("initial"); // only a compound state has one
                find(root, e.state()).put("kind", e.kind());
            }
        } else if (edit instanceof ChartEdit.AddTransition e) {
            ObjectNode owner = e.source().isEmpty() ? global(root) : find(root, e.source());
            if (!owner.has("transitions")) {
                owner.set("transitions", NODES.arrayNode());
            }
            ((ArrayNode) owner.get("transitions")).add(e.transition());
        } else if (edit instanceof ChartEdit.SetTransition e) {
            ObjectNode owner = e.source().isEmpty() ? global(root) : find(root, e.source());
            ((ArrayNode) owner.get("transitions")).set(e.index(), e.transition());
        } else if (edit instanceof ChartEdit.RemoveTransition e) {
            ObjectNode owner = e.source().isEmpty() ? global(root) : find(root, e.source());
            ArrayNode list = (ArrayNode) owner.get("transitions");
            list.remove(e.index());
            if (list.isEmpty()) {
                owner.remove("transitions");
            }
            dropEmptyGlobal(root);
        } else if (edit instanceof ChartEdit.SetStateKey e) {
            ObjectNode owner = e.state().isEmpty() ? global(root) : find(root, e.state());
            if (e.value() == null) {
                owner.remove(e.key());
            } else {
                owner.set(e.key(), e.value());
            }
            dropEmptyGlobal(root);
        } else if (edit instanceof ChartEdit.SetVariable e) {
            if (e.declaration() == null) {
                ((ObjectNode) root.get("variables")).remove(e.name());
                if (root.get("variables").isEmpty()) {
                    root.remove("variables");
                }
            } else {
                if (!root.has("variables")) {
                    root.set("variables", NODES.objectNode());
                }
                ((ObjectNode) root.get("variables")).set(e.name(), e.declaration());
            }
        } else if (edit instanceof ChartEdit.SetChartKey e) {
            if (e.value() == null) {
                root.remove(e.key());
            } else {
                root.set(e.key(), e.value());
            }
        } else {
            return null;
        }
        return root;
    }

    private static ObjectNode states(ObjectNode owner) {
        if (!owner.has("states")) {
            owner.set("states", NODES.objectNode());
        }
        return (ObjectNode) owner.get("states");
    }

    private static ObjectNode global(ObjectNode root) {
        if (!root.has("global")) {
            root.set("global", NODES.objectNode());
        }
        return (ObjectNode) root.get("global");
    }

    private static void dropEmptyGlobal(ObjectNode root) {
        if (root.has("global") && root.get("global").isEmpty()) {
            root.remove("global");
        }
    }

    private static ObjectNode find(ObjectNode owner, String name) {
        ObjectNode parent = parentOf(owner, name);
        if (parent == null) {
            return fail("no state " + name);
        }
        return (ObjectNode) parent.get("states").get(name);
    }

    /** The object whose {@code states} holds the state: the chart's or a state's. */
    private static ObjectNode parentOf(ObjectNode owner, String name) {
        JsonNode states = owner.get("states");
        if (states == null || !states.isObject()) {
            return null;
        }
        if (states.has(name)) {
            return owner;
        }
        for (JsonNode child : states) {
            if (child.isObject()) {
                ObjectNode found = parentOf((ObjectNode) child, name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
