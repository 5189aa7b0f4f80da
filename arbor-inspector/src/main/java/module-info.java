/**
 * The live inspector ({@link dev.arbor.inspector.Inspector}): a web page served by the JDK's own
 * HTTP server ({@code jdk.httpserver}), no web framework on the game's class path.
 */
module dev.arbor.inspector {
    requires transitive dev.arbor.core;
    requires transitive dev.arbor.io; // ReloadListener, in the API
    requires dev.arbor.svg;
    requires dev.arbor.analysis; // the coverage overlay: dead states and transitions, targetless ones named
    requires jdk.httpserver;
    requires com.fasterxml.jackson.databind;

    exports dev.arbor.inspector;
    // chart views are written (and, replaying, read) by Jackson
    opens dev.arbor.inspector.model to com.fasterxml.jackson.databind;
}
