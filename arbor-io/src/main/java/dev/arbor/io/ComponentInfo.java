package dev.arbor.io;

import java.util.List;
import java.util.Objects;

/**
 * What one registered component is, as tools show it to designers ({@code arbor components},
 * chart schemas): its kind, its name, the line of documentation its programmer registered it with,
 * and the properties a file gives it.
 *
 * @param kind       its kind; each kind has its own names
 * @param name       the name a file writes after {@code "use"}
 * @param doc        one line saying what it does; empty when it was registered without one
 * @param properties the properties a file gives it, in the order its type declares them; empty
 *                   for a component registered as an instance
 */
public record ComponentInfo(ComponentRegistry.Kind kind, String name, String doc, List<Property> properties) {

    /**
     * Checks the parts and copies the properties.
     *
     * @param kind       its kind
     * @param name       its name
     * @param doc        its line of documentation, or empty
     * @param properties its properties (copied)
     */
    public ComponentInfo {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(doc, "doc");
        properties = List.copyOf(properties);
    }

    /**
     * One property a file may give a component: a record component or creator parameter (which
     * the file must give) or a public field or setter (optional, keeping the value a fresh
     * instance has).
     *
     * @param name         the property's name, as the file writes it
     * @param javaType     its Java type, as the source spells it ({@code int}, {@code String},
     *                     {@code List<String>}, {@code JsonNode})
     * @param jsonType     the JSON Schema type of the value a file writes: {@code boolean},
     *                     {@code integer}, {@code number}, {@code string}, {@code array} or
     *                     {@code object}; {@code any} for a property that takes any value
     *                     ({@code JsonNode}, {@code Object})
     * @param values       for an enum type, the names it takes, in declaration order; else empty
     * @param required     whether a file must give it
     * @param defaultValue for an optional property, its value in a fresh instance as JSON text
     *                     ({@code 3}, {@code "north"}); empty when required, or when it cannot be
     *                     told (no public no-argument constructor, no readable field or getter, null)
     */
    public record Property(String name, String javaType, String jsonType, List<String> values, boolean required,
            String defaultValue) {

        /**
         * Checks the parts and copies the values.
         *
         * @param name         the property's name
         * @param javaType     its Java type
         * @param jsonType     its JSON Schema type, or {@code any}
         * @param values       an enum's names, or empty (copied)
         * @param required     whether a file must give it
         * @param defaultValue its default as JSON text, or empty
         */
        public Property {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(javaType, "javaType");
            Objects.requireNonNull(jsonType, "jsonType");
            values = List.copyOf(values);
            Objects.requireNonNull(defaultValue, "defaultValue");
        }
    }
}
