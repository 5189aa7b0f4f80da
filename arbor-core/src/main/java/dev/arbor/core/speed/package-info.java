/**
 * The speed tier on a JVM: a chart's dispatch compiled into method handles and hidden classes, so
 * that each of the user's guards and actions is called from a call site of its own, which the JIT
 * can inline. Not exported by the module, and named by nothing else in the engine:
 * {@code SpeedTier.found()} loads {@link dev.arbor.core.speed.SpecializerTier} by name when the
 * first chart is built, and where the platform cannot run it (TeaVM, Android) every chart runs
 * interpreted with the same traces.
 *
 * <p>{@link dev.arbor.core.speed.Specializer#specialize} is the entry point; its cases are strung
 * from the semantics' own steps, reached through a lookup in the semantics' package, and cut into
 * hidden classes written by {@link dev.arbor.core.speed.ChunkClassFile}.
 */
package dev.arbor.core.speed;
