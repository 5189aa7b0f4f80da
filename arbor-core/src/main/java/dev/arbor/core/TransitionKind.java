package dev.arbor.core;

/**
 * Whether a transition leaves and re-enters its source when the target lies inside it (or the
 * target when the source lies inside it).
 *
 * <p>A transition without a target is <em>internal</em>: it runs its action and exits nothing.
 */
public enum TransitionKind {
    /**
     * The default, as SCXML {@code type="external"} and UML: the transition's domain is the least
     * common compound ancestor of source and targets, so a transition from a state to itself or
     * to one of its descendants exits and re-enters the source.
     */
    EXTERNAL,
    /**
     * As UML 2 local transitions and Samek's QP (SCXML {@code type="internal"}): when every target
     * is a descendant of a compound source, the source is not exited; when the target is an
     * ancestor of the source, the target is not exited and is re-entered through its initial
     * transition below itself.
     */
    LOCAL
}
