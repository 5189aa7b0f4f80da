package dev.arbor.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentInfo;
import dev.arbor.io.ComponentRegistry.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSON Schema (draft 2020-12) for chart files written against some component libraries: the
 * general chart schema that arbor-io ships ({@code dev/arbor/io/chart.schema.json}) with its one
 * {@code component} definition replaced by one per kind ({@code action}, {@code behaviour},
 * {@code conditionComponent}, {@code handler}). Each gives the kind's names as an enum (a bare
 * name only for components that need no property) and, for each name, the properties the
 * component takes, typed, with those it needs required and no others allowed.
 */
final class ChartSchema {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The definitions that replace the general {@code component}, by kind. */
    private static final List<Kind> KINDS = List.of(Kind.ACTION, Kind.BEHAVIOR, Kind.CONDITION, Kind.HANDLER);

    /**
     * The schema for files naming these libraries, as pretty-printed JSON ending in a newline.
     *
     * @throws CliFailure an unknown library, or libraries that cannot be named together
     */
    static String of(List<String> libraries) {
        List<ComponentInfo> components = ChartFiles.combination(libraries, "").components().describe();
        ObjectNode schema = specialize(general(), components, String.join(", ", libraries));
        try {
            DefaultPrettyPrinter pretty = new DefaultPrettyPrinter().withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
            return JSON.writer(pretty).writeValueAsString(schema) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The general chart schema, as arbor-io ships it. */
    static ObjectNode general() {
        try (InputStream in = ChartLoader.class.getResourceAsStream("chart.schema.json")) {
            if (in == null) {
                throw new IllegalStateException("arbor-io's chart.schema.json is missing from the class path");
            }
            return (ObjectNode) JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode specialize(ObjectNode schema, List<ComponentInfo> components, String libraries) {
        schema.remove("$id");
        schema.put("title", "Arbor chart (components: " + libraries + ")");
        ObjectNode defs = (ObjectNode) schema.get("$defs");
        // Where the general schema says "a component", say which kind.
        ref(schema, "/properties/onUnhandled", "action");
        ObjectNode actions = defs.objectNode();
        actions.put("description", "An action, or a list run in order.");
        actions.putArray("oneOf").add(refTo("action")).add(defs.objectNode().put("type", "array").set("items", refTo("action")));
        defs.set("actions", actions);
        ObjectNode behaviours = defs.objectNode();
        behaviours.put("description", "A behaviour, or several: the state finishes when any reports finished.");
        behaviours.putArray("oneOf").add(refTo("behaviour")).add(defs.objectNode().put("type", "array").set("items", refTo("behaviour")));
        defs.set("behaviours", behaviours);
        for (String owner : List.of("/$defs/global/properties", "/$defs/state/else/properties")) {
            ref(schema, owner + "/use", "behaviours");
            ref(schema, owner + "/handler", "handler");
        }
        ref(schema, "/$defs/condition/oneOf/0", "conditionComponent");
        defs.remove("component");
        defs.remove("components");
        for (Kind kind : KINDS) {
            defs.set(defName(kind), kindSchema(defs, kind, components));
        }
        List<String> left = new ArrayList<>();
        refsTo(schema, "", left);
        if (!left.isEmpty()) {
            throw new IllegalStateException("the general chart schema names a component at " + left
                    + " where this does not know the kind");
        }
        return schema;
    }

    private static String defName(Kind kind) {
        return switch (kind) {
            case ACTION -> "action";
            case BEHAVIOR -> "behaviour";
            case CONDITION -> "conditionComponent";
            case HANDLER -> "handler";
        };
    }

    /** One kind's components: a name, or {"use": NAME, ...properties} with NAME's properties. */
    private static ObjectNode kindSchema(ObjectNode factory, Kind kind, List<ComponentInfo> components) {
        ArrayNode names = factory.arrayNode();
        ArrayNode bare = factory.arrayNode();
        ArrayNode each = factory.arrayNode();
        for (ComponentInfo c : components) {
            if (c.kind() != kind) {
                continue;
            }
            names.add(c.name());
            if (c.properties().stream().noneMatch(ComponentInfo.Property::required)) {
                bare.add(c.name());
            }
            ObjectNode then = factory.objectNode();
            if (!c.doc().isEmpty()) {
                then.put("description", c.doc());
            }
            ObjectNode props = then.putObject("properties");
            props.set("use", factory.booleanNode(true));
            ArrayNode required = factory.arrayNode();
            for (ComponentInfo.Property p : c.properties()) {
                props.set(p.name(), propertySchema(factory, p));
                if (p.required()) {
                    required.add(p.name());
                }
            }
            if (!required.isEmpty()) {
                then.set("required", required);
            }
            then.put("additionalProperties", false);
            ObjectNode when = factory.objectNode();
            when.putObject("properties").putObject("use").put("const", c.name());
            each.add(factory.objectNode().<ObjectNode>set("if", when).set("then", then));
        }
        ObjectNode kindSchema = factory.objectNode();
        kindSchema.put("description", "A registered " + kind.word() + ": its name, or {\"use\": NAME, ...properties}.");
        ArrayNode oneOf = kindSchema.putArray("oneOf");
        if (!bare.isEmpty()) {
            oneOf.add(factory.objectNode().set("enum", bare));
        }
        ObjectNode object = factory.objectNode();
        object.put("type", "object");
        object.putArray("required").add("use");
        object.putObject("properties").putObject("use").set("enum", names);
        if (!each.isEmpty()) {
            object.set("allOf", each);
        }
        oneOf.add(object);
        return kindSchema;
    }

    /** A property's value: its JSON type (or any value), an enum's names, its Java type and default as its description. */
    private static ObjectNode propertySchema(ObjectNode factory, ComponentInfo.Property p) {
        ObjectNode s = factory.objectNode();
        if (!p.values().isEmpty()) {
            ArrayNode values = s.putArray("enum");
            p.values().forEach(values::add);
        } else if (!p.jsonType().equals("any")) {
            s.put("type", p.jsonType());
        }
        s.put("description", p.javaType() + (p.required() ? ", required" : ", optional"));
        if (!p.defaultValue().isEmpty()) {
            try {
                s.set("default", JSON.readTree(p.defaultValue()));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return s;
    }

    private static ObjectNode refTo(String def) {
        return JSON.createObjectNode().put("$ref", "#/$defs/" + def);
    }

    private static void ref(ObjectNode schema, String pointer, String def) {
        JsonNode at = schema.at(pointer);
        if (!at.isObject() || !at.has("$ref")) {
            throw new IllegalStateException("the general chart schema has no component reference at " + pointer);
        }
        ((ObjectNode) at).put("$ref", "#/$defs/" + def);
    }

    /** The places still referring to the general component definitions. */
    private static void refsTo(JsonNode n, String path, List<String> found) {
        if (n.isObject()) {
            JsonNode r = n.get("$ref");
            if (r != null && (r.asText().equals("#/$defs/component") || r.asText().equals("#/$defs/components"))) {
                found.add(path);
            }
            n.fields().forEachRemaining(e -> refsTo(e.getValue(), path + "/" + e.getKey(), found));
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                refsTo(n.get(i), path + "/" + i, found);
            }
        }
    }

    private ChartSchema() {}
}
