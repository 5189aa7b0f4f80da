/**
 * SCXML 1.0 on Arbor: documents loaded hardened into Arbor charts and run as sessions with the
 * null or ECMAScript (Mozilla Rhino) data model. Rhino stays here, out of {@code arbor-core}.
 */
module dev.arbor.scxml {
    requires transitive dev.arbor.core;
    requires java.xml;
    requires org.mozilla.rhino;

    exports dev.arbor.scxml;
}
