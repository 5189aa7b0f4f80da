package dev.arbor.core;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/**
 * The bytes of this class are defined anew as a hidden class for each chunk of a specialised
 * chart, with the chunk's cases as class data (see {@link Specializer}). Held in a static final
 * field of its own class, the handle is a constant to the JIT, so the guards and actions behind
 * it are compiled as straight-line code. Never loaded under its own name.
 */
final class SpecializedDispatchTemplate extends SpecializedDispatch.Chunk {
    private static final MethodHandle CASES;

    static {
        try {
            CASES = MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, MethodHandle.class);
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    boolean run(int index, Machine<?> machine, Object owner, Object event) {
        try {
            return (boolean) CASES.invokeExact(index, machine, owner, event);
        } catch (Throwable e) {
            throw SpecializedDispatch.rethrow(e);
        }
    }
}
