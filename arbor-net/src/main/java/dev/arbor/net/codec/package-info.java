/**
 * Snapshots in the fewest bits a chart allows: a bit-level writer and reader, the numbering of a
 * chart's legal (configuration, history) combinations, state and owner data codecs, and decoding
 * of untrusted bytes that either yields a whole valid snapshot or a {@code SnapshotException}.
 */
package dev.arbor.net.codec;
