package dev.arbor.core.typed;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the typed face refuses, refused by the compiler: small sources compiled with the JDK's
 * compiler against arbor-core's classes. Each line marked {@code // does not compile} must fail
 * with an error on that line (a state where an event belongs, an event where a state belongs, a
 * constant of another enum, a class outside the event type), and no other line may fail: the
 * same uses in their right form compile, and so do the wrong ones through the untyped API, which
 * is why the typed face exists.
 */
class TypedChartCompileTest {

    static final String MARK = "// does not compile";

    /** Types the sources share: an owner, a chart's states and events, and strangers to them. */
    static final String TYPES = """
            package snippets;

            class Guard {
                boolean rested() { return true; }
                void drawSword() {}
            }

            enum Ev { SEE_ENEMY, LOST_ENEMY, ARRIVED }

            enum St { PATROL, WALK, WAIT, WAIT_HISTORY, COMBAT }

            enum Other { SEE_ENEMY, PATROL }

            sealed interface Msg permits Hit, Ping {}

            record Hit(int damage) implements Msg {}

            enum Ping implements Msg { PING }

            record Stranger(int x) {}
            """;

    /** The right forms, typed, and the wrong ones untyped (where they compile, and fail at run time or never fire). */
    static final String RIGHT = """
            package snippets;

            import dev.arbor.core.Chart;
            import dev.arbor.core.HistoryType;
            import dev.arbor.core.Machine;
            import dev.arbor.core.typed.TypedChart;
            import dev.arbor.core.typed.TypedMachine;
            import java.util.List;

            class Right {
                static TypedChart<Guard, St, Ev> chart() {
                    return TypedChart.builder("guard", Guard.class, St.class, Ev.class)
                            .initial(St.PATROL)
                            .state(St.PATROL, p -> {
                                p.initial(St.WALK);
                                p.history(St.WAIT_HISTORY, HistoryType.SHALLOW, St.WAIT);
                                p.on(Ev.SEE_ENEMY).guard((g, e) -> e == Ev.SEE_ENEMY).target(St.COMBAT);
                                p.state(St.WALK, w -> w.on(Ev.ARRIVED).plan(St.WAIT, St.WALK));
                                p.state(St.WAIT, w -> w.when(Guard::rested).target(St.WALK));
                                p.defer(Ev.LOST_ENEMY);
                            })
                            .state(St.COMBAT, c -> {
                                c.onEntry(Guard::drawSword);
                                c.on(Ev.LOST_ENEMY).target(St.WAIT_HISTORY);
                                c.onDone(St.PATROL).target(St.PATROL);
                            })
                            .build();
                }

                static void run(Guard g) {
                    TypedMachine<Guard, St, Ev> npc = chart().newMachine(g);
                    npc.start();
                    npc.fire(Ev.SEE_ENEMY);
                    npc.post(Ev.ARRIVED);
                    npc.goTo(St.WALK);
                    npc.push(St.COMBAT);
                    boolean fighting = npc.isIn(St.COMBAT);
                    List<St> states = npc.activeStates();
                }

                static TypedChart<Guard, St, Msg> records() {
                    return TypedChart.builder("records", Guard.class, St.class, Msg.class)
                            .initial(St.PATROL)
                            .state(St.PATROL, p -> {
                                p.on(Hit.class).guard((g, hit) -> hit.damage() > 3).target(St.COMBAT);
                                p.on(Ping.PING).target(St.WALK);
                                p.defer(Hit.class);
                            })
                            .state(St.WALK)
                            .state(St.COMBAT)
                            .build();
                }

                static void untyped(Machine<Guard> npc) {
                    Chart.<Guard>builder("untyped").initial(St.PATROL).state(St.PATROL, p -> p.on(Ev.SEE_ENEMY).target(Ev.SEE_ENEMY));
                    npc.fire(St.COMBAT);
                    npc.fire(Other.SEE_ENEMY);
                    npc.isIn(Ev.SEE_ENEMY);
                }
            }
            """;

