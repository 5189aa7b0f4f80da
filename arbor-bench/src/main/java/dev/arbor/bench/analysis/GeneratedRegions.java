package dev.arbor.bench.analysis;

import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.StateBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A chart of a given number of states in parallel regions, drawn from a seed: what a large NPC
 * chart looks like to the analysis. Each region is a tree of compound states two levels deep over
 * its leaves; each leaf reacts to a few of the chart's eight events, the same events in every
 * region (an NPC's senses), moving to another leaf or group of its region, one transition in five
 * guarded by a Java condition (explored both ways). Every state is reachable by construction: each
 * group's leaves are chained by an event, and the groups too.
 */
public final class GeneratedRegions {
    private GeneratedRegions() {}

    /** The events every region reacts to. */
    static final String[] EVENTS = {"see", "hear", "hit", "heal", "rest", "flee", "call", "idle"};

    /**
     * Draws a chart.
     *
     * @param seed    the seed
     * @param states  the states wanted, the root and the parallel state included (at least 10 per region)
     * @param regions the parallel regions
     * @return the chart
     */
    public static Chart<Object> chart(long seed, int states, int regions) {
        Random random = new Random(seed);
        int perRegion = (states - 2) / regions - 1; // the region's own compound state aside
        ChartBuilder<Object> b = Chart.builder("generated-" + states + "x" + regions + "-" + seed);
        b.initial("npc");
        b.parallel("npc", npc -> {
            for (int r = 0; r < regions; r++) {
                region(npc, "r" + r, perRegion + (r < (states - 2) % regions ? 1 : 0) - 1, random);
            }
        });
        return b.build();
    }

    /** A region of {@code size} states below its own: groups of leaves. */
    private static void region(StateBuilder<Object> npc, String name, int size, Random random) {
        int groups = Math.max(2, (int) Math.round(Math.sqrt(size) / 1.5));
        int leaves = size - groups;
        List<List<String>> byGroup = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            byGroup.add(new ArrayList<>());
        }
        for (int l = 0; l < leaves; l++) {
            byGroup.get(l % groups).add(name + "_g" + (l % groups) + "_s" + byGroup.get(l % groups).size());
        }
        List<String> all = byGroup.stream().flatMap(List::stream).toList();
        npc.state(name, region -> {
            region.initial(name + "_g0");
            for (int g = 0; g < groups; g++) {
                String group = name + "_g" + g;
                List<String> mine = byGroup.get(g);
                String nextGroup = name + "_g" + ((g + 1) % groups);
                region.state(group, gs -> {
                    gs.initial(mine.get(0));
                    gs.on(EVENTS[random.nextInt(EVENTS.length)]).target(nextGroup);
                    for (int i = 0; i < mine.size(); i++) {
                        String leaf = mine.get(i);
                        String next = mine.get((i + 1) % mine.size());
                        gs.state(leaf, ls -> {
                            ls.on(EVENTS[i0(leaf) % EVENTS.length]).target(next);
                            int extra = random.nextInt(3);
                            for (int k = 0; k < extra; k++) {
                                String event = EVENTS[random.nextInt(EVENTS.length)];
                                String target = all.get(random.nextInt(all.size()));
                                if (random.nextInt(5) == 0) {
                                    ls.on(event).guard(o -> true).target(target);
                                } else {
                                    ls.on(event).target(target);
                                }
                            }
                        });
                    }
                });
            }
        });
    }

    private static int i0(String leaf) {
        return Math.floorMod(leaf.hashCode(), 7) + 1;
    }
}
