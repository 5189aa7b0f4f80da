/** Runnable demos of Arbor, each a small program that prints what its machines do. */
package dev.arbor.examples;
