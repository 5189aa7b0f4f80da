package dev.arbor.inspector;

import dev.arbor.analysis.AnalysisOptions;
import dev.arbor.analysis.ChartAnalysis;
import dev.arbor.analysis.Finding;
import dev.arbor.core.Chart;
import dev.arbor.core.StateKind;
import dev.arbor.inspector.model.AnalysisView;
import dev.arbor.inspector.model.Model;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The analyses of the charts the inspector shows, each run once, in the background, within a
 * short budget: what they find dead the page greys. One thread runs them in turn, so a game's
 * cores are spared all but one for a couple of seconds whenever a chart is new; a chart
 * superseded by a newer version of itself (a reload) before its turn is not analysed.
 */
final class Analyses implements AutoCloseable {
    /** What one analysis may spend: two seconds, and configurations enough for most game charts. */
    static final AnalysisOptions BUDGET = AnalysisOptions.DEFAULTS.withTimeLimit(Duration.ofSeconds(2))
            .withMaxConfigurations(50_000);

    private final Model model;
    private final AnalysisOptions budget;
    private final ExecutorService executor;
    /** Per chart name: the id of its newest version. */
    private final Map<String, Integer> newest = new ConcurrentHashMap<>();

    Analyses(Model model, AnalysisOptions budget) {
        this.model = model;
        this.budget = budget;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "arbor-inspector-analysis");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            return t;
        });
    }

    /** Analyses chart {@code id} in the background; the model says it runs from now. Call with the model locked. */
    void submit(int id, Chart<?> chart) {
        newest.put(chart.name(), id);
        model.analysed(id, AnalysisView.of(AnalysisView.Status.RUNNING, "analysing the chart…"));
        executor.execute(() -> {
            AnalysisView view = newest.get(chart.name()) != id
                    ? AnalysisView.of(AnalysisView.Status.SKIPPED, "no state is shown dead: a newer version of the chart "
                            + "came before this one was analysed")
                    : analyse(chart, budget);
            synchronized (model) {
                model.analysed(id, view);
            }
        });
    }

    /** What an analysis of {@code chart} within {@code budget} says the page should show. */
    static AnalysisView analyse(Chart<?> chart, AnalysisOptions budget) {
        ChartAnalysis a;
        try {
            a = ChartAnalysis.of(chart, budget);
        } catch (IllegalArgumentException e) {
            return AnalysisView.of(AnalysisView.Status.REFUSED, "no state is shown dead: " + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            return AnalysisView.of(AnalysisView.Status.FAILED, "no state is shown dead: the analysis failed: " + e);
        }
        Optional<String> stopped = a.stoppedBecause();
        if (stopped.isPresent()) {
            return AnalysisView.of(AnalysisView.Status.INCOMPLETE, "no state is shown dead: the analysis stopped early, "
                    + stopped.get());
        }
        List<AnalysisView.Dead> states = new ArrayList<>();
        for (int s = 1; s < chart.stateCount(); s++) {
            StateKind kind = chart.kind(s);
            Optional<Finding> f = kind == StateKind.SHALLOW_HISTORY || kind == StateKind.DEEP_HISTORY
                    ? Optional.empty() : a.deadState(s);
            if (f.isPresent()) {
                states.add(dead(s, f.get()));
            }
        }
        List<AnalysisView.Dead> transitions = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            Optional<Finding> f = a.deadTransition(t);
            if (f.isPresent()) {
                transitions.add(dead(t, f.get()));
            }
        }
        String found = states.size() + (states.size() == 1 ? " state" : " states") + " and " + transitions.size()
                + (transitions.size() == 1 ? " transition" : " transitions") + " no run can cover";
        return new AnalysisView(AnalysisView.Status.DONE, "explored " + a.configurations() + " configurations: " + found,
                states, transitions);
    }

    private static AnalysisView.Dead dead(int id, Finding f) {
        return new AnalysisView.Dead(id, f.message(), f.definite());
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
