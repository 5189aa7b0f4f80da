package dev.arbor.cli;

import dev.arbor.analysis.Assumption;
import dev.arbor.analysis.InputPath;
import dev.arbor.analysis.Step;
import dev.arbor.core.Chart;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The JUnit 5 class {@code arbor paths --emit junit} writes for a chart: a test per path, each
 * firing the path's inputs at a fresh machine of the chart file and checking, with AssertJ, the
 * active states after every input. A path that assumes a guard's outcome (a random draw, a
 * behaviour finishing) runs on {@code chart.substituted(...)}, whose functions give the assumed
 * outcome in that one input and run as written otherwise, as {@code assume} does in a scenario.
 * The class needs arbor-core, arbor-io (and the libraries the chart names), JUnit 5 and AssertJ.
 */
final class JUnitWriter {

    /** A class to write: its simple name and its source. */
    record Source(String className, String text) {}

    private final StringBuilder out = new StringBuilder();

    private JUnitWriter() {}

    /**
     * The class for these paths through a chart.
     *
     * @param a           the chart file loaded and explored
     * @param packageName the package, or empty for none
     * @param paths       the paths
     * @param names       each path's name ({@code door-to-broken}), from which its test's is made
     * @param how         how the paths were asked for ({@code --to broken}), for the header
     * @return the class
     */
    static Source write(Analysed a, String packageName, List<InputPath> paths, List<String> names, String how) {
        if (!(a.loaded() instanceof ChartFiles.Json<?> json)) {
            throw new CliFailure("--emit junit: " + a.file() + " is an SCXML document; the tests run JSON charts");
        }
        String base = PathsCommand.baseName(a.file());
        String className = className(base) + "PathsTest";
        boolean assumes = paths.stream().anyMatch(InputPath::assumes);
        String owner = json.library().name();
        boolean builtInOnly = owner.equals(ChartFiles.BUILT_IN) && json.otherLibraries().isEmpty();
        JUnitWriter w = new JUnitWriter();
        w.header(a, packageName, how, assumes, builtInOnly);
        w.line("/** The paths arbor paths found through chart " + literal(a.chart().name()) + " of " + a.file().toString()
                .replace('\\', '/') + ". */");
        w.line("class " + className + " {");
        w.line("");
        w.line("    /** The chart file, relative to the directory the tests run in. */");
        w.line("    private static final Path FILE = Path.of(" + literal(a.file().toString().replace('\\', '/')) + ");");
        w.line("");
        w.line("    private static Chart<Object> chart;");
        if (!builtInOnly) {
            w.line("    private static ComponentLibrary<Object> library;");
        }
        w.line("");
        w.line("    @BeforeAll");
        w.line("    static void load() throws IOException {");
        if (builtInOnly) {
            w.line("        chart = ChartLoader.of(BuiltIn.components()).load(FILE);");
        } else {
            w.line("        library = " + (owner.equals(ChartFiles.BUILT_IN) ? "builtIn()" : "library(" + literal(owner) + ")") + ";");
            List<String> others = new ArrayList<>();
            json.otherLibraries().forEach(o -> others.add("library(" + literal(o) + ")"));
            w.line("        chart = ChartLoader.of(ComponentLibrary.combined(library, List.of(" + String.join(", ", others)
                    + "))).load(FILE);");
        }
        w.line("    }");
        for (int i = 0; i < paths.size(); i++) {
            w.test(a.chart(), i + 1, paths.get(i), testName(base, names.get(i)));
        }
        if (!builtInOnly) {
            w.libraries();
        }
        w.run(assumes, builtInOnly ? "null" : "library.newOwner(line -> { })");
        w.line("}");
        return new Source(className, w.out.toString());
    }

