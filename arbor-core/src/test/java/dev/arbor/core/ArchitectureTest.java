package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The layers of arbor-core (docs/architecture.md), checked on the compiled classes. From the top:
 * the API's face ({@code dev.arbor.core}: Chart, Machine, the builders), the speed tier
 * ({@code speed}), the semantics ({@code semantics}), the chart model ({@code model}). Each names
 * only what is below it; the speed tier is named by nobody (the semantics finds it by name).
 *
 * <p>The engine hands the user's code and listeners its own vocabulary, which lives in the API
 * package because users import it from there: the interfaces they implement (actions, guards,
 * listeners, behaviours, handlers), the events, values and exceptions the engine hands back, and
 * the {@code Machine} itself, which every callback receives. Those are the only API types the
 * layers below may name, listed here per layer, so that a new upward dependency fails the build
 * with the classes that make it, and a list entry no longer used fails until it is struck off.
 * The package graph has no cycle once those vocabulary edges are left out.
 *
 * <p>The typed face ({@code typed}) sits on top: it names the API's public types only, none of the
 * engine's layers, and nothing else in arbor-core names it, so the engine is the same with or
 * without it.
 */
class ArchitectureTest {
    private static final String API = "dev.arbor.core";
    private static final String MODEL = "dev.arbor.core.model";
    private static final String SEMANTICS = "dev.arbor.core.semantics";
    private static final String SPEED = "dev.arbor.core.speed";
    /** The typed face: a layer on top of the API, which names the API's public types and nothing below. */
    private static final String TYPED = "dev.arbor.core.typed";

    /** The API types the chart model names: the declared variables and behaviours it holds, the event types it resolves, the exception its checks throw. */
    private static final Set<String> MODEL_VOCABULARY = Set.of(
            "Variable", "Behavior", "NamedEvent", "Done", "ChartDefinitionException");

    /**
     * The API types the semantics names: the user's functions it calls, the listener it tells,
     * the machine it hands them, the events and errors it raises, the exceptions it throws, the
     * snapshot and migration values it fills, and the variables it keeps.
     */
    private static final Set<String> SEMANTICS_VOCABULARY = Set.of(
            "Action", "Activity", "Behavior", "Cause", "Condition", "Done", "ExecutionError", "Guard",
            "Machine", "MachineAction", "MachineCondition", "MachineGuard", "MachineListener",
            "MachineStateAction", "Reply", "StateAction", "StateHandler", "Transitions", "Variable",
            "ActionFailedException", "DeferralOverflowException", "LivelockException",
            "Chart", "MachineState", "MachineStateBuffer", "MigrationReport", "Variables");

    /** The API types the speed tier names: the user's functions its adapters call (a cast to the machine they take is not seen). */
    private static final Set<String> SPEED_VOCABULARY = Set.of(
            "Action", "Condition", "Guard", "MachineAction", "MachineCondition", "MachineGuard",
            "MachineStateAction", "Reply", "StateAction", "StateHandler", "Transitions");

    /** What each layer may name of the engine's other layers. */
    private static final Map<String, Set<String>> BELOW = Map.of(
            MODEL, Set.of(),
            SEMANTICS, Set.of(MODEL),
            SPEED, Set.of(SEMANTICS, MODEL));

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(API);

