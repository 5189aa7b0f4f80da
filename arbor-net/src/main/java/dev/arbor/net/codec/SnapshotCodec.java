package dev.arbor.net.codec;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.net.codec.SnapshotException.Reason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A snapshot codec: it encodes a machine's whole state in as few bits as its chart allows, and
 * decodes untrusted bytes back onto a machine without ever leaving it half-changed (the networked HSM).
 *
 * <p><b>Layout</b> (bits, most significant first): the chart's {@link Fingerprint} (its low
 * {@link #fingerprintBits()} bits, 32 by default); the index of the (configuration, history)
 * combination in exactly {@link ChartNumbering#bits()} bits; then the rest of the machine's state
 * — the previous and pushed configurations, plans, clocks, finished behaviours, fired timers and
 * deferred events — in the fewest bits the chart allows (see {@code FutureLayout}: a chart without
 * timers, behaviours or plans pays 2 bits when nothing is pushed or deferred, plus the previous
 * configuration when there is one); then, for each active state in
 * document order (root to leaf) that has a {@link StateData}, that state's data; then the
 * {@link OwnerData}, if any; then zero bits up to a whole byte.
 *
 * <p><b>Decoding</b> reads and checks everything first — size bound, fingerprint, index range,
 * every data value, padding and trailing bytes — into a {@link MachineStateBuffer}, and only then
 * restores the machine with {@link Machine#restore(MachineStateBuffer, Cause) restore(state,
 * Cause.RESTORE)} (which checks the whole state again as the engine sees it; exit and entry fire
 * only for states that change) and applies the data values, state data root to leaf then the
 * owner's. Any problem with the bytes throws {@link SnapshotException} — and nothing else —
 * naming what was wrong and where (the field, its state, the bit it starts at), and leaves the
 * machine and the owner unchanged. (Exceptions thrown by the application's own entry, exit or
 * listener callbacks or {@code apply} methods during that final step are the application's and
 * are not translated.)
 *
 * <p><b>Without allocating.</b> The codec's own methods make a {@link Workspace} for each call; a
 * game that encodes or decodes every tick keeps one {@link #newWorkspace()} per thread, which
 * encodes and decodes with nothing allocated once it has seen the largest state (what the data
 * and event codecs allocate is theirs: a boxed {@code Integer} above 127, say).
 *
 * <p>Immutable and thread-safe once built; build one per chart and share it.
 *
 * @param <C> the owner type
 */
public final class SnapshotCodec<C> {

    /** The size bound used when the codec has data codecs and no {@link Builder#maxBytes(int)}. */
    public static final int DEFAULT_MAX_BYTES = 1024;

    private final Chart<C> chart;
    private final ChartNumbering numbering;
    private final long fingerprint;
    private final int fingerprintBits;
    private final long fingerprintValue;
    /** By state id: the state's data codec or null. */
    private final List<StateData<C, ?>> stateData;
    /** The root's final children: the machine is halted exactly when one is active. */
    private final int[] topFinals;
    private final boolean anyStateData;
    private final OwnerData<C, ?> ownerData;
    private final FutureLayout future;
    private final VariableLayout variables;
    private final EventCodec events;
    private final int maxBytes;

    private SnapshotCodec(Builder<C> b) {
        this.chart = b.chart;
        this.numbering = new ChartNumbering(b.chart);
        this.fingerprint = b.dataVersion == 0 ? Fingerprint.of(b.chart)
                : Fingerprint.combine(Fingerprint.of(b.chart), b.dataVersion);
        this.fingerprintBits = b.fingerprintBits;
        this.fingerprintValue = fingerprintBits == 64 ? fingerprint : fingerprint & ((1L << fingerprintBits) - 1);
        this.stateData = new ArrayList<>(b.stateData);
        this.anyStateData = stateData.stream().anyMatch(Objects::nonNull);
        List<Integer> finals = new ArrayList<>();
        for (int child : chart.children(0)) {
            if (chart.kind(child) == dev.arbor.core.StateKind.FINAL) {
                finals.add(child);
            }
        }
        this.topFinals = finals.stream().mapToInt(Integer::intValue).toArray();
        this.ownerData = b.ownerData;
        this.future = new FutureLayout(b.chart, numbering);
        this.variables = new VariableLayout(b.chart);
        if (future.defers() && b.events == null) {
            throw new IllegalStateException("chart '" + chart.name() + "' defers events: give its snapshot codec an "
                    + "EventCodec (events(EventCodec.ofEnum(MyEvents.class)) for enum events)");
        }
        this.events = b.events;
        long futureBits = future.maxBits() < 0 ? -1 : future.maxBits() + variables.maxBits();
        long headerBits = fingerprintBits + (long) numbering.bits();
        int minBytes = (int) ((headerBits + 2 + 7) >>> 3); // the rest of the state takes 2 bits at least
        int largestBytes = (int) ((headerBits + Math.max(futureBits, 2) + 7) >>> 3);
        if (b.maxBytes > 0) {
            if (b.maxBytes < minBytes) {
                throw new IllegalArgumentException("maxBytes " + b.maxBytes + " is below the " + minBytes
                        + " bytes every snapshot of chart '" + chart.name() + "' takes");
            }
            this.maxBytes = b.maxBytes;
        } else {
            this.maxBytes = anyStateData || ownerData != null || futureBits < 0
                    ? Math.max(DEFAULT_MAX_BYTES, largestBytes) : largestBytes;
        }
    }

    /**
     * Starts a codec for this chart.
     *
     * @param chart the chart whose machines are encoded
     * @param <C>   the owner type
     * @return a builder with no data codecs and a 32-bit fingerprint
     */
    public static <C> Builder<C> builder(Chart<C> chart) {
        return new Builder<>(chart);
    }

    /**
     * A codec for the configuration and history only (no data), with a 32-bit fingerprint.
     *
     * @param chart the chart whose machines are encoded; it must not defer events
     * @param <C>   the owner type
     * @return the codec
     * @throws IllegalArgumentException if the chart has too many combinations to number
     * @throws IllegalStateException    if the chart defers events (give a builder an {@link EventCodec})
     */
    public static <C> SnapshotCodec<C> of(Chart<C> chart) {
        return builder(chart).build();
    }

    /**
     * The chart this codec was built for; it encodes and decodes only its machines.
     *
     * @return the chart
     */
    public Chart<C> chart() {
        return chart;
    }

    /**
     * The numbering of the chart's (configuration, history) combinations that the index uses.
     *
     * @return the numbering
     */
    public ChartNumbering numbering() {
        return numbering;
    }

    /**
     * The full 64-bit fingerprint (of the chart, mixed with the data version if any).
     *
     * @return the fingerprint, of which snapshots carry the low {@link #fingerprintBits()} bits
     */
    public long fingerprint() {
        return fingerprint;
    }

    /**
     * How many of the fingerprint's low bits each snapshot carries (0 to 64).
     *
     * @return the fingerprint's width in bits
     */
    public int fingerprintBits() {
        return fingerprintBits;
    }

    /**
     * The bits every snapshot takes before any data: fingerprint plus combination index.
     *
     * @return the header's width in bits
     */
    public int headerBits() {
        return fingerprintBits + numbering.bits();
    }

    /**
     * The largest snapshot, in bytes, that is encoded or accepted.
     *
     * @return the size bound in bytes
     */
    public int maxBytes() {
        return maxBytes;
    }

    /**
     * A workspace for one thread: encodes and decodes with this codec without allocating.
     *
     * @return a new workspace, to keep and reuse
     */
    public Workspace<C> newWorkspace() {
        return new Workspace<>(this);
    }

    // ---------------------------------------------------------------- encoding

    /**
     * Encodes the machine's state and its owner's data, padded to a whole byte.
     *
     * @param machine a started machine of this codec's chart
     * @return the snapshot, at most {@link #maxBytes()} long
     * @throws IllegalStateException if the machine is not started, or the snapshot would be larger
     *                               than {@link #maxBytes()}
     */
    public byte[] encode(Machine<C> machine) {
        BitWriter out = new BitWriter(Math.min(maxBytes, 64));
        encode(machine, out);
        return out.toByteArray();
    }

    /**
     * Appends the machine's snapshot to {@code out}, without padding (to pack several snapshots
     * into one packet; read them back with {@link #read(BitReader)}). Copies the machine's state
     * into a new buffer first: {@link Workspace#encode} reuses its own.
     *
     * @param machine a started machine of this codec's chart
     * @param out     the writer appended to
     * @throws IllegalStateException as {@link #encode(Machine)}
     */
    public void encode(Machine<C> machine, BitWriter out) {
        newWorkspace().encode(machine, out);
    }

    private boolean topFinalActive(Machine<C> machine) {
        for (int f : topFinals) {
            if (machine.isIn(f)) {
                return true;
            }
        }
        return false;
    }

    /** Writes the snapshot of a machine whose state {@code state} holds. */
    private void write(Machine<C> machine, MachineStateBuffer state, BitWriter out) {
        long index = numbering.indexOf(machine); // straight from the machine
        if (machine.isHalted() != topFinalActive(machine)) {
            throw new IllegalStateException("cannot encode machine of chart '" + chart.name()
                    + "': its halted flag disagrees with its configuration (restored by hand?)");
        }
        long start = out.bitLength();
        out.writeBits(fingerprintValue, fingerprintBits);
        out.writeBounded(index, numbering.count());
        future.write(state, out, events);
        variables.write(state, out);
        C owner = machine.owner();
        if (anyStateData) {
            for (int id = 0; id < stateData.size(); id++) {
                StateData<C, ?> codec = stateData.get(id);
                if (codec != null && machine.isIn(id)) {
                    codec.write(owner, out);
                }
            }
        }
        if (ownerData != null) {
            ownerData.write(owner, out);
        }
        long bits = out.bitLength() - start;
        if (bits > 8L * maxBytes) {
            throw new IllegalStateException("snapshot of chart '" + chart.name() + "' takes " + ((bits + 7) >>> 3)
                    + " bytes, more than maxBytes " + maxBytes);
        }
    }

    // ---------------------------------------------------------------- decoding

    /**
     * Decodes a whole snapshot (as made by {@link #encode(Machine)}) onto the machine.
     * {@link Workspace#decodeInto(byte[], Machine)} does the same without allocating.
     *
     * @param bytes   the snapshot, untrusted; all of the array is read
     * @param machine the machine restored, of this codec's chart
     * @throws SnapshotException when anything is wrong with the bytes; the machine and its owner
     *                           are then unchanged
     * @throws IllegalArgumentException if the machine is not of this codec's chart (a programming
     *                                  error, checked before reading)
     */
    public void decodeInto(byte[] bytes, Machine<C> machine) throws SnapshotException {
        decodeInto(bytes, 0, Objects.requireNonNull(bytes, "bytes").length, machine);
    }

    /**
     * {@link #decodeInto(byte[], Machine)} over a range of an array.
     *
     * @param bytes   the array holding the snapshot, untrusted
     * @param offset  the index of the snapshot's first byte
     * @param length  the snapshot's length in bytes; nothing may follow it in the range
     * @param machine the machine restored, of this codec's chart
     * @throws SnapshotException when anything is wrong with the bytes; the machine and its owner
     *                           are then unchanged
     */
    public void decodeInto(byte[] bytes, int offset, int length, Machine<C> machine) throws SnapshotException {
        newWorkspace().decodeInto(bytes, offset, length, machine);
    }

    /**
     * Reads and validates a whole snapshot without applying it: apply it later with
     * {@link Decoded#applyTo(Machine)}.
     *
     * @param bytes  the array holding the snapshot, untrusted
     * @param offset the index of the snapshot's first byte
     * @param length the snapshot's length in bytes; nothing may follow it in the range
     * @return the validated snapshot
     * @throws SnapshotException when anything is wrong with the bytes
     * @throws IndexOutOfBoundsException if the range does not lie within the array
     */
    public Decoded<C> decode(byte[] bytes, int offset, int length) throws SnapshotException {
        Workspace<C> read = newWorkspace();
        read.readWhole(bytes, offset, length);
        return new Decoded<>(read);
    }

    /**
     * For tools: the configuration and history a whole snapshot holds (its data checked, not kept).
     *
     * @param bytes the snapshot, untrusted; all of the array is read
     * @return the machine state the snapshot holds
     * @throws SnapshotException when anything is wrong with the bytes
     */
    public MachineState decodeState(byte[] bytes) throws SnapshotException {
        return decode(bytes, 0, Objects.requireNonNull(bytes, "bytes").length).state();
    }

    /**
     * Reads one snapshot written by {@link #encode(Machine, BitWriter)} (no padding or trailing
     * check), validating everything but applying nothing.
     *
     * @param in the reader, at the snapshot's first bit; left after its last
     * @return the validated snapshot
     * @throws SnapshotException when anything is wrong with the bits
     */
    public Decoded<C> read(BitReader in) throws SnapshotException {
        Workspace<C> read = newWorkspace();
        read.read(Objects.requireNonNull(in, "in"));
        return new Decoded<>(read);
    }

    private void checkMachine(Machine<C> machine) {
        Objects.requireNonNull(machine, "machine");
        if (machine.chart() != chart) {
            throw new IllegalArgumentException("machine of chart '" + machine.chart().name()
                    + "' given to the snapshot codec of chart '" + chart.name() + "'");
        }
    }

    /**
     * A snapshot codec's reusable working memory: encodes and decodes with it without allocating,
     * once it has grown to the largest state seen. Decoding reads the bytes into a
     * {@link MachineStateBuffer} and the data values into an array, and only once all of it has
     * been read and checked restores the machine from them
     * ({@link Machine#restore(MachineStateBuffer, Cause)}, which checks the whole state again as
     * the engine sees it) and applies the data values; a refusal at any point leaves the machine
     * and its owner unchanged.
     *
     * <p>Confined to one thread: keep one per thread (or per connection) and reuse it.
     * <pre>{@code
     * SnapshotCodec.Workspace<Npc> io = codec.newWorkspace();
     * io.encode(npc, writer);            // writer.reset() between packets
     * io.decodeInto(bytes, shadowNpc);   // throws SnapshotException, the machine unchanged
     * }</pre>
     *
     * @param <C> the owner type
     */
    public static final class Workspace<C> {
        private static final Object[] NO_VALUES = {};

        private final SnapshotCodec<C> codec;
        private final MachineStateBuffer state;
        private final BitReader reader = new BitReader(new byte[0]);
        /** The data values read, state data root to leaf then the owner's: {@code values[0 .. valueCount)}. */
        private Object[] values = NO_VALUES;
        private int valueCount;
        private long index;
        // Which field is being read, for the message of a refusal; set before each field, read only then.
        private String field;
        private int fieldState;
        private long fieldStart;

        Workspace(SnapshotCodec<C> codec) {
            this.codec = codec;
            this.state = new MachineStateBuffer(codec.chart);
        }

        /**
         * The codec this workspace works for.
         *
         * @return the codec that made it
         */
        public SnapshotCodec<C> codec() {
            return codec;
        }

        /**
         * {@link SnapshotCodec#encode(Machine, BitWriter)} without allocating: appends the
         * machine's snapshot to {@code out}, unpadded.
         *
         * @param machine a started machine of the codec's chart
         * @param out     the writer appended to
         * @throws IllegalStateException as {@link SnapshotCodec#encode(Machine)}
         */
        public void encode(Machine<C> machine, BitWriter out) {
            codec.checkMachine(machine);
            Objects.requireNonNull(out, "out");
            if (!machine.isStarted()) {
                throw new IllegalStateException("machine of chart '" + codec.chart.name() + "' is not started");
            }
            machine.snapshotInto(state);
            codec.write(machine, state, out);
        }

        /**
         * {@link SnapshotCodec#decodeInto(byte[], Machine)} without allocating (but what the data
         * and event codecs do).
         *
         * @param bytes   the snapshot, untrusted; all of the array is read
         * @param machine the machine restored, of the codec's chart
         * @throws SnapshotException when anything is wrong with the bytes; the machine and its
         *                           owner are then unchanged
         * @throws IllegalArgumentException if the machine is not of the codec's chart
         */
        public void decodeInto(byte[] bytes, Machine<C> machine) throws SnapshotException {
            decodeInto(bytes, 0, Objects.requireNonNull(bytes, "bytes").length, machine);
        }

        /**
         * {@link #decodeInto(byte[], Machine)} over a range of an array.
         *
         * @param bytes   the array holding the snapshot, untrusted
         * @param offset  the index of the snapshot's first byte
         * @param length  the snapshot's length in bytes; nothing may follow it in the range
         * @param machine the machine restored, of the codec's chart
         * @throws SnapshotException when anything is wrong with the bytes; the machine and its
         *                           owner are then unchanged
         */
        public void decodeInto(byte[] bytes, int offset, int length, Machine<C> machine) throws SnapshotException {
            codec.checkMachine(machine);
            readWhole(bytes, offset, length);
            applyTo(machine);
        }

        /** Reads a whole snapshot from a range: size bound first, then every field, then padding and trailing bytes. */
        void readWhole(byte[] bytes, int offset, int length) throws SnapshotException {
            Objects.requireNonNull(bytes, "bytes");
            if (offset < 0 || length < 0 || offset > bytes.length - length) {
                throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + "+" + length + ") of "
                        + bytes.length + " bytes");
            }
            if (length > codec.maxBytes) {
                throw new SnapshotException(Reason.OVERSIZED, length + " bytes, a snapshot of chart '"
                        + codec.chart.name() + "' has at most " + codec.maxBytes);
            }
            BitReader in = reader.reset(bytes, offset, length);
            read(in);
            int padding = (int) ((8 - (in.position() & 7)) & 7);
            if (in.readBits(padding) != 0) {
                throw new SnapshotException(Reason.TRAILING_BYTES, "non-zero padding bits after the snapshot");
            }
            if (in.remainingBits() > 0) {
                throw new SnapshotException(Reason.TRAILING_BYTES, (in.remainingBits() >>> 3)
                        + " bytes after the snapshot");
            }
        }

        /** Reads one snapshot into the state buffer and the values, naming the field a refusal happened in. */
        void read(BitReader in) throws SnapshotException {
            try {
                readFields(in);
            } catch (SnapshotException e) {
                throw e.at("reading the " + field + (fieldState < 0 ? "" : " of state '"
                        + codec.chart.stateName(fieldState) + "'") + ", from bit " + fieldStart);
            }
        }

        /** Notes the field about to be read: its name, its state (or -1) and where it starts. */
        void reading(String field, int state, BitReader in) {
            this.field = field;
            this.fieldState = state;
            this.fieldStart = in.position();
        }

        private void readFields(BitReader in) throws SnapshotException {
            long start = in.position();
            reading("fingerprint", -1, in);
            long fp = in.readBits(codec.fingerprintBits);
            if (fp != codec.fingerprintValue) {
                throw new SnapshotException(Reason.WRONG_FINGERPRINT, "snapshot fingerprint " + Long.toHexString(fp)
                        + " is not chart '" + codec.chart.name() + "''s " + Long.toHexString(codec.fingerprintValue));
            }
            reading("configuration and history index", -1, in);
            index = in.readBounded(codec.numbering.count());
            state.clear();
            codec.numbering.stateAt(index, state);
            codec.future.read(in, state, codec.events, this);
            codec.variables.read(in, state, this);
            valueCount = 0;
            if (codec.anyStateData) {
                MachineStateBuffer.StateSet active = state.active();
                for (int id = active.next(0); id >= 0; id = active.next(id + 1)) {
                    StateData<C, ?> data = codec.stateData.get(id);
                    if (data != null) {
                        reading("data", id, in);
                        keep(readValue(data, in, id));
                    }
                }
            }
            if (codec.ownerData != null) {
                reading("owner data", -1, in);
                keep(readValue(codec.ownerData, in));
            }
            if (in.position() - start > 8L * codec.maxBytes) {
                throw new SnapshotException(Reason.OVERSIZED, "snapshot of chart '" + codec.chart.name()
                        + "' is larger than " + codec.maxBytes + " bytes");
            }
        }

        private Object readValue(StateData<C, ?> data, BitReader in, int id) throws SnapshotException {
            try {
                return data.read(in);
            } catch (RuntimeException e) {
                throw new SnapshotException(Reason.INVALID_DATA, "data of state '" + codec.chart.stateName(id)
                        + "' refused: " + e);
            }
        }

        private Object readValue(OwnerData<C, ?> data, BitReader in) throws SnapshotException {
            try {
                return data.read(in);
            } catch (RuntimeException e) {
                throw new SnapshotException(Reason.INVALID_DATA, "owner data refused: " + e);
            }
        }

        private void keep(Object value) {
            if (valueCount == values.length) {
                values = Arrays.copyOf(values, Math.max(4, 2 * valueCount));
            }
            values[valueCount++] = value;
        }

        /** Restores the state read onto the machine (checked whole first), then applies the data values. */
        void applyTo(Machine<C> machine) throws SnapshotException {
            codec.checkMachine(machine);
            try {
                machine.restore(state, Cause.RESTORE);
            } catch (IllegalArgumentException e) {
                throw new SnapshotException(Reason.INVALID_DATA, "machine refused the decoded state: " + e.getMessage());
            }
            C owner = machine.owner();
            int k = 0;
            if (codec.anyStateData) {
                MachineStateBuffer.StateSet active = state.active();
                for (int id = active.next(0); id >= 0; id = active.next(id + 1)) {
                    StateData<C, ?> data = codec.stateData.get(id);
                    if (data != null) {
                        apply(data, owner, values[k++]);
                    }
                }
            }
            if (codec.ownerData != null) {
                apply(codec.ownerData, owner, values[k]);
            }
        }

        @SuppressWarnings("unchecked")
        private static <C, D> void apply(StateData<C, D> data, C owner, Object value) {
            data.apply(owner, (D) value); // the value its own read returned
        }

        @SuppressWarnings("unchecked")
        private static <C, D> void apply(OwnerData<C, D> data, C owner, Object value) {
            data.apply(owner, (D) value);
        }
    }

    /**
     * A snapshot read and validated whole, not yet applied.
     *
     * @param <C> the owner type
     */
    public static final class Decoded<C> {
        /** A workspace of its own, holding what was read. */
        private final Workspace<C> read;
        private MachineState state;

        Decoded(Workspace<C> read) {
            this.read = read;
        }

        /**
         * The machine's state: configuration, history records and the rest (see {@link MachineState}).
         *
         * @return the state {@link #applyTo} restores
         */
        public MachineState state() {
            if (state == null) {
                state = read.state.toState();
            }
            return state;
        }

        /**
         * The combination index (see {@link ChartNumbering}).
         *
         * @return the index read from the snapshot
         */
        public long index() {
            return read.index;
        }

        /**
         * Restores the state onto the machine (callbacks tagged {@link Cause#RESTORE}) and applies
         * the data values, state data root to leaf then the owner's.
         *
         * @param machine the machine restored, of the codec's chart
         * @throws IllegalArgumentException if the machine is not of the codec's chart
         * @throws SnapshotException never for a state the numbering produced; should
         *                           {@code restore} refuse it, the machine is unchanged
         */
        public void applyTo(Machine<C> machine) throws SnapshotException {
            read.applyTo(machine);
        }
    }

    // ---------------------------------------------------------------- builder

    /**
     * The builder that configures a {@link SnapshotCodec}.
     *
     * @param <C> the owner type
     */
    public static final class Builder<C> {
        private final Chart<C> chart;
        private final List<StateData<C, ?>> stateData;
        private OwnerData<C, ?> ownerData;
        private int fingerprintBits = 32;
        private long dataVersion;
        private int maxBytes;
        private EventCodec events;

        Builder(Chart<C> chart) {
            this.chart = Objects.requireNonNull(chart, "chart");
            this.stateData = new ArrayList<>(chart.stateCount());
            for (int i = 0; i < chart.stateCount(); i++) {
                stateData.add(null);
            }
        }

        /**
         * Makes a state stateful: its data is written and read while it is active.
         *
         * @param stateKey the state's key, as the chart was built with
         * @param codec    writes and reads the state's data
         * @param <D>      the decoded value
         * @return this builder
         * @throws IllegalArgumentException if the chart has no such state, it is a history
         *                                  pseudo-state, or it already has a codec
         */
        public <D> Builder<C> stateData(Object stateKey, StateData<C, D> codec) {
            Objects.requireNonNull(codec, "codec");
            int id = chart.stateId(stateKey);
            switch (chart.kind(id)) {
                case SHALLOW_HISTORY, DEEP_HISTORY -> throw new IllegalArgumentException(
                        "history pseudo-state '" + chart.stateName(id) + "' is never active and cannot have data");
                default -> { }
            }
            if (stateData.get(id) != null) {
                throw new IllegalArgumentException("state '" + chart.stateName(id) + "' already has a data codec");
            }
            stateData.set(id, codec);
            return this;
        }

        /**
         * How deferred events are written: needed when the chart defers events. Enum events need
         * only their ids: {@code events(EventCodec.ofEnum(MyEvents.class))}.
         *
         * @param codec writes and reads each deferred event
         * @return this builder
         */
        public Builder<C> events(EventCodec codec) {
            this.events = Objects.requireNonNull(codec, "codec");
            return this;
        }

        /**
         * Sets the owner's data codec (written after the states' data).
         *
         * @param codec writes and reads the owner's extended state
         * @param <D>   the decoded value
         * @return this builder
         */
        public <D> Builder<C> ownerData(OwnerData<C, D> codec) {
            this.ownerData = Objects.requireNonNull(codec, "codec");
            return this;
        }

        /**
         * How many low bits of the fingerprint each snapshot carries: 32 by default; 0 to send none
         * (when the chart version was agreed on when connecting), up to 64.
         *
         * @param bits the fingerprint's width, 0 to 64
         * @return this builder
         * @throws IllegalArgumentException if {@code bits} is outside 0..64
         */
        public Builder<C> fingerprintBits(int bits) {
            if (bits < 0 || bits > 64) {
                throw new IllegalArgumentException("fingerprint bits must be 0..64: " + bits);
            }
            this.fingerprintBits = bits;
            return this;
        }

        /**
         * A version of the data codecs' layout, mixed into the fingerprint (0, the default, mixes nothing).
         *
         * @param version to change whenever a data codec's layout changes
         * @return this builder
         */
        public Builder<C> dataVersion(long version) {
            this.dataVersion = version;
            return this;
        }

        /**
         * The largest snapshot encoded or accepted, in bytes. Default: the largest snapshot the
         * chart can have when there are no data codecs and its size is bounded (no behaviours,
         * plans or deferred events), else {@link #DEFAULT_MAX_BYTES}.
         *
         * @param bytes the size bound, at least the header's size
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is below 1
         */
        public Builder<C> maxBytes(int bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("maxBytes must be positive: " + bytes);
            }
            this.maxBytes = bytes;
            return this;
        }

        /**
         * Builds the codec, numbering the chart's combinations.
         *
         * @return the codec, immutable
         * @throws IllegalArgumentException if the chart has too many combinations to number, or
         *                                  maxBytes is below the header size
         * @throws IllegalStateException    if the chart defers events and no {@link #events} codec is given
         */
        public SnapshotCodec<C> build() {
            return new SnapshotCodec<>(this);
        }
    }
}
