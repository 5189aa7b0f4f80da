package dev.arbor.bench;

import com.github.oxo42.stateless4j.StateMachine;
import com.github.oxo42.stateless4j.StateMachineConfig;
import dev.arbor.bench.agents.Npc;
import dev.arbor.bench.agents.NpcChart;
import dev.arbor.bench.agents.SwitchNpc;
import dev.arbor.bench.peers.ArborPeer;
import dev.arbor.bench.peers.GdxAiPeer;
import dev.arbor.bench.peers.Q;
import dev.arbor.bench.peers.QhsmOwner;
import dev.arbor.bench.peers.ScxmlPeer;
import dev.arbor.bench.peers.SpringPeer;
import dev.arbor.bench.peers.SquirrelPeer;
import dev.arbor.bench.peers.Stateless4jPeer;
import dev.arbor.bench.peers.SwitchPeer;
import dev.arbor.core.Machine;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.commons.scxml.SCXMLExecutor;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * Workload 3's memory half: retained bytes per started, idle machine beyond its owner, for Arbor
 * and for every peer, on QHsmTst (the same chart everywhere) and on workload 3's agent chart.
 * What a chart definition shares between machines (Arbor's Chart, squirrel's builder, the parsed
 * SCXML document, a stateless4j configuration, gdx-ai's state enum) is not counted; what each
 * machine holds is. Spring Statemachine has no shared definition (each machine is built with its
 * own states and transitions), so all of it is counted.
 *
 * <p>Two measurements, side by side:
 * <ul>
 *   <li><b>JOL</b>: the reachable object graph of n machines minus that of their n owners, as the
 *       slope between n/2 and n (so everything shared, counted once, cancels out);</li>
 *   <li><b>heap</b>: used heap after repeated {@code System.gc()} with n owners, then with their
 *       n machines as well; the difference over n. A cross-check, noisier.</li>
 * </ul>
 *
 * <p>Run (after {@code mvn -q -pl arbor-bench -am -DskipTests package}):
 * <pre>
 * java -Xmx4g -cp arbor-bench/target/benchmarks.jar dev.arbor.bench.Footprint
 * </pre>
 * The {@code bench} profile runs it after the JMH benchmarks. Takes about a minute.
 */
public final class Footprint {

    /** One kind of machine: how to make an owner, and a started machine for it. */
    record Case(String name, int jolCount, int heapCount, Supplier<Object> owner, Function<Object, Object> machine) {}

    static final StateMachineConfig<Stateless4jPeer.St, Object> SHARED_STATELESS4J_CONFIG =
            Stateless4jPeer.config(new QhsmOwner());

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("QHsmTst ARBOR", 100_000, 1_000_000, QhsmOwner::new, o -> {
            Machine<QhsmOwner> m = ArborPeer.CHART.newMachine((QhsmOwner) o);
            m.start();
            m.fire(dev.arbor.bench.peers.Sig.A); // one step taken: whatever a step creates lazily is there
            return m;
        }));
        cases.add(new Case("QHsmTst SWITCH", 100_000, 1_000_000, QhsmOwner::new, o -> {
            SwitchPeer p = new SwitchPeer((QhsmOwner) o);
            p.start();
            return p;
        }));
        cases.add(new Case("QHsmTst GDX_AI", 100_000, 1_000_000, QhsmOwner::new, o -> {
            GdxAiPeer.Agent a = new GdxAiPeer.Agent((QhsmOwner) o);
            GdxAiPeer.start(a);
            return a;
        }));
        cases.add(new Case("QHsmTst STATELESS4J", 100_000, 1_000_000, QhsmOwner::new, o -> {
            StateMachine<Stateless4jPeer.St, Object> m = new StateMachine<>(Stateless4jPeer.St.ROOT, SHARED_STATELESS4J_CONFIG);
            m.fire(Stateless4jPeer.START);
            return m;
        }));
        cases.add(new Case("QHsmTst SQUIRREL", 10_000, 20_000, QhsmOwner::new, o -> {
            SquirrelPeer.Hsm m = SquirrelPeer.BUILDER.newStateMachine(Q.S2);
            m.start((QhsmOwner) o);
            return m;
        }));
        cases.add(new Case("QHsmTst COMMONS_SCXML", 5_000, 10_000, QhsmOwner::new, o -> {
            SCXMLExecutor e = ScxmlPeer.newExecutor((QhsmOwner) o);
            try {
                e.go();
            } catch (Exception ex) {
                throw new IllegalStateException(ex);
            }
            return e;
        }));
        cases.add(new Case("QHsmTst SPRING", 200, 400, QhsmOwner::new, o -> {
            try {
                var m = SpringPeer.build((QhsmOwner) o);
                m.startReactively().block();
                return m;
            } catch (Exception ex) {
                throw new IllegalStateException(ex);
            }
        }));
        cases.add(new Case("agent chart ARBOR", 100_000, 1_000_000, Npc::new, o -> {
            Machine<Npc> m = NpcChart.CHART.newMachine((Npc) o);
            m.start();
            m.update();
            return m;
        }));
        cases.add(new Case("agent chart SWITCH", 100_000, 1_000_000, Npc::new, o -> {
            SwitchNpc s = new SwitchNpc((Npc) o);
            s.update();
            return s;
        }));
        return cases;
    }

    public static void main(String[] args) {
        // Lambdas are hidden classes, whose field offsets Unsafe will not give: let JOL find them itself.
        System.setProperty("jol.magicFieldOffset", "true");
        String only = args.length > 0 ? args[0].toUpperCase(Locale.ROOT) : null;
        System.out.printf("%-24s %14s %14s%n", "machine", "JOL B/machine", "heap B/machine");
        for (Case c : cases()) {
            if (only != null && !c.name().toUpperCase(Locale.ROOT).contains(only)) {
                continue;
            }
            c.machine().apply(c.owner().get()); // initialise shared definitions first
            double jol = jolBytesPerMachine(c);
            double heap = heapBytesPerMachine(c);
            System.out.printf("%-24s %14.1f %14.1f%n", c.name(), jol, heap);
        }
    }

    static double jolBytesPerMachine(Case c) {
        int n2 = c.jolCount();
        int n1 = n2 / 2;
        return (retained(c, n2) - retained(c, n1)) / (double) (n2 - n1);
    }

    /** Bytes reachable from n machines (or their owners) but not from the owners alone, less the array holding the machines. */
    private static long retained(Case c, int n) {
        Object[] owners = new Object[n];
        Object[] machines = new Object[n];
        for (int i = 0; i < n; i++) {
            owners[i] = c.owner().get();
            machines[i] = c.machine().apply(owners[i]);
        }
        return GraphLayout.parseInstance(machines, owners).totalSize()
                - GraphLayout.parseInstance((Object) owners).totalSize()
                - VM.current().sizeOf(machines);
    }

    static double heapBytesPerMachine(Case c) {
        int n = c.heapCount();
        Object[] owners = new Object[n];
        for (int i = 0; i < n; i++) {
            owners[i] = c.owner().get();
        }
        Object[] machines = new Object[n];
        long before = usedHeap();
        for (int i = 0; i < n; i++) {
            machines[i] = c.machine().apply(owners[i]);
        }
        long after = usedHeap();
        double perMachine = (after - before) / (double) n; // the machines array was allocated before "before"
        if (machines[n - 1] == null || owners[n - 1] == null) {
            throw new AssertionError();
        }
        return perMachine;
    }

    private static long usedHeap() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    private Footprint() {}
}
