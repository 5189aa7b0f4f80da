/** {@code ./arbor demo cluster}: three nodes in one process, a hundred thousand guards, a node stopped. */
package dev.arbor.pekko.demo;