    private void header(Analysed a, String packageName, String how, boolean assumes, boolean builtInOnly) {
        line("// Written by arbor paths " + a.file().toString().replace('\\', '/') + " " + how + " --emit junit.");
        line("// Each test fires a path's inputs at a fresh machine of the chart and checks the active states");
        line("// after every input, as the analysis found them. A test that fails means the chart no longer");
        line("// does what it did then: once the change is meant, write the class again rather than edit it.");
        if (!packageName.isEmpty()) {
            line("package " + packageName + ";");
        }
        line("");
        line("import static org.assertj.core.api.Assertions.assertThat;");
        line("");
        List<String> imports = new ArrayList<>(List.of("dev.arbor.core.Chart", "dev.arbor.core.Machine",
                "dev.arbor.io.ChartLoader", "java.io.IOException", "java.nio.file.Path", "java.util.ArrayList",
                "java.util.List", "org.junit.jupiter.api.BeforeAll", "org.junit.jupiter.api.DisplayName",
                "org.junit.jupiter.api.Test"));
        if (builtInOnly || assumes) {
            imports.add("dev.arbor.io.BuiltIn");
        }
        if (!builtInOnly) {
            imports.addAll(List.of("dev.arbor.io.ComponentLibrary", "java.util.ServiceLoader"));
            if (!imports.contains("dev.arbor.io.BuiltIn")) {
                imports.add("dev.arbor.io.BuiltIn");
            }
            imports.add("dev.arbor.io.ComponentRegistry");
            imports.add("java.util.function.Consumer");
        }
        if (assumes) {
            imports.addAll(List.of("dev.arbor.core.Action", "dev.arbor.core.Activity", "dev.arbor.core.Behavior",
                    "dev.arbor.core.Condition", "dev.arbor.core.Guard", "dev.arbor.core.MachineAction",
                    "dev.arbor.core.MachineCondition", "dev.arbor.core.MachineGuard", "dev.arbor.core.MachineStateAction",
                    "dev.arbor.core.StateAction", "dev.arbor.core.Substitution", "java.util.ArrayDeque", "java.util.HashMap",
                    "java.util.Map", "java.util.Optional"));
        }
        imports.stream().distinct().sorted((x, y) -> {
            boolean jx = x.startsWith("java.");
            boolean jy = y.startsWith("java.");
            boolean ox = x.startsWith("org.");
            boolean oy = y.startsWith("org.");
            int gx = ox ? 2 : jx ? 1 : 0;
            int gy = oy ? 2 : jy ? 1 : 0;
            return gx != gy ? Integer.compare(gx, gy) : x.compareTo(y);
        }).forEach(i -> line("import " + i + ";"));
        line("");
    }

    /** One path's test: start, then each input, each followed by the assertion on the active states. */
    private void test(Chart<?> chart, int number, InputPath path, String name) {
        line("");
        line("    @Test");
        line("    @DisplayName(" + literal("path " + number + ": " + path) + ")");
        line("    void " + name + "() {");
        line("        Run run = new Run();");
        assumptions(chart, path.start());
        line("        run.start();");
        line("        assertThat(run.active()).as(\"after the start\").containsExactly(" + states(path.start()) + ");");
        for (int i = 0; i < path.steps().size(); i++) {
            Step s = path.steps().get(i);
            assumptions(chart, s);
            line(s.input().isTick() ? "        run.tick();" : "        run.fire(" + literal(s.input().toString()) + ");");
            line("        assertThat(run.active()).as(" + literal("after input " + (i + 1) + ", " + s.input())
                    + ").containsExactly(" + states(s) + ");");
        }
        line("    }");
    }

    private void assumptions(Chart<?> chart, Step step) {
        for (Assumption x : step.assumptions()) {
            String call = switch (x.kind()) {
                case GUARD -> "run.assumeGuard(" + x.id() + ", " + x.holds() + ");";
                case FINISHED -> "run.assumeFinished(" + x.id() + ", " + x.holds() + ");";
                case DRAWN -> "run.assumeDrawn(" + x.id() + ", " + x.value() + ");";
            };
            line("        " + call + " // " + x.text().replace('\n', ' '));
        }
    }

    private static String states(Step s) {
        List<String> quoted = new ArrayList<>();
        s.active().forEach(n -> quoted.add(literal(n)));
        return String.join(", ", quoted);
    }

