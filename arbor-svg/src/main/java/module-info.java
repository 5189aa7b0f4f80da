/**
 * Charts drawn as SVG ({@link dev.arbor.svg.SvgRenderer}), laid out by Eclipse ELK. ELK, EMF and
 * Xtend's library are read as automatic modules (the ELK and Xtend jars name themselves in their
 * manifests; EMF's names come from its jar names). Checked by running a renderer from a named
 * module on the module path.
 */
module dev.arbor.svg {
    requires transitive dev.arbor.core;
    requires dev.arbor.io; // Diagrams: labels, active states and colours shared with the other exporters
    requires java.xml;
    requires org.eclipse.elk.core;
    requires org.eclipse.elk.graph;
    requires org.eclipse.elk.alg.layered;
    requires org.eclipse.emf.common; // ELK's lists are EMF lists
    requires com.google.common; // ELK needs Guava at run time; an explicit module is resolved only when required

    exports dev.arbor.svg;
}