    static final String WRONG = """
            package snippets;

            import dev.arbor.core.HistoryType;
            import dev.arbor.core.typed.TypedChart;
            import dev.arbor.core.typed.TypedChartBuilder;
            import dev.arbor.core.typed.TypedMachine;
            import java.util.List;

            class Wrong {
                static TypedChartBuilder<Guard, St, Ev> b() {
                    return TypedChart.builder("guard", Guard.class, St.class, Ev.class);
                }

                static void machine(TypedMachine<Guard, St, Ev> npc) {
                    npc.fire(St.COMBAT); // does not compile: a state where an event belongs
                    npc.fire(Other.SEE_ENEMY); // does not compile: a constant of another enum
                    npc.post(St.WALK); // does not compile
                    npc.raise(St.WALK); // does not compile
                    npc.isIn(Ev.SEE_ENEMY); // does not compile: an event where a state belongs
                    npc.goTo(Ev.ARRIVED); // does not compile
                    npc.push(Other.PATROL); // does not compile
                    List<Ev> states = npc.activeStates(); // does not compile
                }

                static void builder() {
                    b().state(St.PATROL, p -> p.on(Ev.SEE_ENEMY).target(Ev.SEE_ENEMY)); // does not compile: an event as a target
                    b().state(St.PATROL, p -> p.on(St.COMBAT).target(St.COMBAT)); // does not compile: a state as a trigger
                    b().initial(Ev.SEE_ENEMY); // does not compile
                    b().state(Ev.ARRIVED); // does not compile: an event as a state
                    b().state(Other.PATROL); // does not compile
                    b().state(St.PATROL, p -> p.on(Stranger.class)); // does not compile: a class outside the event type
                    b().state(St.PATROL, p -> p.defer(St.WALK)); // does not compile
                    b().state(St.PATROL, p -> p.defer(Stranger.class)); // does not compile
                    b().state(St.PATROL, p -> p.on(Ev.ARRIVED).plan(St.WALK, Ev.ARRIVED)); // does not compile
                    b().state(St.PATROL, p -> p.history(St.WAIT_HISTORY, HistoryType.SHALLOW, Ev.ARRIVED)); // does not compile
                    b().state(St.PATROL, p -> p.onDone(Ev.ARRIVED)); // does not compile
                    b().state(St.PATROL, p -> p.then(Ev.ARRIVED)); // does not compile
                }

                static void records() {
                    TypedChart.builder("records", Guard.class, St.class, Msg.class)
                            .state(St.PATROL, p -> p.on(Hit.class).guard((g, hit) -> hit.x() > 3)); // does not compile: Hit has no x
                    TypedChart.builder("records", Guard.class, St.class, Msg.class)
                            .state(St.PATROL, p -> p.on(Ev.SEE_ENEMY)); // does not compile: not a Msg
                }
            }
            """;

    /** A source held in memory. */
    static final class Source extends SimpleJavaFileObject {
        final String name;
        final String text;

        Source(String name, String text) {
            super(URI.create("string:///snippets/" + name + ".java"), Kind.SOURCE);
            this.name = name;
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** The 1-based numbers of the lines of {@code text} that carry the mark. */
    static TreeSet<Long> markedLines(String text) {
        TreeSet<Long> lines = new TreeSet<>();
        String[] all = text.split("\n", -1);
        for (int i = 0; i < all.length; i++) {
            if (all[i].contains(MARK)) {
                lines.add(i + 1L);
            }
        }
        return lines;
    }

    /**
     * One compilation of all three sources (the JDK's compiler is slow to start, so it starts
     * once): it attributes every class even after errors, so the right forms are checked in it
     * as fully as alone.
     */
    @Test
    void everyMarkedLineFailsToCompileAndEveryOtherLineCompiles(@TempDir Path out) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("the JDK's compiler (tests run on a JDK)").isNotNull();
        String arborCore = Path.of(TypedChart.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<Source> sources = List.of(new Source("Types", TYPES), new Source("Right", RIGHT), new Source("Wrong", WRONG));
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<String> options = List.of("--release", "17", "-proc:none", "-Xmaxerrs", "1000",
                "-classpath", arborCore, "-d", out.toString());

        boolean compiled = javac.getTask(null, null, diagnostics, options, null, sources).call();

        Map<String, TreeSet<Long>> errorLines = new TreeMap<>();
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String file = ((Source) d.getSource()).name;
                errorLines.computeIfAbsent(file, k -> new TreeSet<>()).add(d.getLineNumber());
                errors.add(file + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT).lines().findFirst().orElse(""));
            }
        }
        assertThat(compiled).as("the wrong forms fail the compilation").isFalse();
        assertThat(markedLines(WRONG)).as("the marked lines").hasSize(22);
        assertThat(errorLines).as("lines with errors, by file:%n%s", String.join(System.lineSeparator(), errors))
                .containsOnlyKeys("Wrong")
                .containsEntry("Wrong", markedLines(WRONG));
    }
}
