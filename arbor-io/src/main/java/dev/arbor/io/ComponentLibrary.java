package dev.arbor.io;

import java.util.function.Consumer;

/**
 * A named set of components together with a way to make an owner for them: what a tool (the
 * {@code arbor} command, an inspector) needs to load and run chart files written against a game's
 * components without that game's code around them. Libraries are found with
 * {@link java.util.ServiceLoader}; a game lists its own in
 * {@code META-INF/services/dev.arbor.io.ComponentLibrary}.
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
}
