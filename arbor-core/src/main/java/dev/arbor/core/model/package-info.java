/**
 * The chart model the builders fill, and the compiler that turns it into the flat arrays the
 * engine reads. Not exported by the module: nothing here is API.
 */
package dev.arbor.core.model;
