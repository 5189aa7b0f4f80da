/** What chart analysis costs: the charts it is measured on, generated from a seed. */
package dev.arbor.bench.analysis;
