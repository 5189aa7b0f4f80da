package dev.arbor.core.speed;

import static dev.arbor.core.speed.SemanticsHooks.SEMANTICS;
import static java.lang.invoke.MethodType.methodType;

import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.speed.Steps.SizedHandle;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles a table of cases, keyed by consecutive ints, into {@link SpecializedDispatch.Chunks}:
 * the keys cut into chunks of at most {@link ChunkClassFile#MAX_KEYS}, each chunk a hidden class
 * whose class file {@link ChunkClassFile} writes and whose class data is its cases' handles,
 * defined in the semantics' package through {@link SemanticsHooks#SEMANTICS} so that its code
 * reads the machine's configuration as the semantics does. Every table the specializer builds
 * (events, ticks, region selections, effects and parts, pairs, handler moves) is chunked here.
 */
final class HiddenChunks {

    private HiddenChunks() {
    }

    /**
     * Consecutive cases cut into chunks of {@link ChunkClassFile#MAX_KEYS} keys, each a hidden
     * class; a key without a case (null) takes nothing, and an empty table has no chunk.
     */
    static SpecializedDispatch.Chunks chunked(SizedHandle[] cases) throws Throwable {
        return chunked(cases, null);
    }

    /**
     * {@link #chunked(SizedHandle[])}; with {@code routes}, for cases that fit one chunk, that chunk
     * has a route for each event set ({@link SpecializedDispatch#route}).
     */
    static SpecializedDispatch.Chunks chunked(SizedHandle[] cases, ChunkClassFile.Routes routes) throws Throwable {
        int keys = cases.length;
        SpecializedDispatch.Chunk[] chunkOf = new SpecializedDispatch.Chunk[keys];
        int[] chunkBase = new int[keys];
        List<SpecializedDispatch.Chunk> chunks = new ArrayList<>();
        for (int from = 0; from < keys; from += ChunkClassFile.MAX_KEYS) {
            int to = Math.min(keys, from + ChunkClassFile.MAX_KEYS);
            boolean[] hasCase = new boolean[to - from];
            List<MethodHandle> handles = new ArrayList<>();
            for (int k = from; k < to; k++) {
                hasCase[k - from] = cases[k] != null;
                if (hasCase[k - from]) {
                    handles.add(cases[k].handle());
                }
                chunkBase[k] = from;
            }
            SpecializedDispatch.Chunk chunk = chunk(ChunkClassFile.of(hasCase, keys == to - from ? routes : null),
                    handles.toArray(new MethodHandle[0]));
            java.util.Arrays.fill(chunkOf, from, to, chunk);
            chunks.add(chunk);
        }
        return new SpecializedDispatch.Chunks(chunkOf, chunkBase, chunks.toArray(new SpecializedDispatch.Chunk[0]),
                routes != null && chunks.size() == 1);
    }

    /**
     * A chunk: a hidden class that calls, as constants, the cases of those of its keys that have
     * one ({@code hasCase}), each {@code (Machine, Object, Object)boolean}, in key order.
     */
    static SpecializedDispatch.Chunk chunk(boolean[] hasCase, MethodHandle[] cases) throws Throwable {
        return chunk(ChunkClassFile.of(hasCase), cases);
    }

    /** A chunk of the class file {@code classFile}, written by {@link ChunkClassFile}, with {@code cases} its class data. */
    static SpecializedDispatch.Chunk chunk(byte[] classFile, MethodHandle[] cases) throws Throwable {
        MethodHandles.Lookup hidden = SEMANTICS.defineHiddenClassWithClassData(classFile, cases, true);
        return (SpecializedDispatch.Chunk) hidden.findConstructor(hidden.lookupClass(), methodType(void.class)).invoke();
    }
}
