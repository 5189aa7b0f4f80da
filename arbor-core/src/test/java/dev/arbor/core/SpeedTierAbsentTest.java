package dev.arbor.core;

import dev.arbor.core.semantics.SpeedTier;
import dev.arbor.core.semantics.TierSwitch;
import dev.arbor.core.speed.SpecializerTier;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Without the speed tier on the class path, as on TeaVM or Android, charts run interpreted to the
 * same traces, and one line says so: the seed charts (Seed000Test's Figure 5.19 driven by ticks,
 * Seed003Test's QHsmTst in both styles driven by its script) run once here, specialized, and once
 * in a class loader that refuses the speed tier's classes ({@link #SPEED_TIER}).
 */
class SpeedTierAbsentTest {

    /** The speed tier's package: everything that makes or runs method handles and hidden classes. */
    static final String SPEED_TIER = "dev.arbor.core.speed.";

    static boolean speedTier(String className) {
        return className.startsWith(SPEED_TIER);
    }

    @Test
    void theSpeedTierIsFoundByTheNameItHas() {
        // The name is a string in SpeedTier (see there why): a rename fails here, not at run time.
        assertThat(SpeedTier.DEFAULT).isEqualTo(SpecializerTier.class.getName());
        assertThat(SpeedTier.found()).isInstanceOf(SpecializerTier.class);
    }

    @Test
    void theSeedTracesAreTheSameWithTheSpeedTierRefused() throws Exception {
        List<String> tiers = new ArrayList<>();
        List<String> traces = Seeds.traces(tiers);
        assertThat(tiers).as("with the speed tier").containsOnly("specialized");

        List<String> absentTiers = new ArrayList<>();
        java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
        List<String> absentTraces;
        try (WithoutSpeedTier loader = new WithoutSpeedTier()) {
            absentTraces = logged(log, () -> runSeeds(loader, absentTiers));
        }
        assertThat(absentTiers).as("without it").hasSameSizeAs(tiers).containsOnly("interpreted");
        assertThat(absentTraces).containsExactlyElementsOf(traces);
        // SimpleFormatter: a line of date and source, then "LEVEL: message"; once for all the charts built.
        assertThat(log.toString(StandardCharsets.UTF_8).lines().filter(l -> l.matches("[A-Z]+: .*")))
                .as("what was logged").containsExactly(
                "INFO: Arbor: no speed tier on this platform (java.lang.ClassNotFoundException: dev.arbor.core.speed.SpecializerTier"
                        + " (refused: the speed tier is absent)); charts run interpreted");
    }

    @Test
    void noClassOutsideTheSpeedTierNamesOne() throws IOException, URISyntaxException {
        Path classes = Path.of(Chart.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> naming = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(f).toString().replace(f.getFileSystem().getSeparator(), ".")
                        .replaceAll("\\.class$", "");
                if (speedTier(name)) {
                    continue;
                }
                checked++;
                String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                if (bytes.contains(SPEED_TIER.replace('.', '/'))) {
                    naming.add(name);
                }
            }
        }
        assertThat(checked).as("classes checked").isGreaterThan(50);
        assertThat(naming).as("classes outside the speed tier that name its package's classes").isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static List<String> runSeeds(ClassLoader loader, List<String> tiers) throws Exception {
        Class<?> seeds = Class.forName(Seeds.class.getName(), true, loader);
        assertThat(seeds.getClassLoader()).isSameAs(loader);
        return (List<String>) seeds.getDeclaredMethod("traces", List.class).invoke(null, tiers);
    }

    interface Run<T> {
        T run() throws Exception;
    }

    /**
     * Runs {@code what} with what logger {@code dev.arbor.core} logs written to {@code log} and not
     * printed. System.Logger's backend here is java.util.logging, reached by reflection: the tests
     * are compiled into module dev.arbor.core, which reads java.base alone.
     */
    private static <T> T logged(java.io.ByteArrayOutputStream log, Run<T> what) throws Exception {
        Class<?> loggers = Class.forName("java.util.logging.Logger");
        Class<?> handlers = Class.forName("java.util.logging.Handler");
        Object jul = loggers.getMethod("getLogger", String.class).invoke(null, "dev.arbor.core");
        Object handler = Class.forName("java.util.logging.StreamHandler")
                .getConstructor(java.io.OutputStream.class, Class.forName("java.util.logging.Formatter"))
                .newInstance(log, Class.forName("java.util.logging.SimpleFormatter").getConstructor().newInstance());
        boolean parents = (Boolean) loggers.getMethod("getUseParentHandlers").invoke(jul);
        loggers.getMethod("addHandler", handlers).invoke(jul, handler);
        loggers.getMethod("setUseParentHandlers", boolean.class).invoke(jul, false);
        try {
            return what.run();
        } finally {
            handlers.getMethod("flush").invoke(handler);
            loggers.getMethod("removeHandler", handlers).invoke(jul, handler);
            loggers.getMethod("setUseParentHandlers", boolean.class).invoke(jul, parents);
        }
    }

    /**
     * Loads Arbor's classes (main and test) itself, from the same directories as the class path,
     * and refuses the speed tier's; the rest (the JDK, JUnit, AssertJ) comes from the parent.
     */
    static final class WithoutSpeedTier extends URLClassLoader {
        WithoutSpeedTier() throws URISyntaxException, IOException {
            super(new URL[] {location(Chart.class), location(SpeedTierAbsentTest.class)},
                    SpeedTierAbsentTest.class.getClassLoader());
        }

        private static URL location(Class<?> c) {
            return c.getProtectionDomain().getCodeSource().getLocation();
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("dev.arbor.")) {
                return super.loadClass(name, resolve);
            }
            if (speedTier(name)) {
                throw new ClassNotFoundException(name + " (refused: the speed tier is absent)");
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }

    /** The seed charts and their inputs; run in either class loader. */
    public static final class Seeds {
        private Seeds() {}

        /**
         * Every chart's trace, one line a step; adds to {@code tiers} each chart's dispatch. Each
         * chart is specialized first when the speed tier is there, whatever {@code arbor.specialize} says.
         */
        public static List<String> traces(List<String> tiers) {
            List<String> out = new ArrayList<>();
            Chart<Seed000Test.Robot> figure519 = Seed000Test.figure519();
            tiers.add(tier(figure519));
            Seed000Test.Robot robot = new Seed000Test.Robot();
            Machine<Seed000Test.Robot> m = figure519.newMachine(robot);
            m.start();
            out.add("000 start: " + robot.take() + " " + m.activeStates());
            int[][] ticks = {{}, {1}, {4}, {5}, {6}, {3}, {6}, {1, 4}, {5}, {7}, {2}, {4}, {5}, {6}};
            for (int[] tick : ticks) {
                robot.trigger(tick);
                m.update();
                out.add("000 tick " + java.util.Arrays.toString(tick) + ": " + robot.take() + " " + m.activeStates());
            }
            for (Chart<Seed003Test.Hsm> qhsmtst : List.of(Seed003Test.declarative(), Seed003Test.handlers())) {
                tiers.add(tier(qhsmtst));
                Seed003Test.Hsm hsm = new Seed003Test.Hsm();
                Machine<Seed003Test.Hsm> q = qhsmtst.newMachine(hsm);
                q.start();
                out.add("003 start: " + hsm.take() + " " + q.activeStates());
                for (Seed003Test.Step step : Seed003Test.SCRIPT) {
                    q.fire(step.event());
                    out.add("003 " + step.event() + ": " + hsm.take() + " " + q.activeStates());
                }
            }
            return out;
        }

        private static String tier(Chart<?> chart) {
            return TierSwitch.specializeNow(chart) != null ? "specialized" : "interpreted";
        }
    }
}
