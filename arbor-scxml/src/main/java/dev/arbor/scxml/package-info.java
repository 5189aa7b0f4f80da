/** SCXML 1.0 documents as Arbor charts: loading, data models and running sessions. */
package dev.arbor.scxml;
