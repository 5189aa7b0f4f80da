/**
 * Hot reload for development: {@link dev.arbor.io.reload.ChartWatcher} notices that a chart file
 * changed, loads it again through the caller's loader, and moves the registered machines onto
 * the new chart when the game loop says so ({@link dev.arbor.core.Machine#moveTo}).
 */
package dev.arbor.io.reload;
