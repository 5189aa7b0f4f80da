package dev.arbor.cli;

import dev.arbor.io.ComponentInfo;
import dev.arbor.io.ComponentLibrary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor components [LIB…]}: lists the components of component libraries, each with its
 * kind, its line of documentation and its properties, from what the library's programmer
 * registered:
 *
 * <pre>
 * arbor
 *   condition Chance: Holds a percentage of the times it is tested, drawn from the machine's seeded generator
 *     percent  integer  required
 *   action Add: Adds an amount to an int variable, clamped to its range
 *     var     string   required
 *     amount  integer  required
 * </pre>
 *
 * <p>Libraries in the order given (default: every known one, by name), a blank line between
 * them; components by kind (behaviours, conditions, actions, handlers), then name; properties
 * in the order the type declares them, as {@code NAME  TYPE  required} or
 * {@code NAME  TYPE  optional, default VALUE} in aligned columns. A library lists its own
 * components only: the built-in ones ({@code arbor}) are available in every file besides.
 */
@Command(name = "components", mixinStandardHelpOptions = true,
        description = {"Lists the components of component libraries: kind, name, documentation, properties.",
                "The built-in components (library " + ChartFiles.BUILT_IN + ") are available in every file besides a library's own."})
final class ComponentsCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "LIB", description = "Libraries: ${COMPLETION-CANDIDATES} (default: all).",
            completionCandidates = ChartFiles.LibraryNames.class)
    List<String> names = new ArrayList<>();

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        Map<String, ComponentLibrary<?>> libraries = ChartFiles.libraries();
        List<String> chosen = names.isEmpty() ? new ArrayList<>(libraries.keySet()) : names;
        List<String> lines = new ArrayList<>();
        for (String name : chosen) {
            ComponentLibrary<?> library = libraries.get(name);
            if (library == null) {
                throw new CliFailure("no component library named '" + name + "'; libraries: "
                        + String.join(", ", libraries.keySet()));
            }
            if (!lines.isEmpty()) {
                lines.add("");
            }
            lines.addAll(listing(library));
        }
        lines.forEach(main.out::println);
        return 0;
    }

    /** One library's lines: its name, then each component and its properties. */
    static List<String> listing(ComponentLibrary<?> library) {
        List<String> lines = new ArrayList<>();
        lines.add(library.name() + (library.ownerAgnostic() ? " (works with any owner)" : ""));
        List<ComponentInfo> components = library.components().describe();
        if (components.isEmpty()) {
            lines.add("  (no components)");
        }
        for (ComponentInfo c : components) {
            lines.add("  " + c.kind().word() + " " + c.name() + (c.doc().isEmpty() ? "" : ": " + c.doc()));
            int nameWidth = 0;
            int typeWidth = 0;
            for (ComponentInfo.Property p : c.properties()) {
                nameWidth = Math.max(nameWidth, p.name().length());
                typeWidth = Math.max(typeWidth, type(p).length());
            }
            for (ComponentInfo.Property p : c.properties()) {
                lines.add("    " + pad(p.name(), nameWidth) + "  " + pad(type(p), typeWidth) + "  "
                        + (p.required() ? "required" : "optional" + (p.defaultValue().isEmpty() ? "" : ", default " + p.defaultValue())));
            }
        }
        return lines;
    }

    /** A property's type as a designer reads it: its JSON type, an enum's names, or "any value". */
    static String type(ComponentInfo.Property p) {
        if (!p.values().isEmpty()) {
            return "one of " + String.join("|", p.values());
        }
        return p.jsonType().equals("any") ? "any value" : p.jsonType();
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }
}
