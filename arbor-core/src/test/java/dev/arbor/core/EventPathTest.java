package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The path of an event through the engine (docs/architecture.md, "The path of an event"): from
 * {@code Machine.fire} to the user's transition action, on every tier, through at most five of the
 * engine's source files. Measured, not described: the action records the stack it is called on,
 * and the engine's files on it are counted, in the order the event passed them.
 */
class EventPathTest {

    enum Ev { GO, BACK }

    /** The engine's own source files on the stack, outermost first; the chart's compiled code (hidden classes, no file) is not a file. */
    private static List<String> engineFiles(StackTraceElement[] stack) {
        Set<String> files = new LinkedHashSet<>();
        for (int i = stack.length - 1; i >= 0; i--) {
            StackTraceElement f = stack[i];
            if (f.getClassName().startsWith("dev.arbor.core.") && f.getFileName() != null && isEngine(f.getClassName())) {
                files.add(f.getFileName());
            }
        }
        return new ArrayList<>(files);
    }

    private static boolean isEngine(String className) {
        try {
            return Class.forName(className).getProtectionDomain().getCodeSource().getLocation()
                    .equals(Chart.class.getProtectionDomain().getCodeSource().getLocation());
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Fires GO at a started machine of each tier of {@code chart} and returns, per tier, the files the event passed. */
    private static List<String> pathsOf(Supplier<Chart<List<StackTraceElement[]>>> chart) {
        List<String> paths = new ArrayList<>();
        List<Chart<List<StackTraceElement[]>>> tiers = Tiers.of(chart);
        for (int i = 0; i < tiers.size(); i++) {
            List<StackTraceElement[]> stacks = new ArrayList<>();
            Machine<List<StackTraceElement[]>> m = tiers.get(i).newMachine(stacks);
            m.start();
            m.fire(Ev.GO);
            assertThat(stacks).as("the action ran once on the %s tier", Tiers.NAMES.get(i)).hasSize(1);
            List<String> files = engineFiles(stacks.get(0));
            assertThat(files).as("the %s tier's path", Tiers.NAMES.get(i)).first().isEqualTo("Machine.java");
            assertThat(files.size()).as("files on the %s tier's path %s", Tiers.NAMES.get(i), files).isLessThanOrEqualTo(5);
            paths.add(Tiers.NAMES.get(i) + ": " + String.join(" > ", files));
        }
        return paths;
    }

    /** A flat chart: ON's leaf A takes GO to OFF's leaf B, exiting and entering a level. */
    static Chart<List<StackTraceElement[]>> flat() {
        return Chart.<List<StackTraceElement[]>>builder("flat path")
                .initial("ON")
                .state("ON", on -> {
                    on.initial("A");
                    on.state("A", a -> a.on(Ev.GO).action((stacks, e) -> stacks.add(new Throwable().getStackTrace())).target("B"));
                })
                .state("OFF", off -> {
                    off.initial("B");
                    off.state("B", b -> b.on(Ev.BACK).target("A"));
                })
                .build();
    }

    /** Two regions: GO moves the first one's leaf, the other stays. */
    static Chart<List<StackTraceElement[]>> regions() {
        return Chart.<List<StackTraceElement[]>>builder("region path")
                .initial("P")
                .parallel("P", p -> {
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.state("A1", a -> a.on(Ev.GO).action((stacks, e) -> stacks.add(new Throwable().getStackTrace())).target("A2"));
                        r.state("A2");
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1");
                    });
                })
                .build();
    }

    @Test
    void anEventInAFlatChartPassesAtMostFiveFilesOnEveryTier() {
        assertThat(pathsOf(EventPathTest::flat)).containsExactly(
                "specialized: Machine.java > RunToCompletion.java > SpecializedDispatch.java > UserCodeHandles.java",
                "flat: Machine.java > RunToCompletion.java > FlatStep.java > UserCode.java",
                "general: Machine.java > RunToCompletion.java > ScxmlStep.java > UserCode.java");
    }

    @Test
    void anEventInAChartWithRegionsPassesAtMostFiveFilesOnEveryTier() {
        // Interpreted, a chart with regions takes the general step; specialized, its compiled cases.
        assertThat(pathsOf(EventPathTest::regions)).containsExactly(
                "specialized: Machine.java > RunToCompletion.java > SpecializedDispatch.java > UserCodeHandles.java",
                "flat: Machine.java > RunToCompletion.java > ScxmlStep.java > UserCode.java",
                "general: Machine.java > RunToCompletion.java > ScxmlStep.java > UserCode.java");
    }
}
