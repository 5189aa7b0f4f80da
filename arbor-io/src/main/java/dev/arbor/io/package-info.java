/**
 * Charts as files: loading the JSON chart format with components resolved by name, moving
 * running machines onto a reloaded chart, and exporting charts as text diagrams and SCXML.
 */
package dev.arbor.io;
