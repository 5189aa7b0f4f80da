package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The layers of arbor-core (docs/architecture.md), checked on the compiled classes: a dependency
 * that runs the wrong way, or a cycle between packages, fails the build with the classes that make
 * it. What the restructuring has not yet removed is listed here by name, so that the list can
 * only shrink: a listed dependency that no longer exists fails too, until it is struck off.
 */
class ArchitectureTest {
    private static final String API = "dev.arbor.core";
    private static final String MODEL = "dev.arbor.core.model";

    /**
     * The API's value types the chart model still names: the declared variables and behaviours it
     * holds, the event types whose names it resolves, and the exception its checks throw. Nothing
     * else of the API: no Machine, Chart, builder or step.
     */
    private static final Set<String> VALUE_TYPES_THE_MODEL_NAMES = Set.of(
            "dev.arbor.core.Variable", "dev.arbor.core.Behavior", "dev.arbor.core.NamedEvent", "dev.arbor.core.Done",
            "dev.arbor.core.ChartDefinitionException");

    /** Dependencies that close a cycle between packages today, as "from -> to" top-level classes. */
    private static final Set<String> KNOWN_CYCLE_EDGES = Set.of(
            // A machine knows the dispatcher it is an agent of (for the built-in Send action).
            "dev.arbor.core.Machine -> dev.arbor.core.dispatch.Dispatcher");

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(API);

    @Test
    void theModelNamesNothingOfTheApiButItsValueTypes() {
        Set<String> upward = new TreeSet<>();
        Set<String> named = new TreeSet<>();
        for (JavaClass c : CORE) {
            if (!c.getPackageName().equals(MODEL)) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = topLevel(d.getTargetClass());
                if (!target.getPackageName().equals(API)) {
                    continue;
                }
                if (VALUE_TYPES_THE_MODEL_NAMES.contains(target.getName())) {
                    named.add(target.getName());
                } else {
                    upward.add(d.getDescription());
                }
            }
        }
        assertThat(upward).as("the model depends on the API's machinery").isEmpty();
        assertThat(named).as("value types the model names (strike off those it no longer names)")
                .isEqualTo(new TreeSet<>(VALUE_TYPES_THE_MODEL_NAMES));
    }

    @Test
    void thePackagesFormNoCycleButTheKnownOnes() {
        // The package graph, each edge with the class dependencies that make it; the model's value
        // types (checked above) and the known cycles' edges left out.
        TreeMap<String, TreeMap<String, Set<String>>> edges = new TreeMap<>();
        Set<String> known = new TreeSet<>();
        for (JavaClass c : CORE) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = topLevel(d.getTargetClass());
                String from = c.getPackageName();
                String to = target.getPackageName();
                String edge = topLevel(c).getName() + " -> " + target.getName();
                if (from.equals(to) || !to.startsWith(API)
                        || from.equals(MODEL) && VALUE_TYPES_THE_MODEL_NAMES.contains(target.getName())) {
                    continue;
                }
                if (KNOWN_CYCLE_EDGES.contains(edge)) {
                    known.add(edge);
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
        assertThat(known).as("the known cycles' edges (strike off those that are gone)")
                .isEqualTo(new TreeSet<>(KNOWN_CYCLE_EDGES));
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
