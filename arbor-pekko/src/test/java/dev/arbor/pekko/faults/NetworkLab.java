package dev.arbor.pekko.faults;

import static dev.arbor.pekko.faults.Shell.quietly;
import static dev.arbor.pekko.faults.Shell.run;

import java.util.ArrayList;
import java.util.List;

/**
 * The suite's network: a Linux network namespace per node, a veth pair per pair of nodes, and a
 * veth pair from each node to the host's namespace, where the database listens. Every address is
 * the lab's own ({@value #PREFIX}.0/24): a node's on its namespace's loopback, the database's on
 * the host's loopback (the host's namespace reaches it; the nodes reach it over their link to the
 * host). A node reaches another by a host route over their pair's link; cutting a pair removes
 * those routes, both ways, and the packets then meet the namespace's blackhole route for the lab's
 * addresses: the kernel drops them (no tc netem or iptables is needed, nor the dummy interface,
 * which not every kernel has). Pairs are cut one by one, so a partition need not be transitive.
 */
final class NetworkLab implements AutoCloseable {
    static final String PREFIX = "10.78.0";
    static final String DATABASE = PREFIX + ".100";
    private static final String NAMESPACE = "arbor-f";

    private final int nodes;

    private NetworkLab(int nodes) {
        this.nodes = nodes;
    }

    /**
     * Whether this process may make network namespaces: it must run as root (or with
     * {@code CAP_NET_ADMIN}) on Linux with {@code ip}.
     *
     * @return null when it may, else the reason it may not
     */
    static String unavailable() {
        try {
            quietly("ip", "netns", "del", NAMESPACE + "probe");
            run("ip", "netns", "add", NAMESPACE + "probe");
            run("ip", "netns", "del", NAMESPACE + "probe");
            return null;
        } catch (IllegalStateException e) {
            return "no network namespaces can be made here (" + e.getMessage() + ")";
        }
    }

    /**
     * Makes the namespaces and links of {@code nodes} nodes, every pair connected, after removing
     * what an earlier run that did not finish may have left.
     *
     * @param nodes how many nodes, at most 9
     * @return the lab, to close when done
     */
    static NetworkLab create(int nodes) {
        NetworkLab lab = new NetworkLab(nodes);
        lab.removeLeftovers();
        try {
            lab.build();
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
        return lab;
    }

    /** {@return the namespace of node {@code i}, from 1} */
    static String namespace(int i) {
        return NAMESPACE + i;
    }

    /** {@return node {@code i}'s address} */
    static String address(int i) {
        return PREFIX + "." + i;
    }

    /** {@return every node's address, node 1's first} */
    List<String> addresses() {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            out.add(address(i));
        }
        return out;
    }

    private void build() {
        run("ip", "addr", "add", DATABASE + "/32", "dev", "lo");
        for (int i = 1; i <= nodes; i++) {
            String ns = namespace(i);
            run("ip", "netns", "add", ns);
            run("ip", "-n", ns, "link", "set", "lo", "up");
            run("ip", "-n", ns, "addr", "add", address(i) + "/32", "dev", "lo");
            run("ip", "-n", ns, "route", "add", "blackhole", PREFIX + ".0/24", "metric", "100");
            // to the database, in the host's namespace
            run("ip", "link", "add", "fa-db" + i, "type", "veth", "peer", "name", "db", "netns", ns);
            run("ip", "link", "set", "fa-db" + i, "up");
            run("ip", "-n", ns, "link", "set", "db", "up");
            run("ip", "route", "add", address(i) + "/32", "dev", "fa-db" + i);
            run("ip", "-n", ns, "route", "add", DATABASE + "/32", "dev", "db");
        }
        for (int i = 1; i <= nodes; i++) {
            for (int j = i + 1; j <= nodes; j++) {
                run("ip", "link", "add", link(i, j), "netns", namespace(i), "type", "veth", "peer", "name", link(j, i),
                        "netns", namespace(j));
                run("ip", "-n", namespace(i), "link", "set", link(i, j), "up");
                run("ip", "-n", namespace(j), "link", "set", link(j, i), "up");
                restore(i, j);
            }
        }
    }

    private static String link(int from, int to) {
        return "fa" + from + "-" + to;
    }

    /**
     * Cuts the link between two nodes, both ways: their packets to each other are dropped.
     *
     * @param i a node
     * @param j another node
     */
    void cut(int i, int j) {
        quietly("ip", "-n", namespace(i), "route", "del", address(j) + "/32", "dev", link(i, j));
        quietly("ip", "-n", namespace(j), "route", "del", address(i) + "/32", "dev", link(j, i));
    }

    /**
     * Restores the link between two nodes.
     *
     * @param i a node
     * @param j another node
     */
    void restore(int i, int j) {
        run("ip", "-n", namespace(i), "route", "replace", address(j) + "/32", "dev", link(i, j));
        run("ip", "-n", namespace(j), "route", "replace", address(i) + "/32", "dev", link(j, i));
    }

    /**
     * Cuts every link between two groups of nodes (links within a group stay).
     *
     * @param one a group
     * @param other another group
     */
    void cut(int[] one, int[] other) {
        for (int i : one) {
            for (int j : other) {
                cut(i, j);
            }
        }
    }

    /** Restores every link between nodes. */
    void heal() {
        for (int i = 1; i <= nodes; i++) {
            for (int j = i + 1; j <= nodes; j++) {
                restore(i, j);
            }
        }
    }

    private void removeLeftovers() {
        for (String ns : labNamespaces()) {
            killProcessesIn(ns);
            quietly("ip", "netns", "del", ns);
        }
        quietly("ip", "addr", "del", DATABASE + "/32", "dev", "lo");
        for (int i = 1; i <= 9; i++) {
            quietly("ip", "link", "del", "fa-db" + i);
        }
    }

    /**
     * What a lab left on this machine: its namespaces, its links in the host's namespace and the
     * database's address. A closed lab leaves nothing.
     *
     * @return one line per thing left, empty when there is none
     */
    static List<String> leftovers() {
        List<String> out = new ArrayList<>();
        labNamespaces().forEach(ns -> out.add("namespace " + ns));
        run("ip", "-o", "link", "show").lines().map(l -> l.split(": ")[1].split("@")[0])
                .filter(link -> link.startsWith("fa-db")).forEach(link -> out.add("link " + link));
        if (run("ip", "-o", "addr", "show", "dev", "lo").contains(" " + DATABASE + "/")) {
            out.add("address " + DATABASE + " on lo");
        }
        return out;
    }

    /** {@return the lab's namespaces on this machine, of this run or an earlier one} */
    private static List<String> labNamespaces() {
        return run("ip", "netns", "list").lines().map(l -> l.split(" ")[0]).filter(ns -> ns.startsWith(NAMESPACE))
                .toList();
    }

    private static void killProcessesIn(String ns) {
        for (String pid : run("ip", "netns", "pids", ns).lines().map(String::strip).filter(s -> !s.isEmpty()).toList()) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Kills what runs in the namespaces, then removes them, their links and the database's address. */
    @Override
    public void close() {
        for (int i = 1; i <= nodes; i++) {
            try {
                killProcessesIn(namespace(i));
            } catch (IllegalStateException gone) {
                // no such namespace
            }
        }
        removeLeftovers();
    }
}
