/**
 * Charts drawn as SVG: nested states laid out by Eclipse ELK's layered algorithm, with the
 * active configuration highlighted.
 */
package dev.arbor.svg;
