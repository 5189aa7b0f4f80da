/**
 * Chart analysis: every configuration a chart can reach, explored through the engine itself, with
 * what that tells before the chart runs (dead states and transitions, traps, livelocks, conflicts)
 * and the input sequences that reach a state or cover a chart; and what real runs covered.
 */
module dev.arbor.analysis {
    requires transitive dev.arbor.core;
    requires dev.arbor.io;
    requires dev.arbor.net;

    exports dev.arbor.analysis;
}
