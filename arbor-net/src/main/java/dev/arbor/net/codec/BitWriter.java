package dev.arbor.net.codec;

import java.util.Arrays;

/**
 * A writer of values bit by bit, most significant bit first, into a growable byte array. Bits not
 * yet written in the last byte are zero, so {@link #toByteArray()} pads to a whole byte with zeros.
 *
 * <p>Not thread-safe; reuse one per thread with {@link #reset()}. Writing never boxes and
 * allocates only when the buffer grows.
 */
public final class BitWriter {
    private byte[] buf;
    private long bitPos;

    /** A writer with a 32-byte buffer to start with. */
    public BitWriter() {
        this(32);
    }

    /**
     * A writer with a buffer of the given size to start with.
     *
     * @param initialBytes the buffer's first size in bytes, at least 1; it grows as needed
     * @throws IllegalArgumentException if {@code initialBytes} is below 1
     */
    public BitWriter(int initialBytes) {
        if (initialBytes < 1) {
            throw new IllegalArgumentException("initialBytes must be positive: " + initialBytes);
        }
        buf = new byte[initialBytes];
    }

    /**
     * The number of bits needed to write any value in {@code [0, count)}: ceil(log2(count)), 0
     * when {@code count} is 1.
     *
     * @param count the number of legal values
     * @return the bit width, 0 to 64
     * @throws IllegalArgumentException if {@code count < 1}
     */
    public static int bitsFor(long count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1: " + count);
        }
        return 64 - Long.numberOfLeadingZeros(count - 1);
    }

    /**
     * Writes the low {@code n} bits of {@code value} (0 to 64), most significant first.
     *
     * @param value the bits to write, right-aligned
     * @param n     the number of bits to write
     * @return this writer
     * @throws IllegalArgumentException if {@code n} is out of range or {@code value} does not fit
     *                                  in {@code n} unsigned bits
     */
    public BitWriter writeBits(long value, int n) {
        if (n < 0 || n > 64) {
            throw new IllegalArgumentException("bit count must be 0..64: " + n);
        }
        if (n < 64 && (value >>> n) != 0) {
            throw new IllegalArgumentException("value " + value + " does not fit in " + n + " bits");
        }
        if (n == 0) {
            return this;
        }
        ensure(bitPos + n);
        int remaining = n;
        while (remaining > 0) {
            int index = (int) (bitPos >>> 3);
            int free = 8 - (int) (bitPos & 7);
            int take = Math.min(free, remaining);
            int chunk = (int) (value >>> (remaining - take)) & ((1 << take) - 1);
            buf[index] |= (byte) (chunk << (free - take));
            bitPos += take;
            remaining -= take;
        }
        return this;
    }

    /**
     * Writes one bit.
     *
     * @param bit true for a one bit
     * @return this writer
     */
    public BitWriter writeBoolean(boolean bit) {
        return writeBits(bit ? 1 : 0, 1);
    }

    /**
     * Writes {@code value}, which must lie in {@code [0, count)}, in {@link #bitsFor(long)
     * bitsFor(count)} bits.
     *
     * @param value the value to write
     * @param count the number of legal values, known to the reader too
     * @return this writer
     * @throws IllegalArgumentException if the value is out of range
     */
    public BitWriter writeBounded(long value, long count) {
        int n = bitsFor(count);
        if (value < 0 || value >= count) {
            throw new IllegalArgumentException("value " + value + " is not in [0, " + count + ")");
        }
        return writeBits(value, n);
    }

    /**
     * Writes {@code value >= 1} in the Elias gamma code: as many zero bits as the value has
     * binary digits after its leading one, then the value itself ({@code 2 floor(log2 v) + 1}
     * bits): 1 takes one bit, and small values few, for counts with no useful bound.
     *
     * @param value the value to write, in [1, 2<sup>62</sup>]
     * @return this writer
     * @throws IllegalArgumentException if the value is below 1 or above 2<sup>62</sup>
     */
    public BitWriter writeGamma(long value) {
        if (value < 1 || value > 1L << 62) {
            throw new IllegalArgumentException("a gamma code takes a value in [1, 2^62]: " + value);
        }
        int digits = 63 - Long.numberOfLeadingZeros(value);
        writeBits(0, digits);
        return writeBits(value, digits + 1);
    }

    /**
     * Writes a signed value in {@code n} bits, two's complement (it must fit).
     *
     * @param value the value to write
     * @param n     the number of bits, 1 to 64
     * @return this writer
     * @throws IllegalArgumentException if {@code n} is out of range or the value does not fit
     */
    public BitWriter writeSigned(long value, int n) {
        if (n < 1 || n > 64) {
            throw new IllegalArgumentException("bit count must be 1..64: " + n);
        }
        if (n < 64) {
            long min = -(1L << (n - 1));
            long max = (1L << (n - 1)) - 1;
            if (value < min || value > max) {
                throw new IllegalArgumentException("value " + value + " does not fit in " + n + " signed bits");
            }
            value &= (1L << n) - 1;
        }
        return writeBits(value, n);
    }

    /**
     * Pads with zero bits up to the next whole byte.
     *
     * @return this writer
     */
    public BitWriter padToByte() {
        long padded = (bitPos + 7) & ~7L;
        ensure(padded);
        bitPos = padded;
        return this;
    }

    /**
     * The number of bits written so far.
     *
     * @return the bit count, {@link #padToByte()}'s padding included
     */
    public long bitLength() {
        return bitPos;
    }

    /**
     * The number of whole bytes the bits written so far occupy.
     *
     * @return the length {@link #toByteArray()} would have
     */
    public int byteLength() {
        return (int) ((bitPos + 7) >>> 3);
    }

    /**
     * A copy of the bytes written, the last one padded with zero bits.
     *
     * @return a new array of {@link #byteLength()} bytes
     */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, byteLength());
    }

    /**
     * Forgets everything written, keeping the buffer.
     *
     * @return this writer, empty
     */
    public BitWriter reset() {
        Arrays.fill(buf, 0, byteLength(), (byte) 0);
        bitPos = 0;
        return this;
    }

    private void ensure(long bits) {
        long bytes = (bits + 7) >>> 3;
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("bit writer cannot hold " + bits + " bits");
        }
        if (bytes > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.max(bytes, Math.min(Integer.MAX_VALUE - 8L, 2L * buf.length)));
        }
    }
}
