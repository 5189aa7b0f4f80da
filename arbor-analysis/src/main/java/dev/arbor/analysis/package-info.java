/**
 * Know a chart before it runs. {@link dev.arbor.analysis.ChartAnalysis} explores every
 * configuration a chart can reach, by running the chart's own engine from each configuration on
 * each input; what it finds ({@link dev.arbor.analysis.Finding}) and the input sequences it builds
 * ({@link dev.arbor.analysis.InputPath}) are therefore exactly what a machine does, under the
 * assumptions each one states. {@link dev.arbor.analysis.Coverage} says what a run covered (a
 * test suite, a play session): the states its machines were in and the transitions they took,
 * and, against an analysis, which of those it missed are dead and which merely untested.
 * {@code docs/analysis.md} documents it with a worked example.
 */
package dev.arbor.analysis;
