package dev.arbor.net.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.net.codec.SnapshotException.Reason;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BitIoTest {

    private static long randomBits(SplittableRandom r, int n) {
        long v = r.nextLong();
        return n == 64 ? v : v & ((1L << n) - 1);
    }

    @Test
    void everyWidthFrom1To64RoundTripsAtEveryAlignment() throws SnapshotException {
        SplittableRandom r = new SplittableRandom(1);
        for (int n = 1; n <= 64; n++) {
            for (int lead = 0; lead < 8; lead++) {
                BitWriter w = new BitWriter(1);
                w.writeBits(0, lead);
                long[] values = {0, n == 64 ? -1L : (1L << n) - 1, randomBits(r, n), randomBits(r, n), 1L << (n - 1)};
                for (long v : values) {
                    w.writeBits(v, n);
                }
                assertThat(w.bitLength()).isEqualTo(lead + 5L * n);
                byte[] bytes = w.toByteArray();
                assertThat(bytes).hasSize((int) ((lead + 5L * n + 7) / 8));
                BitReader in = new BitReader(bytes);
                assertThat(in.readBits(lead)).isZero();
                for (long v : values) {
                    assertThat(in.readBits(n)).as("width %d, lead %d", n, lead).isEqualTo(v);
                }
                assertThat(in.remainingBits()).isLessThan(8);
            }
        }
    }

    @Test
    void mixedWidthsInOneStream() throws SnapshotException {
        SplittableRandom r = new SplittableRandom(2);
        int count = 10_000;
        int[] widths = new int[count];
        long[] values = new long[count];
        BitWriter w = new BitWriter();
        for (int i = 0; i < count; i++) {
            widths[i] = r.nextInt(65);
            values[i] = widths[i] == 0 ? 0 : randomBits(r, widths[i]);
            w.writeBits(values[i], widths[i]);
        }
        BitReader in = new BitReader(w.toByteArray());
        for (int i = 0; i < count; i++) {
            assertThat(in.readBits(widths[i])).isEqualTo(values[i]);
        }
    }

    @Test
    void msbFirstLayout() {
        byte[] b = new BitWriter().writeBits(1, 1).writeBits(0b0110, 4).writeBits(0b111, 3).writeBits(1, 2).toByteArray();
        assertThat(b).containsExactly((byte) 0b10110111, (byte) 0b01000000);
    }

    @Test
    void writerRefusesValuesThatDoNotFit() {
        BitWriter w = new BitWriter();
        assertThatThrownBy(() -> w.writeBits(4, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.writeBits(-1, 63)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.writeBits(0, 65)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.writeBounded(5, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> w.writeBounded(-1, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThat(w.bitLength()).isZero();
    }

    @Test
    void readingPastTheEndIsTruncatedAndConsumesNothing() throws SnapshotException {
        BitReader in = new BitReader(new byte[] {(byte) 0xAB, (byte) 0xCD});
        assertThat(in.readBits(4)).isEqualTo(0xA);
        assertThatThrownBy(() -> in.readBits(13))
                .isInstanceOf(SnapshotException.class)
                .satisfies(e -> assertThat(((SnapshotException) e).reason()).isEqualTo(Reason.TRUNCATED));
        assertThat(in.readBits(12)).isEqualTo(0xBCD);
        assertThatThrownBy(in::readBoolean).isInstanceOf(SnapshotException.class);
        assertThat(new BitReader(new byte[0]).readBits(0)).isZero();
    }

    @Test
    void readerHonoursOffsetAndLength() throws SnapshotException {
        byte[] b = {1, 2, 3, 4, 5};
        BitReader in = new BitReader(b, 1, 2);
        assertThat(in.readBits(16)).isEqualTo(0x0203);
        assertThatThrownBy(() -> in.readBits(1)).isInstanceOf(SnapshotException.class);
        assertThatThrownBy(() -> new BitReader(b, 4, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void boundedValuesTakeCeilLog2Bits() throws SnapshotException {
        assertThat(BitWriter.bitsFor(1)).isZero();
        assertThat(BitWriter.bitsFor(2)).isEqualTo(1);
        assertThat(BitWriter.bitsFor(3)).isEqualTo(2);
        assertThat(BitWriter.bitsFor(4)).isEqualTo(2);
        assertThat(BitWriter.bitsFor(5)).isEqualTo(3);
        assertThat(BitWriter.bitsFor(1L << 62)).isEqualTo(62);
        assertThat(BitWriter.bitsFor(Long.MAX_VALUE)).isEqualTo(63);
        assertThatThrownBy(() -> BitWriter.bitsFor(0)).isInstanceOf(IllegalArgumentException.class);
        for (long count = 1; count <= 300; count++) {
            BitWriter w = new BitWriter();
            for (long v = 0; v < count; v++) {
                w.writeBounded(v, count);
            }
            assertThat(w.bitLength()).isEqualTo(count * BitWriter.bitsFor(count));
            BitReader in = new BitReader(w.toByteArray());
            for (long v = 0; v < count; v++) {
                assertThat(in.readBounded(count)).isEqualTo(v);
            }
        }
    }

    @Test
    void boundedValueAtOrAboveCountIsOutOfRange() throws SnapshotException {
        byte[] b = new BitWriter().writeBits(5, 3).writeBits(4, 3).toByteArray();
        BitReader in = new BitReader(b);
        assertThatThrownBy(() -> in.readBounded(5))
                .isInstanceOf(SnapshotException.class)
                .satisfies(e -> assertThat(((SnapshotException) e).reason()).isEqualTo(Reason.INDEX_OUT_OF_RANGE));
        assertThat(in.readBounded(5)).isEqualTo(4);
        assertThat(new BitReader(new byte[0]).readBounded(1)).isZero();
    }

    @Test
    void signedValuesRoundTrip() throws SnapshotException {
        BitWriter w = new BitWriter();
        w.writeSigned(-1, 1).writeSigned(-8, 4).writeSigned(7, 4).writeSigned(Long.MIN_VALUE, 64).writeSigned(-12345, 20);
        assertThatThrownBy(() -> w.writeSigned(8, 4)).isInstanceOf(IllegalArgumentException.class);
        BitReader in = new BitReader(w.toByteArray());
        assertThat(in.readSigned(1)).isEqualTo(-1);
        assertThat(in.readSigned(4)).isEqualTo(-8);
        assertThat(in.readSigned(4)).isEqualTo(7);
        assertThat(in.readSigned(64)).isEqualTo(Long.MIN_VALUE);
        assertThat(in.readSigned(20)).isEqualTo(-12345);
    }

    @Test
    void resetClearsTheBufferForReuse() {
        BitWriter w = new BitWriter(1);
        w.writeBits(0xFFFF, 16).padToByte();
        w.reset();
        assertThat(w.bitLength()).isZero();
        w.writeBits(1, 1).padToByte();
        assertThat(w.toByteArray()).containsExactly((byte) 0x80);
    }
}
