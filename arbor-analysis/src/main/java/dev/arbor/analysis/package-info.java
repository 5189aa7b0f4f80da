/**
 * Know a chart before it runs. {@link dev.arbor.analysis.ChartAnalysis} explores every
 * configuration a chart can reach, by running the chart's own engine from each configuration on
 * each input; what it finds ({@link dev.arbor.analysis.Finding}) and the input sequences it builds
 * ({@link dev.arbor.analysis.InputPath}) are therefore exactly what a machine does, under the
 * assumptions each one states. {@code docs/analysis.md} documents it with a worked example.
 */
package dev.arbor.analysis;
