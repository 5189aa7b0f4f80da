package dev.arbor.io;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A named set of components together with a way to make an owner for them: what a tool (the
 * {@code arbor} command, an inspector) needs to load and run chart files written against a game's
 * components without that game's code around them. Libraries are found with
 * {@link java.util.ServiceLoader}; a game lists its own in
 * {@code META-INF/services/dev.arbor.io.ComponentLibrary}.
 *
 * <p>A chart file may name several libraries ({@code "components": ["arbor", "guard"]}); a
 * machine has one owner, so at most one of them may need an owner of its own: the others say
 * they are {@linkplain #ownerAgnostic() owner-agnostic}, and {@link #combined} puts their
 * components together. The built-in components ({@link BuiltIn}) are always there.
 *
 * @param <C> the owner type its components work on
 */
public interface ComponentLibrary<C> {

    /**
     * The name tools select the library by, such as {@code "guard"}.
     *
     * @return the name a chart file's {@code "components"} gives
     */
    String name();

    /**
     * The components, by name.
     *
     * @return the registry chart files are loaded with
     */
    ComponentRegistry<C> components();

    /**
     * A fresh owner for one machine run by a tool.
     *
     * @param log where the owner's log output goes, one call a line (the {@code log} records of
     *            {@code arbor run}'s trace)
     * @return a new owner, shared with no other machine
     */
    C newOwner(Consumer<String> log);

    /**
     * Whether its components work for any owner: they use only the machine (or take the owner as
     * an {@code Object}), so that a file may name this library beside one whose owner it runs
     * with. The built-in components are; a game's usually are not.
     *
     * @return false unless the library says so
     */
    default boolean ownerAgnostic() {
        return false;
    }

    /**
     * The registry a file naming several libraries is loaded with: the components of
     * {@code owner} and of every one of {@code others}, then the built-in ones ({@link BuiltIn})
     * under the names none of them takes. When {@code owner} is the built-in library itself
     * ({@link BuiltIn#NAME}: its machines need only a log), its components count as built-in
     * ones: those of {@code others} take their names first.
     *
     * @param owner  the library the machines' owners come from
     * @param others owner-agnostic libraries
     * @param <C>    the owner type
     * @return a new registry
     * @throws IllegalArgumentException naming both libraries and the component when two of them
     *                                  (not counting the built-in one) define a component of the same
     *                                  kind and name; or when one of {@code others} is not owner-agnostic
     */
    static <C> ComponentRegistry<C> combined(ComponentLibrary<C> owner, List<? extends ComponentLibrary<?>> others) {
        ComponentRegistry<C> all = ComponentRegistry.create();
        Map<String, String> definedBy = new HashMap<>();
        boolean builtInOwner = owner.name().equals(BuiltIn.NAME);
        if (!builtInOwner) {
            include(all, owner, definedBy);
        }
        for (ComponentLibrary<?> library : others) {
            if (!library.ownerAgnostic()) {
                throw new IllegalArgumentException("library '" + library.name() + "' needs an owner of its own; "
                        + "it cannot be combined with '" + owner.name() + "'");
            }
            include(all, library, definedBy);
        }
        if (builtInOwner) {
            for (ComponentRegistry.Entry e : owner.components().entries()) {
                if (all.find(e.kind(), e.name()) == null) {
                    all.put(e);
                }
            }
        }
        return BuiltIn.addTo(all);
    }

    private static void include(ComponentRegistry<?> all, ComponentLibrary<?> library, Map<String, String> definedBy) {
        for (ComponentRegistry.Entry e : library.components().entries()) {
            String other = definedBy.putIfAbsent(e.kind().word + " " + e.name(), library.name());
            if (other != null) {
                throw new IllegalArgumentException("libraries '" + other + "' and '" + library.name() + "' both define the "
                        + e.kind().word + " '" + e.name() + "'; a file can name only one of them");
            }
            all.put(e);
        }
    }
}