    private void libraries() {
        line("");
        line("    /** The component library of this name on the class path ({@code META-INF/services}). */");
        line("    @SuppressWarnings(\"unchecked\")");
        line("    private static ComponentLibrary<Object> library(String name) {");
        line("        for (ComponentLibrary<?> l : ServiceLoader.load(ComponentLibrary.class)) {");
        line("            if (l.name().equals(name)) {");
        line("                return (ComponentLibrary<Object>) l;");
        line("            }");
        line("        }");
        line("        throw new IllegalStateException(\"no component library named '\" + name + \"' on the class path\");");
        line("    }");
        line("");
        line("    /** The built-in components, as the library whose machines need no owner. */");
        line("    private static ComponentLibrary<Object> builtIn() {");
        line("        return new ComponentLibrary<>() {");
        line("            @Override");
        line("            public String name() {");
        line("                return BuiltIn.NAME;");
        line("            }");
        line("");
        line("            @Override");
        line("            public ComponentRegistry<Object> components() {");
        line("                return BuiltIn.components();");
        line("            }");
        line("");
        line("            @Override");
        line("            public Object newOwner(Consumer<String> log) {");
        line("                return null;");
        line("            }");
        line("        };");
        line("    }");
    }

    /** The machine a test drives: plain, or with the outcomes its path assumes forced. */
    private void run(boolean assumes, String owner) {
        line("");
        if (!assumes) {
            line("    /** A fresh machine of the chart. */");
            line("    private static final class Run {");
            line("        private final Machine<Object> machine = chart.newMachine(" + owner + ");");
        } else {
            line("    /**");
            line("     * A fresh machine of the chart in which the guards, Random draws and behaviours give, in the");
            line("     * next input only, the outcome assumed (in order, one each time the step tests them; the last");
            line("     * one for any further test), and run as written otherwise.");
            line("     */");
            line("    private static final class Run {");
            line("        private final Map<String, ArrayDeque<Integer>> assumed = new HashMap<>();");
            line("        private final Map<String, Integer> last = new HashMap<>();");
            line("        private final Machine<Object> machine;");
            line("");
            line("        Run() {");
            line("            machine = chart.substituted(new Substitution<>() {");
            line("                @Override");
            line("                public MachineGuard<Object, Object> guard(int transition, Object original) {");
            line("                    return (m, owner, event) -> {");
            line("                        Integer outcome = next(\"guard \" + transition);");
            line("                        return outcome != null ? outcome == 1 : test(original, m, owner, event);");
            line("                    };");
            line("                }");
            line("");
            line("                @Override");
            line("                public MachineAction<Object, Object> action(Site site, int id, Object original) {");
            line("                    Optional<String> drawn = BuiltIn.drawnVariable(original);");
            line("                    if (drawn.isEmpty()) {");
            line("                        return null;");
            line("                    }");
            line("                    int variable = chart.variableId(drawn.get());");
            line("                    return (m, owner, event) -> {");
            line("                        Integer value = next(\"drawn \" + variable);");
            line("                        if (value != null) {");
            line("                            m.variables().setValue(variable, value);");
            line("                        } else {");
            line("                            run(original, m, owner, event);");
            line("                        }");
            line("                    };");
            line("                }");
            line("");
            line("                @Override");
            line("                public Behavior<Object> behavior(int state, Behavior<Object> original) {");
            line("                    return new Behavior<>() {");
            line("                        @Override");
            line("                        public void onEnter(Object owner, Activity<Object> activity) {");
            line("                            original.onEnter(owner, activity);");
            line("                        }");
            line("");
            line("                        @Override");
            line("                        public void onUpdate(Object owner, Activity<Object> activity) {");
            line("                            original.onUpdate(owner, activity);");
            line("                        }");
            line("");
            line("                        @Override");
            line("                        public void onExit(Object owner, Activity<Object> activity) {");
            line("                            original.onExit(owner, activity);");
            line("                        }");
            line("");
            line("                        @Override");
            line("                        public boolean isFinished(Object owner, Activity<Object> activity) {");
            line("                            Integer finished = next(\"finished \" + state);");
            line("                            return finished != null ? finished == 1 : original.isFinished(owner, activity);");
            line("                        }");
            line("                    };");
            line("                }");
            line("            }).newMachine(" + owner + ");");
            line("        }");
            line("");
            line("        void assumeGuard(int transition, boolean holds) {");
            line("            assumed.computeIfAbsent(\"guard \" + transition, k -> new ArrayDeque<>()).add(holds ? 1 : 0);");
            line("        }");
            line("");
            line("        void assumeDrawn(int variable, int value) {");
            line("            assumed.computeIfAbsent(\"drawn \" + variable, k -> new ArrayDeque<>()).add(value);");
            line("        }");
            line("");
            line("        void assumeFinished(int state, boolean finished) {");
            line("            assumed.computeIfAbsent(\"finished \" + state, k -> new ArrayDeque<>()).add(finished ? 1 : 0);");
            line("        }");
            line("");
            line("        private Integer next(String what) {");
            line("            ArrayDeque<Integer> queued = assumed.get(what);");
            line("            if (queued != null && !queued.isEmpty()) {");
            line("                last.put(what, queued.peek());");
            line("                return queued.poll();");
            line("            }");
            line("            return last.get(what);");
            line("        }");
            line("");
            line("        @SuppressWarnings({\"unchecked\", \"rawtypes\"})");
            line("        private static boolean test(Object g, Machine m, Object owner, Object event) {");
            line("            if (g instanceof MachineGuard mg) {");
            line("                return mg.test(m, owner, event);");
            line("            }");
            line("            if (g instanceof MachineCondition mc) {");
            line("                return mc.test(m, owner);");
            line("            }");
            line("            if (g instanceof Guard gg) {");
            line("                return gg.test(owner, event);");
            line("            }");
            line("            return ((Condition) g).test(owner);");
            line("        }");
            line("");
            line("        @SuppressWarnings({\"unchecked\", \"rawtypes\"})");
            line("        private static void run(Object a, Machine m, Object owner, Object event) {");
            line("            if (a instanceof MachineAction ma) {");
            line("                ma.run(m, owner, event);");
            line("            } else if (a instanceof Action ac) {");
            line("                ac.run(owner, event);");
            line("            } else if (a instanceof MachineStateAction msa) {");
            line("                msa.run(m, owner);");
            line("            } else {");
            line("                ((StateAction) a).run(owner);");
            line("            }");
            line("        }");
        }
        line("");
        line("        void start() {");
        line("            machine.start();");
        if (assumes) {
            line("            stepDone();");
        }
        line("        }");
        line("");
        line("        void fire(String event) {");
        line("            machine.fire(event);");
        if (assumes) {
            line("            stepDone();");
        }
        line("        }");
        line("");
        line("        void tick() {");
        line("            machine.update();");
        if (assumes) {
            line("            stepDone();");
        }
        line("        }");
        if (assumes) {
            line("");
            line("        private void stepDone() {");
            line("            assumed.clear();");
            line("            last.clear();");
            line("        }");
        }
        line("");
        line("        /** The active states, outermost first, the root left out. */");
        line("        List<String> active() {");
        line("            List<String> names = new ArrayList<>();");
        line("            for (int s : machine.snapshot().active()) {");
        line("                if (s != 0) {");
        line("                    names.add(chart.stateName(s));");
        line("                }");
        line("            }");
        line("            return names;");
        line("        }");
        line("    }");
    }

    private void line(String text) {
        out.append(text).append('\n');
    }

    /** A Java class name from a file's base name: {@code door-locked-out} gives {@code DoorLockedOut}. */
    static String className(String base) {
        StringBuilder b = new StringBuilder();
        for (String part : base.split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return b.length() == 0 || !Character.isJavaIdentifierStart(b.charAt(0)) ? "Chart" + b : b.toString();
    }

    /** A test method's name from its path's: {@code door-to-broken} gives {@code toBroken}. */
    static String testName(String base, String name) {
        String rest = name.startsWith(base + "-") ? name.substring(base.length() + 1) : name;
        String camel = className(rest);
        return camel.substring(0, 1).toLowerCase(Locale.ROOT) + camel.substring(1);
    }

    /** A Java string literal. */
    static String literal(String text) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (ch < ' ' || ch == 0x7f) {
                        b.append(String.format("\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
