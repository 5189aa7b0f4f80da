/**
 * Reusable state components (the component HSM): behaviours and conditions with parameters, written once
 * against the small {@link dev.arbor.examples.components.Body} interface and attached to states of
 * different charts (the robot and the guard demos share them).
 */
package dev.arbor.examples.components;
