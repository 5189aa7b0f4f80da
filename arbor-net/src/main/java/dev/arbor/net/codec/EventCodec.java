package dev.arbor.net.codec;

import java.util.Objects;

/**
 * The writer and reader of the events a machine keeps deferred, for snapshots of charts that defer
 * events ({@code StateBuilder.defer}). Enum events need only their ids ({@link #ofEnum}); events
 * with payloads write their own bits.
 */
public interface EventCodec {

    /**
     * Writes one deferred event.
     *
     * @param event the deferred event
     * @param out   the snapshot being written
     * @throws IllegalArgumentException if this codec cannot write the event
     */
    void write(Object event, BitWriter out);

    /**
     * Reads one event written by {@link #write}; untrusted bits: anything wrong is a
     * {@link SnapshotException}, or a runtime exception that the snapshot codec turns into one.
     *
     * @param in the snapshot being read, at the event
     * @return the event
     * @throws SnapshotException if the bits are not an event this codec writes
     */
    Object read(BitReader in) throws SnapshotException;

    /**
     * The constants of one enum, each written as its ordinal in the fewest bits their number allows.
     *
     * @param type the events' enum class; reordering its constants changes the encoding
     * @param <E>  the enum type
     * @return the codec, which refuses any event not of {@code type}
     */
    static <E extends Enum<E>> EventCodec ofEnum(Class<E> type) {
        E[] constants = Objects.requireNonNull(type, "type").getEnumConstants();
        return new EventCodec() {
            @Override
            public void write(Object event, BitWriter out) {
                if (!type.isInstance(event)) {
                    throw new IllegalArgumentException("event " + event + " is not a " + type.getSimpleName());
                }
                out.writeBounded(((Enum<?>) event).ordinal(), constants.length);
            }

            @Override
            public Object read(BitReader in) throws SnapshotException {
                return constants[(int) in.readBounded(constants.length)];
            }

            @Override
            public String toString() {
                return "EventCodec.ofEnum(" + type.getSimpleName() + ")";
            }
        };
    }
}
