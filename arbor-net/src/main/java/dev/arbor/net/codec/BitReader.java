package dev.arbor.net.codec;

import java.util.Objects;

/**
 * A reader of values bit by bit, most significant bit first, from a range of a byte array (the
 * layout {@link BitWriter} writes). Reading past the end throws {@link SnapshotException} with
 * reason {@link SnapshotException.Reason#TRUNCATED}; the reader never throws anything else for any
 * bytes.
 *
 * <p>The array is not copied: do not change it while reading. Not thread-safe; one reader serves
 * many snapshots through {@link #reset(byte[], int, int)}.
 */
public final class BitReader {
    private byte[] buf;
    private long start;
    private long limit;
    private long bitPos;

    /**
     * A reader of a whole array.
     *
     * @param bytes the bytes to read, not copied
     */
    public BitReader(byte[] bytes) {
        this(bytes, 0, Objects.requireNonNull(bytes, "bytes").length);
    }

    /**
     * A reader of {@code length} bytes of an array from {@code offset}.
     *
     * @param bytes  the bytes to read, not copied
     * @param offset the index of the first byte of the range
     * @param length the number of bytes in the range
     * @throws IndexOutOfBoundsException if the range does not lie within the array
     */
    public BitReader(byte[] bytes, int offset, int length) {
        reset(bytes, offset, length);
    }

    /**
     * Makes this reader read another range from its start, so that one reader serves many
     * snapshots without allocating.
     *
     * @param bytes  the bytes to read, not copied
     * @param offset the index of the first byte of the range
     * @param length the number of bytes in the range
     * @return this reader
     * @throws IndexOutOfBoundsException if the range does not lie within the array
     */
    public BitReader reset(byte[] bytes, int offset, int length) {
        Objects.requireNonNull(bytes, "bytes");
        Objects.checkFromIndexSize(offset, length, bytes.length);
        this.buf = bytes;
        this.start = (long) offset << 3;
        this.limit = ((long) offset + length) << 3;
        this.bitPos = start;
        return this;
    }

    /**
     * Reads {@code n} bits (0 to 64) as an unsigned value (for 64 bits, all of the long).
     *
     * @param n the number of bits to read
     * @return the bits, right-aligned
     * @throws IllegalArgumentException if {@code n} is outside 0..64
     * @throws SnapshotException TRUNCATED if fewer than {@code n} bits remain (nothing is consumed)
     */
    public long readBits(int n) throws SnapshotException {
        if (n < 0 || n > 64) {
            throw new IllegalArgumentException("bit count must be 0..64: " + n);
        }
        if (n > limit - bitPos) {
            throw new SnapshotException(SnapshotException.Reason.TRUNCATED,
                    "needed " + n + " more bits at bit " + position() + ", only " + remainingBits() + " remain");
        }
        long value = 0;
        int remaining = n;
        while (remaining > 0) {
            int index = (int) (bitPos >>> 3);
            int avail = 8 - (int) (bitPos & 7);
            int take = Math.min(avail, remaining);
            int chunk = ((buf[index] & 0xFF) >>> (avail - take)) & ((1 << take) - 1);
            value = (value << take) | chunk;
            bitPos += take;
            remaining -= take;
        }
        return value;
    }

    /**
     * Reads one bit.
     *
     * @return true for a one bit
     * @throws SnapshotException TRUNCATED if no bit remains
     */
    public boolean readBoolean() throws SnapshotException {
        return readBits(1) != 0;
    }

    /**
     * Reads a value written by {@link BitWriter#writeBounded(long, long)}.
     *
     * @param count the bound the writer used: the number of legal values
     * @return the value, in {@code [0, count)}
     * @throws SnapshotException TRUNCATED if too few bits remain; INDEX_OUT_OF_RANGE if the value
     *                           read is not below {@code count}
     */
    public long readBounded(long count) throws SnapshotException {
        long value = readBits(BitWriter.bitsFor(count));
        if (value < 0 || value >= count) {
            throw new SnapshotException(SnapshotException.Reason.INDEX_OUT_OF_RANGE,
                    "value " + Long.toUnsignedString(value) + " is not below " + count);
        }
        return value;
    }

    /**
     * Reads a value written by {@link BitWriter#writeGamma(long)}.
     *
     * @return the value, in [1, 2<sup>62</sup>]
     * @throws SnapshotException TRUNCATED if the bits run out; INDEX_OUT_OF_RANGE if the code is
     *                           longer than any value in [1, 2<sup>62</sup>] takes
     */
    public long readGamma() throws SnapshotException {
        int zeros = 0;
        while (!readBoolean()) {
            if (++zeros > 62) {
                throw new SnapshotException(SnapshotException.Reason.INDEX_OUT_OF_RANGE,
                        "a gamma code with more than 62 leading zeros");
            }
        }
        long value = zeros == 0 ? 1 : (1L << zeros) | readBits(zeros);
        if (value > 1L << 62) {
            throw new SnapshotException(SnapshotException.Reason.INDEX_OUT_OF_RANGE, "gamma value " + value
                    + " is above 2^62");
        }
        return value;
    }

    /**
     * Reads a two's complement value written by {@link BitWriter#writeSigned(long, int)}.
     *
     * @param n the number of bits the writer used, 1 to 64
     * @return the value, sign-extended
     * @throws SnapshotException TRUNCATED if fewer than {@code n} bits remain
     */
    public long readSigned(int n) throws SnapshotException {
        if (n < 1 || n > 64) {
            throw new IllegalArgumentException("bit count must be 1..64: " + n);
        }
        long v = readBits(n);
        return n == 64 ? v : (v << (64 - n)) >> (64 - n);
    }

    /**
     * Bits read since the start of the range.
     *
     * @return the bit position within the range
     */
    public long position() {
        return bitPos - start;
    }

    /**
     * Bits left in the range.
     *
     * @return the number of bits not yet read
     */
    public long remainingBits() {
        return limit - bitPos;
    }
}
