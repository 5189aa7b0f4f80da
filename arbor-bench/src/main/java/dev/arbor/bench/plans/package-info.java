/**
 * A guard whose duty is a plan of behaviour-driven states (seeds 004 and 005), written two ways:
 * as a plan, whose transitions the specializer leaves to the interpreter, and as declared
 * successors, which it compiles. {@code PlansBenchmark} measures what the fallback costs.
 */
package dev.arbor.bench.plans;