    @Test
    void eachLayerNamesOnlyTheLayersBelowItAndTheApisVocabulary() {
        Map<String, Set<String>> vocabulary = Map.of(
                MODEL, MODEL_VOCABULARY, SEMANTICS, SEMANTICS_VOCABULARY, SPEED, SPEED_VOCABULARY);
        Set<String> upward = new TreeSet<>();
        Map<String, Set<String>> named = new TreeMap<>();
        for (JavaClass c : CORE) {
            String layer = c.getPackageName();
            if (!BELOW.containsKey(layer)) {
                continue;
            }
            named.putIfAbsent(layer, new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = topLevel(d.getTargetClass());
                String to = target.getPackageName();
                if (to.equals(layer) || !to.startsWith(API) || BELOW.get(layer).contains(to)
                        || to.startsWith(API + ".shaded.")) {
                    continue;
                }
                if (to.equals(API) && vocabulary.get(layer).contains(target.getSimpleName())) {
                    named.get(layer).add(target.getSimpleName());
                } else {
                    upward.add(d.getDescription());
                }
            }
        }
        assertThat(upward).as("dependencies on a layer above, or on the API beyond its vocabulary").isEmpty();
        vocabulary.forEach((layer, types) -> assertThat(named.get(layer))
                .as("the API vocabulary %s names (strike off what it no longer names)", layer)
                .isEqualTo(new TreeSet<>(types)));
    }

    @Test
    void theTypedFaceNamesOnlyThePublicApiAndNothingNamesIt() {
        Set<String> wrong = new TreeSet<>();
        boolean typedSeen = false;
        for (JavaClass c : CORE) {
            boolean inTyped = c.getPackageName().equals(TYPED);
            typedSeen |= inTyped;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = topLevel(d.getTargetClass());
                String to = target.getPackageName();
                if (inTyped && to.startsWith(API) && !to.equals(TYPED)
                        && !(to.equals(API) && target.getModifiers().contains(JavaModifier.PUBLIC))) {
                    wrong.add(d.getDescription());
                }
                if (!inTyped && to.equals(TYPED)) {
                    wrong.add(d.getDescription());
                }
            }
        }
        assertThat(typedSeen).as("the typed face's classes were imported").isTrue();
        assertThat(wrong).as("the typed face naming more than the API's public types, or named by the engine").isEmpty();
    }

    @Test
    void thePackagesFormNoCycle() {
        // The package graph, each edge with the class dependencies that make it; the engine's
        // edges into the API's vocabulary (checked above) left out.
        TreeMap<String, TreeMap<String, Set<String>>> edges = new TreeMap<>();
        for (JavaClass c : CORE) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = topLevel(d.getTargetClass());
                String from = c.getPackageName();
                String to = target.getPackageName();
                String edge = topLevel(c).getName() + " -> " + target.getName();
                if (from.equals(to) || !to.startsWith(API) || BELOW.containsKey(from) && to.equals(API)) {
                    continue;
                }
                edges.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>()).add(edge);
            }
        }
        // An edge closes a cycle when its target package reaches its source package.
        Set<String> inCycles = new TreeSet<>();
        edges.forEach((from, tos) -> tos.forEach((to, classEdges) -> {
            if (reaches(edges, to, from)) {
                inCycles.addAll(classEdges);
            }
        }));
        assertThat(inCycles).as("class dependencies that close a cycle between packages (docs/architecture.md)").isEmpty();
    }

    @Test
    void theSemanticsAndTheModelNeverNameTheSpeedTier() {
        Set<String> naming = new TreeSet<>();
        for (JavaClass c : CORE) {
            if (c.getPackageName().equals(SPEED)) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if (d.getTargetClass().getPackageName().equals(SPEED)) {
                    naming.add(d.getDescription());
                }
            }
        }
        assertThat(naming).as("the speed tier is found by name when a chart is built, never named").isEmpty();
    }

    private static boolean reaches(TreeMap<String, TreeMap<String, Set<String>>> edges, String from, String to) {
        Deque<String> toVisit = new ArrayDeque<>(Set.of(from));
        Set<String> seen = new TreeSet<>();
        while (!toVisit.isEmpty()) {
            String p = toVisit.pop();
            if (p.equals(to)) {
                return true;
            }
            if (seen.add(p)) {
                toVisit.addAll(edges.getOrDefault(p, new TreeMap<>()).keySet());
            }
        }
        return false;
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass t = c.isArray() ? c.getBaseComponentType() : c;
        while (t.getEnclosingClass().isPresent()) {
            t = t.getEnclosingClass().get();
        }
        return t;
    }
}
