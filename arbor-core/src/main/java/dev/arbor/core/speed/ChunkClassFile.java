package dev.arbor.core.speed;

import dev.arbor.core.Machine;
import dev.arbor.core.semantics.MachineCore;
import dev.arbor.core.semantics.SpecializedDispatch;
import static org.objectweb.asm.Opcodes.AALOAD;
import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PRIVATE;
import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ACC_SYNTHETIC;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.GETFIELD;
import static org.objectweb.asm.Opcodes.GETSTATIC;
import static org.objectweb.asm.Opcodes.ICONST_0;
import static org.objectweb.asm.Opcodes.IFEQ;
import static org.objectweb.asm.Opcodes.IFNE;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.IRETURN;
import static org.objectweb.asm.Opcodes.LAND;
import static org.objectweb.asm.Opcodes.LCMP;
import static org.objectweb.asm.Opcodes.LCONST_0;
import static org.objectweb.asm.Opcodes.LCONST_1;
import static org.objectweb.asm.Opcodes.LLOAD;
import static org.objectweb.asm.Opcodes.LSTORE;
import static org.objectweb.asm.Opcodes.LSUB;
import static org.objectweb.asm.Opcodes.PUTSTATIC;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.SIPUSH;
import static org.objectweb.asm.Opcodes.V17;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The class file of one chunk of compiled cases ({@link HiddenChunks}), written with ASM (shaded
 * into {@code arbor-core}'s jar and relocated, so that its users see no dependency), which lays
 * out the constant pool, the branch offsets and the stack-map frames. Arbor's own classes are
 * named by their class literals; its members, which Java cannot name but by string, through
 * {@link NamedMembers}. The class extends {@link SpecializedDispatch.Chunk}; its class data is the
 * chunk's cases, a {@code MethodHandle[]} of type {@code (Machine, Object owner, Object event)boolean},
 * one per key that has a case. In Java it would read:
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
 * class, took about 15 % longer an event on QHsmTst (docs/benchmarks.md). Each case is a method
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

    /** The chunk's own name: a hidden class is in the package of the lookup that defines it, the semantics' ({@link SemanticsHooks#SEMANTICS}). */
    private static final String NAME = SpecializedDispatch.class.getPackageName().replace('.', '/') + "/SpecializedChunk";
    private static final String SUPER = Type.getInternalName(SpecializedDispatch.Chunk.class);
    private static final String MACHINE = Type.getInternalName(MachineCore.class);
    private static final String HANDLE = Type.getInternalName(MethodHandle.class);
    private static final String HANDLE_FIELD = Type.getDescriptor(MethodHandle.class);
    private static final String HANDLES = Type.getInternalName(MethodHandle[].class);
    /** {@code (Machine, Object owner, Object event)boolean}: a case, its handle and its method. */
    private static final MethodType CASE_TYPE = MethodType.methodType(boolean.class, MachineCore.class, Object.class, Object.class);
    private static final String CASE = CASE_TYPE.toMethodDescriptorString();
    /** The parameters' slots in a case method: the machine, the owner, the event. */
    private static final int CASE_PARAMETERS = CASE_TYPE.parameterCount();
    /** {@link SpecializedDispatch.Chunk#run}'s type. */
    private static final String RUN = CASE_TYPE.insertParameterTypes(0, int.class).toMethodDescriptorString();
    /** {@link SpecializedDispatch.Chunk#route}'s type. */
    private static final String ROUTE = CASE_TYPE.insertParameterTypes(0, int.class).changeReturnType(int.class)
            .toMethodDescriptorString();
    /** In {@code run} and {@code route}: the slots of the key (or set), the machine, the owner and the event. */
    private static final int KEY = 1;
    private static final int MACHINE_ARG = 2;
    private static final int OWNER_ARG = 3;
    private static final int EVENT_ARG = 4;
    /** In {@code route}, a chart with regions': the set's candidate leaves that are active, a long. */
    private static final int BITS = 5;

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
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String type1, String type2) {
                // At every jump target each local holds what it holds on entry, or nothing: the
                // frames never merge two types (this would load classes by name, the chunk's own too).
                throw new IllegalStateException("a chunk's frames merge " + type1 + " and " + type2);
            }
        };
        cw.visit(V17, ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, NAME, null, SUPER, null);
        int cases = 0;
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, handleField(key), HANDLE_FIELD, null, null).visitEnd();
                cases++;
            }
        }
        constructor(cw);
        classInitializer(cw, hasCase);
        run(cw, hasCase);
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                caseMethod(cw, key);
            }
        }
        if (routes != null) {
            routeMethod(cw, routes, hasCase, cases);
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** The field that holds key {@code key}'s handle. */
    private static String handleField(int key) {
        return "c" + key;
    }

    /** The method that calls key {@code key}'s handle. */
    private static String caseMethod(int key) {
        return "k" + key;
    }

    private static void constructor(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(0, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKESPECIAL, SUPER, "<init>", "()V", false);
        mv.visitInsn(RETURN);
        end(mv);
    }

    /** Reads the class data into the fields: {@code MethodHandle[] data = classData(lookup(), "_", MethodHandle[].class)}. */
    private static void classInitializer(ClassWriter cw, boolean[] hasCase) {
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        String handles = Type.getInternalName(MethodHandles.class);
        mv.visitMethodInsn(INVOKESTATIC, handles, "lookup",
                MethodType.methodType(MethodHandles.Lookup.class).toMethodDescriptorString(), false);
        mv.visitLdcInsn(ConstantDescs.DEFAULT_NAME);
        mv.visitLdcInsn(Type.getType(MethodHandle[].class));
        mv.visitMethodInsn(INVOKESTATIC, handles, "classData",
                MethodType.methodType(Object.class, MethodHandles.Lookup.class, String.class, Class.class).toMethodDescriptorString(),
                false);
        mv.visitTypeInsn(CHECKCAST, HANDLES);
        mv.visitVarInsn(ASTORE, 0);
        int index = 0;
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitIntInsn(SIPUSH, index++);
                mv.visitInsn(AALOAD);
                mv.visitFieldInsn(PUTSTATIC, NAME, handleField(key), HANDLE_FIELD);
            }
        }
        mv.visitInsn(RETURN);
        end(mv);
    }

    /** The switch on the key: a {@code tableswitch} over every key, those without a case to its default. */
    private static void run(ClassWriter cw, boolean[] hasCase) {
        int keys = hasCase.length;
        MethodVisitor mv = cw.visitMethod(ACC_FINAL, NamedMembers.RUN, RUN, null, null);
        mv.visitCode();
        Label none = new Label();
        Label[] targets = new Label[keys];
        for (int key = 0; key < keys; key++) {
            targets[key] = hasCase[key] ? new Label() : none;
        }
        mv.visitVarInsn(ILOAD, KEY);
        mv.visitTableSwitchInsn(0, keys - 1, none, targets);
        mv.visitLabel(none);
        mv.visitInsn(ICONST_0);
        mv.visitInsn(IRETURN);
        for (int key = 0; key < keys; key++) {
            if (hasCase[key]) {
                mv.visitLabel(targets[key]);
                returnCase(mv, key);
            }
        }
        end(mv);
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
    private static void routeMethod(ClassWriter cw, Routes routes, boolean[] hasCase, int cases) {
        int sets = routes.columns();
        if (hasCase.length > 64 * sets) {
            throw new IllegalArgumentException("routes cover leaves below 64, not " + hasCase.length / sets + " states");
        }
        MethodVisitor mv = cw.visitMethod(ACC_FINAL, NamedMembers.ROUTE, ROUTE, null, null);
        mv.visitCode();
        Label none = new Label();
        Label[] setCode = new Label[sets];
        for (int set = 0; set < sets; set++) {
            setCode[set] = new Label();
        }
        mv.visitVarInsn(ILOAD, KEY);
        mv.visitTableSwitchInsn(0, sets - 1, none, setCode);
        mv.visitLabel(none);
        intConstant(mv, SpecializedDispatch.NOT_ROUTED);
        mv.visitInsn(IRETURN);
        String longs = Type.getInternalName(Long.class);
        String ofLong = MethodType.methodType(int.class, long.class).toMethodDescriptorString();
        for (int set = 0; set < sets; set++) {
            mv.visitLabel(setCode[set]);
            long mask = 0; // the leaves with a case for the set
            for (int key = set; key < hasCase.length; key += sets) {
                mask |= hasCase[key] ? 1L << (key / sets) : 0;
            }
            mv.visitVarInsn(ALOAD, MACHINE_ARG);
            mv.visitFieldInsn(GETFIELD, MACHINE, NamedMembers.ACTIVE0, Type.LONG_TYPE.getDescriptor());
            if (routes.highest()) {
                mv.visitMethodInsn(INVOKESTATIC, longs, "numberOfLeadingZeros", ofLong, false);
                caseSwitch(mv, Long.reverse(mask), 63, sets, set); // 63 - leaf ascending
                continue;
            }
            mv.visitLdcInsn(mask);
            mv.visitInsn(LAND);
            mv.visitVarInsn(LSTORE, BITS);
            mv.visitVarInsn(LLOAD, BITS);
            returnUnless(mv, IFNE, SpecializedDispatch.ROUTED_UNHANDLED); // none active
            mv.visitVarInsn(LLOAD, BITS); // bits & (bits - 1): 0 when one bit is set
            mv.visitVarInsn(LLOAD, BITS);
            mv.visitInsn(LCONST_1);
            mv.visitInsn(LSUB);
            mv.visitInsn(LAND);
            returnUnless(mv, IFEQ, SpecializedDispatch.SEVERAL_LEAVES);
            mv.visitVarInsn(LLOAD, BITS);
            mv.visitMethodInsn(INVOKESTATIC, longs, "numberOfTrailingZeros", ofLong, false);
            caseSwitch(mv, mask, 0, sets, set);
        }
        Label codeEnd = new Label();
        mv.visitLabel(codeEnd);
        if (codeEnd.getOffset() > routeBytes(cases, sets)) {
            throw new IllegalStateException("route of " + codeEnd.getOffset() + " bytes, more than " + routeBytes(cases, sets));
        }
        end(mv);
    }

    /**
     * Compares the long on the stack with 0 and goes on when {@code goOn} holds of it ({@code IFEQ}:
     * it is 0, {@code IFNE}: it is not); else returns {@code answer}.
     */
    private static void returnUnless(MethodVisitor mv, int goOn, int answer) {
        mv.visitInsn(LCONST_0);
        mv.visitInsn(LCMP);
        Label onward = new Label();
        mv.visitJumpInsn(goOn, onward);
        intConstant(mv, answer);
        mv.visitInsn(IRETURN);
        mv.visitLabel(onward);
    }

    /**
     * A {@code lookupswitch} on the int on the stack: match value {@code m} for each bit {@code m}
     * of {@code matches}, returning the case of leaf {@code m} (or of {@code 63 - m} when {@code
     * flip} is 63) for event set {@code set}; other values return
     * {@link SpecializedDispatch#ROUTED_UNHANDLED}.
     */
    private static void caseSwitch(MethodVisitor mv, long matches, int flip, int columns, int set) {
        int count = Long.bitCount(matches);
        int[] values = new int[count];
        Label[] targets = new Label[count];
        int i = 0;
        for (long bits = matches; bits != 0; bits &= bits - 1) { // match values ascending, as lookupswitch needs
            values[i] = Long.numberOfTrailingZeros(bits);
            targets[i++] = new Label();
        }
        Label none = new Label();
        mv.visitLookupSwitchInsn(none, values, targets);
        mv.visitLabel(none);
        intConstant(mv, SpecializedDispatch.ROUTED_UNHANDLED);
        mv.visitInsn(IRETURN);
        for (i = 0; i < count; i++) {
            mv.visitLabel(targets[i]);
            returnCase(mv, (flip ^ values[i]) * columns + set);
        }
    }

    /** In {@code run} or {@code route}: {@code return k<key>(m, owner, event)}. */
    private static void returnCase(MethodVisitor mv, int key) {
        mv.visitVarInsn(ALOAD, MACHINE_ARG);
        mv.visitVarInsn(ALOAD, OWNER_ARG);
        mv.visitVarInsn(ALOAD, EVENT_ARG);
        mv.visitMethodInsn(INVOKESTATIC, NAME, caseMethod(key), CASE, false);
        mv.visitInsn(IRETURN);
    }

    /** Pushes a small int: {@code iconst_<n>} or {@code bipush}. */
    private static void intConstant(MethodVisitor mv, int value) {
        if (value >= -1 && value <= 5) {
            mv.visitInsn(ICONST_0 + value); // iconst_m1 .. iconst_5
        } else {
            mv.visitIntInsn(BIPUSH, value);
        }
    }

    /**
     * {@code return (boolean) c<key>.invokeExact(m, owner, event)}, with {@link #SPARE_LOCALS}
     * more local slots than its parameters: ASM counts the slots a method uses, and a local
     * declared (as debuggers see them) over the whole code at the last spare slot is one.
     */
    private static void caseMethod(ClassWriter cw, int key) {
        MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, caseMethod(key), CASE, null, null);
        mv.visitCode();
        Label codeStart = new Label();
        mv.visitLabel(codeStart);
        mv.visitFieldInsn(GETSTATIC, NAME, handleField(key), HANDLE_FIELD);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ALOAD, 1);
        mv.visitVarInsn(ALOAD, 2);
        mv.visitMethodInsn(INVOKEVIRTUAL, HANDLE, "invokeExact", CASE, false);
        mv.visitInsn(IRETURN);
        Label codeEnd = new Label();
        mv.visitLabel(codeEnd);
        mv.visitLocalVariable("spare", Type.INT_TYPE.getDescriptor(), null, codeStart, codeEnd,
                CASE_PARAMETERS + SPARE_LOCALS - 1);
        end(mv);
    }

    /** Ends a method's code: ASM computes its stack, its locals and its frames. */
    private static void end(MethodVisitor mv) {
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }
}
