package com.example.watchman;

import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.OwnerData;
import dev.arbor.net.codec.SnapshotException;

/** The watchman's own data in a snapshot: where he stands on the wall. */
public final class Position implements OwnerData<Watchman, Integer> {
    @Override
    public void write(Watchman w, BitWriter out) {
        out.writeBounded(w.x, 16);        // x is one of 16 values, 0 to 15: 4 bits
    }

    @Override
    public Integer read(BitReader in) throws SnapshotException {
        return (int) in.readBounded(16);  // only reads: nothing changes before the whole snapshot is checked
    }

    @Override
    public void apply(Watchman w, Integer x) {
        w.x = x;
    }
}
