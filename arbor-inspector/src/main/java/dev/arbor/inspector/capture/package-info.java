/**
 * The game-thread side of the inspector: the listeners attached to machines and dispatchers write
 * fixed-size records into preallocated rings, without allocating, locking or waiting, and the
 * collector thread drains them. Not exported by the module.
 */
package dev.arbor.inspector.capture;
