/**
 * Charts as files: Arbor's JSON chart format, loaded with components resolved by name; hot reload
 * of running machines; export as diagrams and SCXML. Component
 * classes that live in named modules must open their package to {@code com.fasterxml.jackson.databind}
 * so that their properties can be bound.
 */
module dev.arbor.io {
    requires transitive dev.arbor.core;
    requires com.fasterxml.jackson.databind;
    requires java.xml;

    exports dev.arbor.io;
    exports dev.arbor.io.edit;
    exports dev.arbor.io.export;
    exports dev.arbor.io.reload;
}
