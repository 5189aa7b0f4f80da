package dev.arbor.io;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.InjectableValues;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Makes a component from the properties a file gives it, with Jackson binding them onto the
 * component's record components, public fields or setters, and turns Jackson's complaints into
 * problems at the offending key or value.
 *
 * <p>Binding is strict: unknown properties, missing record components, nulls for primitives,
 * strings for numbers and fractions for integers are all errors.
 */
final class Binder {
    private static final List<String> MISSING = List.of("Missing required creator property '", "Missing creator property '");

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .withCoercionConfig(LogicalType.Textual, c -> c
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .defaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.FAIL))
            .build();

    /** One thing wrong with a component's properties: where, and why. */
    record Reported(Pos pos, String message) {}

    /** A component that could not be made: where, and why, for every problem found in its properties. */
    static final class BindFailure extends Exception {
        private static final long serialVersionUID = 1L;
        /** Every problem found, the first one's first: unknown and missing properties are reported together. */
        final transient List<Reported> problems;

        BindFailure(Pos pos, String message) {
            this(List.of(new Reported(pos, message)));
        }

        BindFailure(List<Reported> problems) {
            super(problems.get(0).message(), null, false, false);
            this.problems = List.copyOf(problems);
        }
    }

    /**
     * Binds {@code props} (the component object without its {@code "use"} key, sharing its value
     * nodes with {@code source}) onto a new instance of the registered type, injecting
     * {@code state} as {@link ComponentRegistry#STATE}. A property the type injects is not the
     * file's to give: written there, it is reported as unknown. Every unknown property is reported,
     * each with the nearest known name, beside the properties the type needs and is not given.
     */
    Object bind(ComponentRegistry.Entry entry, ObjectNode props, ObjectNode source, Pos whole, SourceTree tree,
            String state, List<dev.arbor.core.Variable> variables) throws BindFailure {
        String what = entry.kind().word + " '" + entry.name() + "'";
        Set<String> injected = injected(entry.type());
        List<String> allowed = properties(entry.type());
        Set<String> accepted = accepted(entry.type());
        List<Reported> found = new ArrayList<>();
        ObjectNode given = props;
        // Unknown properties are reported here, not left to Jackson: it binds a record's unknown
        // properties only after its constructor, which a missing or mistyped one stops first.
        for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (injected.contains(name) || (accepted != null && !accepted.contains(name))) {
                found.add(new Reported(tree.key(source, name), noSuchProperty(what, name, allowed)));
                if (given == props) {
                    given = props.objectNode().setAll(props); // the same values: their places are looked up in source
                }
                given.remove(name);
            }
        }
        try {
            Object made = mapper.reader(new InjectableValues.Std().addValue(ComponentRegistry.STATE, state)
                            .addValue(ComponentRegistry.VARIABLES, variables))
                    .treeToValue(given, entry.type());
            if (!found.isEmpty()) {
                throw new BindFailure(found);
            }
            return made;
        } catch (UnrecognizedPropertyException e) {
            JsonNode parent = parentOf(source, e.getPath());
            List<String> known = new ArrayList<>();
            if (e.getKnownPropertyIds() != null) {
                TreeSet<String> sorted = new TreeSet<>();
                e.getKnownPropertyIds().forEach(k -> sorted.add(String.valueOf(k)));
                sorted.removeAll(injected);
                known.addAll(sorted);
            }
            found.add(new Reported(tree.key(parent, e.getPropertyName()), noSuchProperty(what, e.getPropertyName(), known)));
        } catch (InvalidDefinitionException e) {
            throw cannotMake(whole, what, e);
        } catch (MismatchedInputException e) {
            String m = e.getOriginalMessage();
            boolean missing = false;
            for (String prefix : MISSING) {
                if (m != null && m.startsWith(prefix)) {
                    int end = m.indexOf('\'', prefix.length());
                    String name = end > 0 ? m.substring(prefix.length(), end) : "?";
                    for (String absent : missing(entry.type(), name, given, injected)) {
                        found.add(new Reported(whole, what + " needs property '" + absent + "'; " + choices(allowed)));
                    }
                    missing = true;
                }
            }
            if (!missing) {
                List<JsonMappingException.Reference> path = e.getPath();
                if (path.isEmpty()) {
                    throw cannotMake(whole, what, e); // the type itself, not one of its properties
                }
                String type = e.getTargetType() == null ? "another type" : typeName(e.getTargetType());
                found.add(mistyped(what, path, type, source, tree).problems.get(0));
            }
        } catch (InputCoercionException e) {
            found.add(outOfRange(what, e, List.of(), whole, source, tree).problems.get(0));
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof InputCoercionException c) {
                found.add(outOfRange(what, c, e.getPath(), whole, source, tree).problems.get(0));
            } else {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                if (cause instanceof PropertyException p) { // the component's own words, at the property it names
                    found.add(new Reported(source.has(p.property()) ? tree.value(source, p.property()) : whole,
                            what + ": " + p.getMessage()));
                    throw new BindFailure(found);
                }
                found.add(new Reported(whole, what + " rejected its properties: " + firstLine(
                        cause == e ? e.getOriginalMessage() : cause.getMessage())));
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            found.add(new Reported(whole, what + " rejected its properties: " + firstLine(e.getMessage())));
        }
        throw new BindFailure(found);
    }

    /** {@code "action 'Say' has no property 'txt'; did you mean 'text'? Its properties: text"}. */
    static String noSuchProperty(String what, String name, List<String> properties) {
        return what + " has no property '" + Excerpt.of(name) + "'; "
                + (properties.isEmpty() ? choices(properties) : NearestName.withChoices(name, properties, choices(properties)));
    }

    /**
     * The properties a record needs that the file does not give (not those it injects), in the
     * record's order; the one Jackson named when the type is not a record or they cannot be told.
     */
    private static List<String> missing(Class<?> type, String named, ObjectNode given, Set<String> injected) {
        List<String> absent = new ArrayList<>();
        if (type.isRecord()) {
            for (var c : type.getRecordComponents()) {
                if (!given.has(c.getName()) && !injected.contains(c.getName())) {
                    absent.add(c.getName());
                }
            }
        }
        return absent.contains(named) ? absent : List.of(named);
    }

    /** A property given a value of the wrong type: reported at the value, with the type it must have. */
    private static BindFailure mistyped(String what, List<JsonMappingException.Reference> path, String type,
            ObjectNode source, SourceTree tree) {
        JsonNode parent = parentOf(source, path);
        Pos at = positionIn(tree, parent, path.get(path.size() - 1));
        JsonNode value = childOf(parent, path.get(path.size() - 1));
        return new BindFailure(at, what + ": property '" + dotted(path) + "' must be " + type + ", not "
                + (value == null ? "that" : Excerpt.of(value)));
    }

    /**
     * A whole number too large for its property. Jackson's stream-level exception has no property
     * path of its own (a wrapping mapping exception may); the tree parser it came from knows where
     * it stood.
     */
    private static BindFailure outOfRange(String what, InputCoercionException e, List<JsonMappingException.Reference> known,
            Pos whole, ObjectNode source, SourceTree tree) {
        JsonParser p = e.getProcessor();
        List<JsonMappingException.Reference> path = !known.isEmpty() ? known
                : p == null ? List.of() : pathOf(p.getParsingContext());
        if (path.isEmpty()) {
            return new BindFailure(whole, what + " rejected its properties: " + firstLine(e.getOriginalMessage()));
        }
        Class<?> target = e.getTargetType();
        return mistyped(what, path, target == null ? "a smaller number" : typeName(target) + range(target), source, tree);
    }

    /** The path from the properties object to where a parser stands, outermost first. */
    private static List<JsonMappingException.Reference> pathOf(JsonStreamContext context) {
        List<JsonMappingException.Reference> path = new ArrayList<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                path.add(0, new JsonMappingException.Reference(null, c.getCurrentName()));
            } else if (c.inArray()) {
                path.add(0, new JsonMappingException.Reference(null, Math.max(0, c.getCurrentIndex())));
            }
        }
        return path;
    }

    /** The range of an integer type, as {@code " from MIN to MAX"}; empty for other types. */
    private static String range(Class<?> t) {
        if (t == int.class || t == Integer.class) {
            return " from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        }
        if (t == long.class || t == Long.class) {
            return " from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        }
        if (t == short.class || t == Short.class) {
            return " from " + Short.MIN_VALUE + " to " + Short.MAX_VALUE;
        }
        if (t == byte.class || t == Byte.class) {
            return " from " + Byte.MIN_VALUE + " to " + Byte.MAX_VALUE;
        }
        return "";
    }

    private static BindFailure cannotMake(Pos whole, String what, JsonMappingException e) {
        return new BindFailure(whole, what + " cannot be made from a file (make it a record, or give it a public"
                + " no-argument constructor): " + firstLine(e.getOriginalMessage()));
    }

    /** The names of the properties a file may give a component type, sorted: not those it injects. */
    List<String> properties(Class<?> type) {
        BeanDescription d = mapper.getDeserializationConfig().introspect(mapper.constructType(type));
        TreeSet<String> names = new TreeSet<>();
        for (BeanPropertyDefinition p : d.findProperties()) {
            if (p.hasSetter() || p.hasConstructorParameter() || (p.hasField() && p.getField().isPublic())) {
                names.add(p.getName());
            }
        }
        if (type.isRecord()) {
            for (var c : type.getRecordComponents()) {
                names.add(c.getName());
            }
        }
        names.removeAll(injected(type));
        return new ArrayList<>(names);
    }

    /**
     * Every name Jackson may bind on a component type (its properties, their aliases, and the names
     * it is told to ignore), or null when it takes any name (an any-setter, or unknown names ignored).
     */
    private Set<String> accepted(Class<?> type) {
        BeanDescription d = mapper.getDeserializationConfig().introspect(mapper.constructType(type));
        if (d.findAnySetterAccessor() != null) {
            return null;
        }
        JsonIgnoreProperties.Value ignorals = mapper.getDeserializationConfig()
                .getDefaultPropertyIgnorals(type, d.getClassInfo());
        if (ignorals.getIgnoreUnknown()) {
            return null;
        }
        Set<String> names = new TreeSet<>(properties(type));
        names.addAll(ignorals.findIgnoredForDeserialization());
        for (BeanPropertyDefinition p : d.findProperties()) {
            if (p.couldDeserialize()) {
                names.add(p.getName());
                p.findAliases().forEach(a -> names.add(a.getSimpleName()));
            }
        }
        return names;
    }

    /**
     * What a registered component is, for listings and schemas: its properties as
     * {@link #properties(Class)} finds them (in the order Jackson finds them: creator parameters
     * first), each required when it is a creator parameter (binding fails on a missing one), else
     * optional with the value a fresh instance has, where that can be read.
     */
    ComponentInfo describe(ComponentRegistry.Entry entry) {
        List<ComponentInfo.Property> props = new ArrayList<>();
        Class<?> type = entry.type();
        if (type != null) {
            Set<String> names = new java.util.LinkedHashSet<>(properties(type));
            BeanDescription d = mapper.getDeserializationConfig().introspect(mapper.constructType(type));
            Object fresh = null;
            for (BeanPropertyDefinition p : d.findProperties()) {
                if (!names.remove(p.getName())) {
                    continue;
                }
                boolean required = p.hasConstructorParameter() || type.isRecord();
                String dflt = "";
                if (!required) {
                    if (fresh == null) {
                        fresh = fresh(type);
                    }
                    dflt = defaultOf(fresh, p);
                }
                props.add(property(p.getName(), p.getPrimaryType(), required, dflt));
            }
            if (type.isRecord()) {
                for (var c : type.getRecordComponents()) {
                    if (names.remove(c.getName())) {
                        props.add(property(c.getName(), mapper.constructType(c.getGenericType()), true, ""));
                    }
                }
            }
        }
        return new ComponentInfo(entry.kind(), entry.name(), entry.doc(), props);
    }

    private static final Object NO_INSTANCE = new Object();

    /** A fresh instance of a component type through its public no-argument constructor, or {@link #NO_INSTANCE}. */
    private static Object fresh(Class<?> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return NO_INSTANCE;
        }
    }

    /** A property's value in a fresh instance as JSON text, or "" when it cannot be read or is null. */
    private String defaultOf(Object fresh, BeanPropertyDefinition p) {
        AnnotatedMember read = p.getGetter() != null ? p.getGetter() : p.getField();
        if (fresh == NO_INSTANCE || read == null || !java.lang.reflect.Modifier.isPublic(read.getMember().getModifiers())) {
            return "";
        }
        try {
            Object value = read.getValue(fresh);
            return value == null ? "" : mapper.writeValueAsString(value);
        } catch (RuntimeException | com.fasterxml.jackson.core.JsonProcessingException e) {
            return "";
        }
    }

    private static ComponentInfo.Property property(String name, com.fasterxml.jackson.databind.JavaType t, boolean required,
            String dflt) {
        List<String> values = new ArrayList<>();
        if (t.isEnumType()) {
            for (Object c : t.getRawClass().getEnumConstants()) {
                values.add(((Enum<?>) c).name());
            }
        }
        return new ComponentInfo.Property(name, javaName(t), jsonType(t), values, required, dflt);
    }

    /** A type as the source spells it: {@code int}, {@code String}, {@code List<String>}. */
    private static String javaName(com.fasterxml.jackson.databind.JavaType t) {
        if (t.isArrayType()) {
            return javaName(t.getContentType()) + "[]";
        }
        StringBuilder b = new StringBuilder(t.getRawClass().getSimpleName());
        if (t.containedTypeCount() > 0 && !t.getRawClass().getSimpleName().isEmpty()) {
            b.append('<');
            for (int i = 0; i < t.containedTypeCount(); i++) {
                b.append(i == 0 ? "" : ", ").append(javaName(t.containedType(i)));
            }
            b.append('>');
        }
        return b.toString();
    }

    /** The JSON Schema type of the values a type binds from, or {@code any}. */
    private static String jsonType(com.fasterxml.jackson.databind.JavaType t) {
        Class<?> c = t.getRawClass();
        if (c == boolean.class || c == Boolean.class) {
            return "boolean";
        }
        if (c == int.class || c == long.class || c == short.class || c == byte.class || c == Integer.class
                || c == Long.class || c == Short.class || c == Byte.class || c == java.math.BigInteger.class) {
            return "integer";
        }
        if (c == double.class || c == float.class || Number.class.isAssignableFrom(c)) {
            return "number";
        }
        if (CharSequence.class.isAssignableFrom(c) || c == char.class || c == Character.class || c.isEnum()
                || c == StateRef.class) {
            return "string";
        }
        if (JsonNode.class.isAssignableFrom(c) || c == Object.class) {
            return "any";
        }
        if (t.isArrayType() || t.isCollectionLikeType()) {
            return "array";
        }
        return "object";
    }

    /**
     * The names of the properties of a component type that Jackson injects ({@link JacksonInject}
     * on a record component, a field, a setter or a constructor parameter) rather than binds
     * from the file.
     */
    Set<String> injected(Class<?> type) {
        BeanDescription d = mapper.getDeserializationConfig().introspect(mapper.constructType(type));
        Set<String> names = new TreeSet<>();
        for (BeanPropertyDefinition p : d.findProperties()) {
            if (isInjected(p.getField()) || isInjected(p.getSetter()) || isInjected(p.getConstructorParameter())) {
                names.add(p.getName());
            }
        }
        if (type.isRecord()) {
            // a record component's annotation is on its private field and its constructor parameter
            for (var c : type.getRecordComponents()) {
                try {
                    if (type.getDeclaredField(c.getName()).isAnnotationPresent(JacksonInject.class)) {
                        names.add(c.getName());
                    }
                } catch (NoSuchFieldException e) {
                    throw new IllegalStateException("record " + type.getName() + " has no field " + c.getName(), e);
                }
            }
        }
        return names;
    }

    private static boolean isInjected(AnnotatedMember m) {
        return m != null && m.hasAnnotation(JacksonInject.class);
    }

    static String choices(List<String> properties) {
        return properties.isEmpty() ? "it takes no properties" : "its properties: " + String.join(", ", properties);
    }

    /** The object or array holding the last element of a path, starting at {@code source}. */
    private static JsonNode parentOf(JsonNode source, List<JsonMappingException.Reference> path) {
        JsonNode n = source;
        for (int i = 0; i < path.size() - 1 && n != null; i++) {
            JsonNode next = childOf(n, path.get(i));
            if (next == null || !next.isContainerNode()) {
                break;
            }
            n = next;
        }
        return n;
    }

    private static JsonNode childOf(JsonNode n, JsonMappingException.Reference r) {
        if (n == null) {
            return null;
        }
        if (r.getFieldName() != null) {
            return n.get(r.getFieldName());
        }
        return r.getIndex() >= 0 ? n.get(r.getIndex()) : null;
    }

    private static Pos positionIn(SourceTree tree, JsonNode parent, JsonMappingException.Reference r) {
        if (r.getFieldName() != null) {
            return tree.value(parent, r.getFieldName());
        }
        return tree.item(parent, Math.max(0, r.getIndex()));
    }

    private static String dotted(List<JsonMappingException.Reference> path) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : path) {
            if (r.getFieldName() != null) {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static String typeName(Class<?> t) {
        if (t == int.class || t == Integer.class || t == long.class || t == Long.class
                || t == short.class || t == Short.class || t == byte.class || t == Byte.class) {
            return "an integer";
        }
        if (t == double.class || t == Double.class || t == float.class || t == Float.class) {
            return "a number";
        }
        if (t == boolean.class || t == Boolean.class) {
            return "true or false";
        }
        if (t == String.class) {
            return "a string";
        }
        if (t == StateRef.class) {
            return "a state's name";
        }
        if (t.isEnum()) {
            List<String> names = new ArrayList<>();
            for (Object c : t.getEnumConstants()) {
                names.add(((Enum<?>) c).name());
            }
            return "one of " + String.join(", ", names);
        }
        if (t.isArray() || java.util.Collection.class.isAssignableFrom(t)) {
            return "a list";
        }
        return "a " + t.getSimpleName();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no reason given";
        }
        int nl = s.indexOf('\n');
        return nl >= 0 ? s.substring(0, nl) : s;
    }
}
