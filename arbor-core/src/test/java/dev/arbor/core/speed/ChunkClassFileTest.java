package dev.arbor.core.speed;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.semantics.MachineCore;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.semantics.TierSwitch;
import static java.lang.invoke.MethodType.methodType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The class file {@link ChunkClassFile} writes, defined as the specializer defines it: the JVM's
 * verifier accepts it, and each key runs its own case and no other.
 */
class ChunkClassFileTest {

    private static final MethodHandle CALLED;

    static {
        try {
            CALLED = MethodHandles.lookup().findStatic(ChunkClassFileTest.class, "called",
                    methodType(boolean.class, int.class, MachineCore.class, Object.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A case: notes its key and the event in the owner (a list), and takes events that are "taken". */
    @SuppressWarnings("unchecked")
    private static boolean called(int key, MachineCore machine, Object owner, Object event) {
        ((List<String>) owner).add(key + ":" + event);
        if (event instanceof RuntimeException e) {
            throw e;
        }
        return "taken".equals(event);
    }

    /** A chunk of {@code hasCase.length} keys, the cases those that are set. */
    private static SpecializedDispatch.Chunk chunk(boolean... hasCase) throws Throwable {
        List<MethodHandle> cases = new ArrayList<>();
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                cases.add(MethodHandles.insertArguments(CALLED, 0, key));
            }
        }
        return HiddenChunks.chunk(hasCase, cases.toArray(new MethodHandle[0]));
    }

    @Test
    void eachKeyRunsItsOwnCaseAndKeysWithoutOneTakeNothing() throws Throwable {
        SpecializedDispatch.Chunk chunk = chunk(true, false, true, false, true);
        List<String> calls = new ArrayList<>();

        assertThat(chunk.run(0, null, calls, "taken")).isTrue();
        assertThat(chunk.run(1, null, calls, "taken")).as("key 1 has no case").isFalse();
        assertThat(chunk.run(2, null, calls, "left")).isFalse();
        assertThat(chunk.run(3, null, calls, "taken")).as("key 3 has no case").isFalse();
        assertThat(chunk.run(4, null, calls, "taken")).isTrue();
        assertThat(chunk.run(5, null, calls, "taken")).as("past the last key").isFalse();
        assertThat(chunk.run(-1, null, calls, "taken")).as("before the first key").isFalse();

        assertThat(calls).containsExactly("0:taken", "2:left", "4:taken");
    }

    @Test
    void whatACaseThrowsPassesThroughUnchanged() throws Throwable {
        SpecializedDispatch.Chunk chunk = chunk(false, true);
        IllegalStateException thrown = new IllegalStateException("from a listener");
        List<String> calls = new ArrayList<>();

        assertThatThrownBy(() -> chunk.run(1, null, calls, thrown)).isSameAs(thrown);
        assertThat(calls).containsExactly("1:" + thrown);
    }

    @Test
    void aFullChunkOfTheLargestSizeRunsEveryKeysCase() throws Throwable {
        boolean[] all = new boolean[ChunkClassFile.MAX_KEYS];
        java.util.Arrays.fill(all, true);
        SpecializedDispatch.Chunk chunk = chunk(all);
        List<String> calls = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        // 20,480 calls of run, enough for the JIT to compile it: every key stays right after that.
        for (int round = 0; round < 40; round++) {
            for (int key = 0; key < all.length; key++) {
                assertThat(chunk.run(key, null, calls, "taken")).isTrue();
                expected.add(key + ":taken");
            }
        }
        assertThat(calls).isEqualTo(expected);
    }

    @Test
    void aChunkWithASingleCaseAmongManyKeys() throws Throwable {
        boolean[] one = new boolean[300];
        one[299] = true;
        SpecializedDispatch.Chunk chunk = chunk(one);
        List<String> calls = new ArrayList<>();

        assertThat(chunk.run(0, null, calls, "taken")).isFalse();
        assertThat(chunk.run(299, null, calls, "taken")).isTrue();
        assertThat(calls).containsExactly("299:taken");
    }

    /**
     * Routes over three event sets, key {@code leaf * 3 + set}: set 0's candidate leaves (those
     * with a case) are 1, 5 and 63 (the mask's sign bit), set 1's is 2, set 2 has none.
     */
    @Test
    void aRouteRunsTheCaseOfTheOneActiveCandidateLeaf() throws Throwable {
        int columns = 3;
        boolean[] hasCase = new boolean[64 * columns];
        List<MethodHandle> cases = new ArrayList<>();
        for (int key : new int[] {1 * 3, 2 * 3 + 1, 5 * 3, 63 * 3}) {
            hasCase[key] = true;
        }
        for (int key = 0; key < hasCase.length; key++) {
            if (hasCase[key]) {
                cases.add(MethodHandles.insertArguments(CALLED, 0, key));
            }
        }
        SpecializedDispatch.Chunk chunk = HiddenChunks.chunk(ChunkClassFile.of(hasCase, new ChunkClassFile.Routes(columns, false)),
                cases.toArray(new MethodHandle[0]));
        Machine<Object> m = Chart.builder("one state").initial("a").state("a", s -> { }).build().newMachine(new Object());
        List<String> calls = new ArrayList<>();

        TierSwitch.setActive0(m, 1L << 1 | 1L << 3); // 3 is no candidate
        assertThat(chunk.route(0, m, calls, "taken")).isEqualTo(SpecializedDispatch.ROUTED);
        TierSwitch.setActive0(m, 1L << 5);
        assertThat(chunk.route(0, m, calls, "left")).as("the case declines").isEqualTo(SpecializedDispatch.ROUTED_UNHANDLED);
        TierSwitch.setActive0(m, 1L << 63 | 1L);
        assertThat(chunk.route(0, m, calls, "taken")).isEqualTo(SpecializedDispatch.ROUTED);
        TierSwitch.setActive0(m, 1L << 1 | 1L << 5);
        assertThat(chunk.route(0, m, calls, "taken")).isEqualTo(SpecializedDispatch.SEVERAL_LEAVES);
        TierSwitch.setActive0(m, 1L << 2);
        assertThat(chunk.route(0, m, calls, "taken")).as("no candidate active").isEqualTo(SpecializedDispatch.ROUTED_UNHANDLED);
        assertThat(chunk.route(1, m, calls, "taken")).isEqualTo(SpecializedDispatch.ROUTED);
        TierSwitch.setActive0(m, 1L << 6);
        assertThat(chunk.route(1, m, calls, "taken")).as("a leaf with no case for the set").isEqualTo(SpecializedDispatch.ROUTED_UNHANDLED);
        TierSwitch.setActive0(m, -1L);
        assertThat(chunk.route(2, m, calls, "taken")).as("no candidates").isEqualTo(SpecializedDispatch.ROUTED_UNHANDLED);
        assertThat(chunk.route(3, m, calls, "taken")).as("past the last set").isEqualTo(SpecializedDispatch.NOT_ROUTED);
        assertThat(chunk.route(-1, m, calls, "taken")).as("before the first set").isEqualTo(SpecializedDispatch.NOT_ROUTED);

        assertThat(calls).containsExactly("3:taken", "15:left", "189:taken", "7:taken");
        assertThat(chunk(true).route(0, m, calls, "taken")).as("a chunk without routes").isEqualTo(SpecializedDispatch.NOT_ROUTED);
    }

    /** Flat routes over two event sets, key {@code leaf * 2 + set}: the highest active state's case runs. */
    @Test
    void aFlatRouteRunsTheCaseOfTheHighestActiveState() throws Throwable {
        int columns = 2;
        boolean[] hasCase = new boolean[64 * columns];
        List<MethodHandle> cases = new ArrayList<>();
        for (int key : new int[] {3 * 2, 7 * 2, 7 * 2 + 1, 63 * 2}) {
            hasCase[key] = true;
            cases.add(MethodHandles.insertArguments(CALLED, 0, key));
        }
        SpecializedDispatch.Chunk chunk = HiddenChunks.chunk(ChunkClassFile.of(hasCase, new ChunkClassFile.Routes(columns, true)),
                cases.toArray(new MethodHandle[0]));
        Machine<Object> m = Chart.builder("one state").initial("a").state("a", s -> { }).build().newMachine(new Object());
        List<String> calls = new ArrayList<>();

        TierSwitch.setActive0(m, 1L | 1L << 1 | 1L << 3); // a path from the root to leaf 3
        assertThat(chunk.route(0, m, calls, "taken")).isEqualTo(SpecializedDispatch.ROUTED);
        assertThat(chunk.route(1, m, calls, "taken")).as("leaf 3 has no case for set 1").isEqualTo(SpecializedDispatch.ROUTED_UNHANDLED);
        TierSwitch.setActive0(m, 1L | 1L << 7);
        assertThat(chunk.route(0, m, calls, "left")).as("the case declines").isEqualTo(SpecializedDispatch.ROUTED_UNHANDLED);
        assertThat(chunk.route(1, m, calls, "taken")).isEqualTo(SpecializedDispatch.ROUTED);
        TierSwitch.setActive0(m, 1L | 1L << 63);
        assertThat(chunk.route(0, m, calls, "taken")).isEqualTo(SpecializedDispatch.ROUTED);
        assertThat(chunk.route(2, m, calls, "taken")).as("past the last set").isEqualTo(SpecializedDispatch.NOT_ROUTED);

        assertThat(calls).containsExactly("6:taken", "14:left", "15:taken", "126:taken");
    }

    /**
     * The largest chunks a route is written for: 64 leaves of a flat chart, or of a chart with
     * regions, every set a case in each, as many sets as fit under C2's limit.
     */
    @Test
    void theLargestRoutesAreWithinWhatC2Compiles() throws Throwable {
        int columns = 7; // 64 * 7 = 448 keys, all cases: 24 + 56 * 7 + 16 * 448 = 7,584 bytes
        assertThat(ChunkClassFile.routeFits(64 * columns, columns)).isTrue();
        assertThat(ChunkClassFile.routeFits(64 * 8, 8)).as("eight sets of 64 cases").isFalse();
        boolean[] hasCase = new boolean[64 * columns];
        java.util.Arrays.fill(hasCase, true);
        MethodHandle[] cases = new MethodHandle[hasCase.length];
        for (int key = 0; key < cases.length; key++) {
            cases[key] = MethodHandles.insertArguments(CALLED, 0, key);
        }
        Machine<Object> m = Chart.builder("one state").initial("a").state("a", s -> { }).build().newMachine(new Object());
        for (boolean highest : new boolean[] {true, false}) {
            SpecializedDispatch.Chunk chunk = HiddenChunks.chunk(
                    ChunkClassFile.of(hasCase, new ChunkClassFile.Routes(columns, highest)), cases);
            List<String> calls = new ArrayList<>();
            TierSwitch.setActive0(m, 1L << 40);
            assertThat(chunk.route(6, m, calls, "taken")).isEqualTo(SpecializedDispatch.ROUTED);
            assertThat(calls).containsExactly((40 * columns + 6) + ":taken");
        }
    }

    /**
     * What the JIT is given (see {@link ChunkClassFile}): {@code run} a {@code tableswitch} over
     * every key, calling a method a case; each case method 4 stack slots and 6 local ones, 3 of
     * them spare, which keeps C1 from inlining it into {@code run}; a flat route a
     * {@code lookupswitch} on the highest active state ({@code 63 - leaf}) under a
     * {@code tableswitch} on the set. Each method as its name, its stack and locals, then its
     * switches and calls.
     */
    @Test
    void theClassFileHasTheShapeTheJitIsTunedFor() {
        byte[] file = ChunkClassFile.of(new boolean[] {true, false, true}, new ChunkClassFile.Routes(1, true));
        Map<String, List<String>> methods = new LinkedHashMap<>();
        new ClassReader(file).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                List<String> shape = new ArrayList<>();
                methods.put(name, shape);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
                        shape.add("tableswitch " + min + ".." + max);
                    }

                    @Override
                    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
                        shape.add("lookupswitch " + Arrays.toString(keys));
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
                        shape.add(name);
                    }

                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        shape.add(0, "stack " + maxStack + ", locals " + maxLocals);
                    }
                };
            }
        }, 0);

        assertThat(methods.keySet()).containsExactly("<init>", "<clinit>", "run", "k0", "k2", "route");
        assertThat(methods.get("run")).containsExactly("stack 3, locals 5", "tableswitch 0..2", "k0", "k2");
        assertThat(methods.get("k0")).containsExactly("stack 4, locals 6", "invokeExact");
        assertThat(methods.get("k2")).containsExactly("stack 4, locals 6", "invokeExact");
        assertThat(methods.get("route")).containsExactly("stack 3, locals 5",
                "tableswitch 0..0", "numberOfLeadingZeros", "lookupswitch [61, 63]", "k2", "k0");
    }

    @Test
    void aChunkCoversOneToMaxKeys() {
        assertThatThrownBy(() -> ChunkClassFile.of(new boolean[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a chunk covers 1 to 512 keys, not 0");
        assertThatThrownBy(() -> ChunkClassFile.of(new boolean[ChunkClassFile.MAX_KEYS + 1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a chunk covers 1 to 512 keys, not 513");
    }
}
