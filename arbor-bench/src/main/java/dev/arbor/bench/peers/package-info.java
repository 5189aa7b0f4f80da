/**
 * Seed 003's QHsmTst written once per library compared (Arbor, gdx-ai, squirrel, stateless4j,
 * Spring Statemachine, Commons SCXML) and by hand, each a {@code QhsmPeer} listed in {@code Peer}, with the
 * event script that drives them all.
 */
package dev.arbor.bench.peers;
