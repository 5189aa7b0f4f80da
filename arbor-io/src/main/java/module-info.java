/**
 * Charts as files: Arbor's JSON chart format, loaded with components resolved by name. Component
 * classes that live in named modules must open their package to {@code com.fasterxml.jackson.databind}
 * so that their properties can be bound.
 */
module dev.arbor.io {
    requires transitive dev.arbor.core;
    requires com.fasterxml.jackson.databind;

    exports dev.arbor.io;
}
