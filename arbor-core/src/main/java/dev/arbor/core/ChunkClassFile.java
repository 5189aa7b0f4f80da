package dev.arbor.core;

import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * The class file of one chunk of compiled cases ({@link Specializer}), written byte by byte, as
 * {@code arbor-core} has no bytecode library and the JDK's ClassFile API comes after Java 17. The
 * class extends {@link SpecializedDispatch.Chunk}; its class data is the chunk's cases, a
 * {@code MethodHandle[]} of type {@code (Machine, Object owner, Object event)boolean}, one per key
 * that has a case. In Java it would read:
 *
 * <pre>{@code
 * final class Chunk$ extends SpecializedDispatch.Chunk {
 *     private static final MethodHandle c0 = classData[0], c3 = classData[1], ...;
 *
 *     boolean run(int key, Machine m, Object owner, Object event) {
 *         switch (key) {
 *             case 0: return k0(m, owner, event);
 *             case 3: return k3(m, owner, event);
 *             ...
 *             default: return false; // keys without a case
 *         }
 *     }
 *
 *     private static boolean k0(Machine m, Object owner, Object event) {
 *         return (boolean) c0.invokeExact(m, owner, event);
 *     }
 *     ...
 * }
 * }</pre>
 *
 * <p>Why this shape: each handle in a {@code static final} field is a constant to the JIT, so
 * the case's guards and actions compile as straight-line code, and the {@code switch} is a jump
 * table. A chunk built with {@code MethodHandles.tableSwitch} instead, called through a template
 * class, took about 15 % longer an event on workload 1 (docs/benchmarks.md). Each case is a method
 * of its own that C1 does not inline into {@code run} (see {@link #SPARE_LOCALS}), so C1 compiles
 * a case at a time however many cases a chunk holds: compiling a chunk's cases as one method, C1
 * ran out of virtual registers, and the chunk could stay in slow code for good. C2 inlines the hot
 * cases into {@code run} as it sees fit. Exceptions pass through: the JVM does not check them, and
 * the cases catch the user's own.
 *
 * <p>The one chunk of a small chart's event cases also has a {@code route} method ({@link Routes},
 * {@link SpecializedDispatch#route}): from the event's set and the machine's configuration to the
 * case, in this class's code, so that an event reaches its case in one call.
 */
final class ChunkClassFile {
    /**
     * Keys one chunk covers at most. C2 does not compile a method over 8,000 bytes of bytecode
     * ({@code HugeMethodLimit}); {@code run} takes 12 bytes a key with a case.
     */
    static final int MAX_KEYS = 512;
    /** The most bytes of bytecode C2 compiles in one method ({@code HugeMethodLimit}). */
    private static final int HUGE_METHOD = 8_000;
    /**
     * Unused local slots declared by each case method. C1 does not inline a method whose stack
     * and locals beyond its parameters exceed {@code C1InlineStackLimit}, 5 under tiered
     * compilation. A case's stack is 4 slots, within the limit (and then C1 inlined every case
     * into {@code run}); 3 spare locals make 7, which keeps every case out of C1's compile of
     * {@code run}.
     */
    private static final int SPARE_LOCALS = 3;

    private static final String NAME = "dev/arbor/core/SpecializedChunk";
    private static final String SUPER = "dev/arbor/core/SpecializedDispatch$Chunk";
    private static final String HANDLE = "java/lang/invoke/MethodHandle";
    private static final String CASE = "(Ldev/arbor/core/Machine;Ljava/lang/Object;Ljava/lang/Object;)Z";
    private static final String RUN = "(ILdev/arbor/core/Machine;Ljava/lang/Object;Ljava/lang/Object;)Z";
    private static final String ROUTE = "(ILdev/arbor/core/Machine;Ljava/lang/Object;Ljava/lang/Object;)I";

    private static final int ACC_PRIVATE = 0x0002;
    private static final int ACC_STATIC = 0x0008;
    private static final int ACC_FINAL = 0x0010;
    private static final int ACC_SUPER = 0x0020;
    private static final int ACC_SYNTHETIC = 0x1000;

    private final Pool pool = new Pool();

    private ChunkClassFile() {
    }

    /**
     * The class file for a chunk of {@code hasCase.length} keys, keys from 0; the keys with a
     * case take the class data's handles in key order.
     */
    static byte[] of(boolean[] hasCase) {
        return of(hasCase, null);
    }

    /** {@link #of(boolean[])}, with a {@code route} method when {@code routes} is not null. */
    static byte[] of(boolean[] hasCase, Routes routes) {
        if (hasCase.length == 0 || hasCase.length > MAX_KEYS) {
            throw new IllegalArgumentException("a chunk covers 1 to " + MAX_KEYS + " keys, not " + hasCase.length);
        }
        return new ChunkClassFile().write(hasCase, routes);
    }

    private byte[] write(boolean[] hasCase, Routes routes) {
        int thisClass = pool.classRef(NAME);
        int superClass = pool.classRef(SUPER);
        Bytes fields = new Bytes();
        Bytes methods = new Bytes();
        int cases = 0;
        for (boolean has : hasCase) {
            cases += has ? 1 : 0;
        }
        fields.u2(cases);
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                fields.u2(ACC_PRIVATE | ACC_STATIC | ACC_FINAL).u2(pool.utf8("c" + key)).u2(pool.utf8("L" + HANDLE + ";")).u2(0);
            }
        }
        methods.u2(3 + cases + (routes == null ? 0 : 1));
        constructor(methods);
        classInitializer(methods, hasCase);
        run(methods, hasCase);
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                caseMethod(methods, key);
            }
        }
        if (routes != null) {
            routeMethod(methods, routes, hasCase, cases);
        }
        Bytes out = new Bytes();
        out.u4(0xCAFEBABE).u2(0).u2(61); // Java 17
        pool.writeTo(out);
        out.u2(ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC).u2(thisClass).u2(superClass).u2(0);
        out.bytes(fields).bytes(methods).u2(0);
        return out.toByteArray();
    }

    private void constructor(Bytes methods) {
        Bytes code = new Bytes();
        code.u1(0x2A); // aload_0
        code.u1(0xB7).u2(pool.methodRef(SUPER, "<init>", "()V")); // invokespecial
        code.u1(0xB1); // return
        method(methods, 0, "<init>", "()V", 1, 1, code, null);
    }

    /** Reads the class data into the fields: {@code MethodHandle[] data = classData(lookup(), "_", MethodHandle[].class)}. */
    private void classInitializer(Bytes methods, boolean[] hasCase) {
        Bytes code = new Bytes();
        code.u1(0xB8).u2(pool.methodRef("java/lang/invoke/MethodHandles", "lookup", "()Ljava/lang/invoke/MethodHandles$Lookup;"));
        ldc(code, pool.string("_"));
        ldc(code, pool.classRef("[L" + HANDLE + ";"));
        code.u1(0xB8).u2(pool.methodRef("java/lang/invoke/MethodHandles", "classData",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;"));
        code.u1(0xC0).u2(pool.classRef("[L" + HANDLE + ";")); // checkcast
        code.u1(0x4B); // astore_0
        int index = 0;
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                code.u1(0x2A); // aload_0
                code.u1(0x11).u2(index++); // sipush
                code.u1(0x32); // aaload
                code.u1(0xB3).u2(pool.fieldRef(NAME, "c" + key, "L" + HANDLE + ";")); // putstatic
            }
        }
        code.u1(0xB1); // return
        method(methods, ACC_STATIC, "<clinit>", "()V", 3, 1, code, null);
    }

    /**
     * {@code iload_1} and a {@code tableswitch} on it over {@code 0} to {@code count - 1}, its
     * default right after the table and its cases to be set by {@link #jump}; returns where the
     * switch starts, which its offsets are relative to.
     */
    private static int tableSwitch(Bytes code, int count) {
        code.u1(0x1B); // iload_1
        int switchAt = code.size();
        code.u1(0xAA); // tableswitch
        while (code.size() % 4 != 0) {
            code.u1(0);
        }
        int table = code.size();
        code.u4(table + 12 + 4 * count - switchAt).u4(0).u4(count - 1);
        for (int i = 0; i < count; i++) {
            code.u4(0);
        }
        return switchAt;
    }

    /** Points case {@code index} of the {@code tableswitch} at {@code switchAt} to {@code target}. */
    private static void jump(Bytes code, int switchAt, int index, int target) {
        int table = (switchAt + 4) & ~3; // after the opcode and its padding
        code.set4(table + 12 + 4 * index, target - switchAt);
    }

    /** The switch on the key; every jump target has the method's own locals and an empty stack. */
    private void run(Bytes methods, boolean[] hasCase) {
        int keys = hasCase.length;
        Bytes code = new Bytes();
        Frames frames = new Frames();
        int switchAt = tableSwitch(code, keys);
        int defaultAt = code.size();
        frames.same(defaultAt);
        code.u1(0x03).u1(0xAC); // iconst_0, ireturn
        for (int key = 0; key < keys; key++) {
            if (!hasCase[key]) {
                jump(code, switchAt, key, defaultAt);
                continue;
            }
            jump(code, switchAt, key, code.size());
            frames.same(code.size());
            code.u1(0x2C).u1(0x2D).u1(0x19).u1(4); // aload_2, aload_3, aload 4
            code.u1(0xB8).u2(pool.methodRef(NAME, "k" + key, CASE)); // invokestatic
            code.u1(0xAC); // ireturn
        }
        method(methods, ACC_FINAL, NamedMembers.RUN, RUN, 3, 5, code, frames.table());
    }

    /**
     * How a chunk's {@code route} method finds the case of an event of set {@code s}: key
     * {@code leaf * columns + s}, for the leaves (all below 64) whose key has a case. With
     * {@code highest}, a flat chart's: the one active leaf is the highest active state. Otherwise
     * a chart with regions': any of those leaves may be active, one or several.
     */
    record Routes(int columns, boolean highest) {}

    /**
     * Whether a {@code route} over {@code sets} event sets and {@code cases} cases stays within
     * the bytecode C2 compiles ({@link #routeBytes}): a chunk whose route would not is written
     * without one, as C2 would leave it to C1's slower code.
     */
    static boolean routeFits(int cases, int sets) {
        return routeBytes(cases, sets) <= HUGE_METHOD;
    }

    /**
     * At most how many bytes of bytecode {@code route} takes: its switch on the set (4 a set),
     * each set's code before its switch on the leaf (at most 52, the switch's padding and header
     * included), and 16 a case (its match, offset and call).
     */
    private static int routeBytes(int cases, int sets) {
        return 24 + 56 * sets + 16 * cases;
    }

    /**
     * {@code route}: a switch on the event set, each set's code inline (so that the method is
     * too large for the JIT to inline where it is called: it compiles with a budget of its own,
     * as {@code run} does). In a flat chart, set {@code s} runs the case of the highest active
     * state, the leaf. In a chart with regions, it finds which of the leaves in its mask are
     * active. None: {@link SpecializedDispatch#ROUTED_UNHANDLED}; one: its case's answer;
     * several: {@link SpecializedDispatch#SEVERAL_LEAVES}. In Java:
     *
     * <pre>{@code
     * int route(int set, Machine m, Object owner, Object event) {
     *     switch (set) {
     *         case <s>: // flat
     *             switch (Long.numberOfLeadingZeros(m.active0)) {
     *                 case <63 - leaf>: return k<leaf * columns + s>(m, owner, event);
     *                 ...
     *                 default: return 0;
     *             }
     *         case <s>: { // regions
     *             long bits = m.active0 & MASK_s;
     *             if (bits == 0) return 0;
     *             if ((bits & (bits - 1)) != 0) return -1;
     *             switch (Long.numberOfTrailingZeros(bits)) {
     *                 case <leaf>: return k<leaf * columns + s>(m, owner, event);
     *                 ...
     *                 default: return 0;
     *             }
     *         }
     *         ...
     *         default: return -2;
     *     }
     * }
     * }</pre>
     */
    private void routeMethod(Bytes methods, Routes routes, boolean[] hasCase, int cases) {
        int sets = routes.columns();
        if (hasCase.length > 64 * sets) {
            throw new IllegalArgumentException("routes cover leaves below 64, not " + hasCase.length / sets + " states");
        }
        Bytes code = new Bytes();
        Frames frames = new Frames();
        int switchAt = tableSwitch(code, sets);
        frames.same(code.size());
        intConstant(code, SpecializedDispatch.NOT_ROUTED);
        code.u1(0xAC); // ireturn
        int active0 = pool.fieldRef("dev/arbor/core/Machine", NamedMembers.ACTIVE0, "J");
        boolean longLive = false; // whether the frame before has the long of local 5
        for (int set = 0; set < sets; set++) {
            jump(code, switchAt, set, code.size());
            if (longLive) {
                frames.chopOne(code.size()); // the previous set's long is gone
            } else {
                frames.same(code.size());
            }
            long mask = 0; // the leaves with a case for the set
            for (int key = set; key < hasCase.length; key += sets) {
                mask |= hasCase[key] ? 1L << (key / sets) : 0;
            }
            code.u1(0x2C).u1(0xB4).u2(active0); // aload_2, getfield
            if (routes.highest()) {
                code.u1(0xB8).u2(pool.methodRef("java/lang/Long", "numberOfLeadingZeros", "(J)I")); // invokestatic
                caseSwitch(code, frames, Long.reverse(mask), 63, sets, set); // 63 - leaf ascending
                continue;
            }
            code.u1(0x14).u2(pool.longConstant(mask)); // ldc2_w
            code.u1(0x7F).u1(0x37).u1(5); // land, lstore 5
            code.u1(0x16).u1(5).u1(0x09).u1(0x94); // lload 5, lconst_0, lcmp
            code.u1(0x9A).u2(5); // ifne +5
            intConstant(code, SpecializedDispatch.ROUTED_UNHANDLED);
            code.u1(0xAC); // ireturn
            frames.appendLong(code.size());
            longLive = true;
            code.u1(0x16).u1(5).u1(0x16).u1(5).u1(0x0A).u1(0x65).u1(0x7F); // lload 5, lload 5, lconst_1, lsub, land
            code.u1(0x09).u1(0x94); // lconst_0, lcmp
            code.u1(0x99).u2(5); // ifeq +5
            intConstant(code, SpecializedDispatch.SEVERAL_LEAVES);
            code.u1(0xAC); // ireturn
            frames.same(code.size());
            code.u1(0x16).u1(5); // lload 5
            code.u1(0xB8).u2(pool.methodRef("java/lang/Long", "numberOfTrailingZeros", "(J)I")); // invokestatic
            caseSwitch(code, frames, mask, 0, sets, set);
        }
        if (code.size() > routeBytes(cases, sets)) {
            throw new IllegalStateException("route of " + code.size() + " bytes, more than " + routeBytes(cases, sets));
        }
        method(methods, ACC_FINAL, NamedMembers.ROUTE, ROUTE, 6, 7, code, frames.table());
    }

    /**
     * A {@code lookupswitch} on the int on the stack: match value {@code m} for each bit {@code m}
     * of {@code matches}, returning the case of leaf {@code m} (or of {@code 63 - m} when {@code
     * flip} is 63) for event set {@code set}; other values return
     * {@link SpecializedDispatch#ROUTED_UNHANDLED}.
     */
    private void caseSwitch(Bytes code, Frames frames, long matches, int flip, int columns, int set) {
        int lookupAt = code.size();
        code.u1(0xAB); // lookupswitch
        while (code.size() % 4 != 0) {
            code.u1(0);
        }
        int defaultField = code.size();
        int count = Long.bitCount(matches);
        code.u4(0).u4(count);
        int pairs = code.size();
        for (int i = 0; i < count; i++) {
            code.u4(0).u4(0); // patched below
        }
        code.set4(defaultField, code.size() - lookupAt);
        frames.same(code.size());
        intConstant(code, SpecializedDispatch.ROUTED_UNHANDLED);
        code.u1(0xAC); // ireturn
        int i = 0;
        for (long bits = matches; bits != 0; bits &= bits - 1) { // match values ascending, as lookupswitch needs
            int match = Long.numberOfTrailingZeros(bits);
            code.set4(pairs + 8 * i, match);
            code.set4(pairs + 8 * i + 4, code.size() - lookupAt);
            i++;
            frames.same(code.size());
            code.u1(0x2C).u1(0x2D).u1(0x19).u1(4); // aload_2, aload_3, aload 4
            code.u1(0xB8).u2(pool.methodRef(NAME, "k" + ((flip ^ match) * columns + set), CASE)); // invokestatic
            code.u1(0xAC); // ireturn
        }
    }

    /** Pushes a small int: {@code iconst_<n>} or {@code bipush}. */
    private static void intConstant(Bytes code, int value) {
        if (value >= -1 && value <= 5) {
            code.u1(0x03 + value); // iconst_m1 .. iconst_5
        } else {
            code.u1(0x10).u1(value); // bipush
        }
    }

    /** {@code return (boolean) c<key>.invokeExact(m, owner, event)}. */
    private void caseMethod(Bytes methods, int key) {
        Bytes code = new Bytes();
        code.u1(0xB2).u2(pool.fieldRef(NAME, "c" + key, "L" + HANDLE + ";")); // getstatic
        code.u1(0x2A).u1(0x2B).u1(0x2C); // aload_0, aload_1, aload_2
        code.u1(0xB6).u2(pool.methodRef(HANDLE, "invokeExact", CASE)); // invokevirtual
        code.u1(0xAC); // ireturn
        method(methods, ACC_PRIVATE | ACC_STATIC, "k" + key, CASE, 4, 3 + SPARE_LOCALS, code, null);
    }

    private void method(Bytes methods, int access, String name, String descriptor, int maxStack, int maxLocals, Bytes code,
            Bytes stackMap) {
        methods.u2(access).u2(pool.utf8(name)).u2(pool.utf8(descriptor)).u2(1);
        int stackMapLength = stackMap == null ? 0 : 6 + stackMap.size();
        methods.u2(pool.utf8("Code")).u4(12 + code.size() + stackMapLength);
        methods.u2(maxStack).u2(maxLocals).u4(code.size()).bytes(code);
        methods.u2(0); // exception table
        if (stackMap == null) {
            methods.u2(0);
        } else {
            methods.u2(1).u2(pool.utf8("StackMapTable")).u4(stackMap.size()).bytes(stackMap);
        }
    }

    private static void ldc(Bytes code, int index) {
        if (index <= 255) {
            code.u1(0x12).u1(index);
        } else {
            code.u1(0x13).u2(index); // ldc_w
        }
    }

    /** The constant pool, each entry made once. */
    private static final class Pool {
        private final Bytes entries = new Bytes();
        private final Map<String, Integer> indices = new HashMap<>();
        private int count = 1;

        int utf8(String s) {
            return entry("U" + s, e -> e.u1(1).utf8(s));
        }

        int classRef(String internalName) {
            int name = utf8(internalName);
            return entry("C" + internalName, e -> e.u1(7).u2(name));
        }

        int string(String s) {
            int value = utf8(s);
            return entry("S" + s, e -> e.u1(8).u2(value));
        }

        /** A {@code CONSTANT_Long}, which takes two entries. */
        int longConstant(long value) {
            Integer known = indices.get("J" + value);
            if (known != null) {
                return known;
            }
            entry("J" + value, e -> e.u1(5).u4((int) (value >>> 32)).u4((int) value));
            return count++ - 1; // the entry's second slot is unused
        }

        int fieldRef(String owner, String name, String descriptor) {
            return member(9, owner, name, descriptor);
        }

        int methodRef(String owner, String name, String descriptor) {
            return member(10, owner, name, descriptor);
        }

        private int member(int tag, String owner, String name, String descriptor) {
            int ownerIndex = classRef(owner);
            int n = utf8(name);
            int d = utf8(descriptor);
            int nameAndType = entry("N" + name + " " + descriptor, e -> e.u1(12).u2(n).u2(d));
            return entry(tag + owner + "." + name + descriptor, e -> e.u1(tag).u2(ownerIndex).u2(nameAndType));
        }

        private int entry(String key, java.util.function.Consumer<Bytes> write) {
            Integer known = indices.get(key);
            if (known != null) {
                return known;
            }
            if (count > 0xFFFF - 1) {
                throw new IllegalStateException("constant pool full");
            }
            write.accept(entries);
            indices.put(key, count);
            return count++;
        }

        void writeTo(Bytes out) {
            out.u2(count).bytes(entries);
        }
    }

    /** A StackMapTable's frames, in offset order, for a method whose locals are its parameters and at times one long after them. */
    private static final class Frames {
        private final Bytes frames = new Bytes();
        private int count;
        private int previous = -1;

        /** The locals of the frame before, an empty stack. */
        void same(int offset) {
            int delta = delta(offset);
            if (delta <= 63) {
                frames.u1(delta); // same_frame
            } else {
                frames.u1(251).u2(delta); // same_frame_extended
            }
        }

        /** The locals of the frame before and a long. */
        void appendLong(int offset) {
            frames.u1(252).u2(delta(offset)).u1(4); // append_frame, Long_variable_info
        }

        /** The locals of the frame before but the last. */
        void chopOne(int offset) {
            frames.u1(250).u2(delta(offset)); // chop_frame
        }

        private int delta(int offset) {
            int delta = previous < 0 ? offset : offset - previous - 1;
            previous = offset;
            count++;
            return delta;
        }

        Bytes table() {
            return new Bytes().u2(count).bytes(frames);
        }
    }

    /** A growing big-endian byte buffer. */
    private static final class Bytes extends ByteArrayOutputStream {
        /** Overwrites four bytes at {@code at}. */
        void set4(int at, int v) {
            buf[at] = (byte) (v >>> 24);
            buf[at + 1] = (byte) (v >>> 16);
            buf[at + 2] = (byte) (v >>> 8);
            buf[at + 3] = (byte) v;
        }

        Bytes u1(int v) {
            write(v);
            return this;
        }

        Bytes u2(int v) {
            write(v >>> 8);
            write(v);
            return this;
        }

        Bytes u4(int v) {
            return u2(v >>> 16).u2(v);
        }

        Bytes bytes(Bytes b) {
            write(b.buf, 0, b.count);
            return this;
        }

        /** Modified UTF-8 as class files hold it (names here are ASCII). */
        Bytes utf8(String s) {
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            u2(b.length);
            write(b, 0, b.length);
            return this;
        }
    }
}
