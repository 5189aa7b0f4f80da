package dev.arbor.io;

import com.fasterxml.jackson.annotation.JacksonInject;
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

    /** A component that could not be made: where, and why. */
    static final class BindFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final transient Pos pos;

        BindFailure(Pos pos, String message) {
            super(message, null, false, false);
            this.pos = pos;
        }
    }

    /**
     * Binds {@code props} (the component object without its {@code "use"} key, sharing its value
     * nodes with {@code source}) onto a new instance of the registered type, injecting
     * {@code state} as {@link ComponentRegistry#STATE}. A property the type injects is not the
     * file's to give: written there, it is reported as unknown.
     */
    Object bind(ComponentRegistry.Entry entry, ObjectNode props, ObjectNode source, Pos whole, SourceTree tree,
            String state) throws BindFailure {
        String what = entry.kind().word + " '" + entry.name() + "'";
        Set<String> injected = injected(entry.type());
        for (String name : injected) {
            if (props.has(name)) {
                throw new BindFailure(tree.key(source, name), what + " has no property '" + Excerpt.of(name) + "'; "
                        + choices(properties(entry.type())));
            }
        }
        try {
            return mapper.reader(new InjectableValues.Std().addValue(ComponentRegistry.STATE, state))
                    .treeToValue(props, entry.type());
        } catch (UnrecognizedPropertyException e) {
            JsonNode parent = parentOf(source, e.getPath());
            List<String> known = new ArrayList<>();
            if (e.getKnownPropertyIds() != null) {
                TreeSet<String> sorted = new TreeSet<>();
                e.getKnownPropertyIds().forEach(k -> sorted.add(String.valueOf(k)));
                sorted.removeAll(injected);
                known.addAll(sorted);
            }
            return fail(tree.key(parent, e.getPropertyName()), what + " has no property '" + Excerpt.of(e.getPropertyName())
                    + "'; " + choices(known));
        } catch (InvalidDefinitionException e) {
            throw cannotMake(whole, what, e);
        } catch (MismatchedInputException e) {
            String m = e.getOriginalMessage();
            for (String prefix : MISSING) {
                if (m != null && m.startsWith(prefix)) {
                    int end = m.indexOf('\'', prefix.length());
                    String name = end > 0 ? m.substring(prefix.length(), end) : "?";
                    throw new BindFailure(whole, what + " needs property '" + name + "'; "
                            + choices(properties(entry.type())));
                }
            }
            List<JsonMappingException.Reference> path = e.getPath();
            if (path.isEmpty()) {
                throw cannotMake(whole, what, e); // the type itself, not one of its properties
            }
            String type = e.getTargetType() == null ? "another type" : typeName(e.getTargetType());
            throw mistyped(what, path, type, source, tree);
        } catch (InputCoercionException e) {
            throw outOfRange(what, e, List.of(), whole, source, tree);
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof InputCoercionException c) {
                throw outOfRange(what, c, e.getPath(), whole, source, tree);
            }
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new BindFailure(whole, what + " rejected its properties: " + firstLine(
                    cause == e ? e.getOriginalMessage() : cause.getMessage()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            throw new BindFailure(whole, what + " rejected its properties: " + firstLine(e.getMessage()));
        }
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

    private static Object fail(Pos pos, String message) throws BindFailure {
        throw new BindFailure(pos, message);
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
