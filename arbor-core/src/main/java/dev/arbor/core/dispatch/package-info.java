/**
 * Telegrams between agents (Buckland's agents' messages, the component HSM's time-ordered event dispatcher):
 * events delivered by agent id, now or after a delay, in a deterministic order, with time passed
 * in by the caller.
 */
package dev.arbor.core.dispatch;
