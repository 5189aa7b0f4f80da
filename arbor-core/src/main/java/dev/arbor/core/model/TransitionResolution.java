package dev.arbor.core.model;

import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException.Rule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiler phase 2, resolving transitions: reads the numbered states and their declared
 * transitions and produces the {@link TransitionTable} (ids by source in document order then
 * declaration order, targets and plan steps resolved to state ids, triggers to dense trigger ids,
 * labels, the handler and move placeholders) and the chart's triggers by id, adding unknown
 * targets to the problems. Once the chart has no problems, {@link #resolveDomains} adds the
 * domains, the plans' containers and steps, and which timers keep their source active.
 */
final class TransitionResolution {
    final TransitionTable table;
    final int declared;
    /** The id of the placeholder transition of programmatic moves; the plans' steps follow it. */
    final int moveTransition;
    final boolean hasPlans;
    /** Dense trigger ids, in order of first declaration; 0 stands for "no declared trigger matches" (wildcards only). */
    final Map<Trigger, Integer> triggerIds = new LinkedHashMap<>();

    TransitionResolution(StateNumbering states, UserCodeSubstitution code, List<Problem> problems) {
        StateTable st = states.table;
        int n = st.kind.length;
        List<TransitionDef> defs = new ArrayList<>();
        List<Integer> handlerStates = new ArrayList<>();
        for (StateDef s : states.order) {
            defs.addAll(s.transitions);
        }
        for (int i = 0; i < n; i++) {
            if (st.handler[i] != null) {
                handlerStates.add(i);
            }
        }
        int planMoves = 0;
        for (TransitionDef d : defs) {
            if (!d.plan.isEmpty() || d.resumeAfter) {
                planMoves += d.plan.size() + (d.resumeAfter ? 1 : 0);
            }
        }
        int m = defs.size() + handlerStates.size() + 1 + planMoves;
        TransitionTable tt = table = new TransitionTable(m, n);
        declared = defs.size();
        boolean anyPlan = false;
        triggerIds.put(new Trigger(Trigger.Type.ANY, null), 0);
        for (int t = 0; t < defs.size(); t++) {
            TransitionDef d = defs.get(t);
            tt.source[t] = states.idOf.get(d.source);
            tt.mode[t] = switch (d.mode) {
                case EVENT -> CompiledChart.EVENT;
                case EVENTLESS -> CompiledChart.EVENTLESS;
                case POLLED -> CompiledChart.POLLED;
            };
            tt.local[t] = (byte) (d.local ? 1 : 0);
            tt.after[t] = d.after;
            tt.guard[t] = d.guard == null ? null : code.guard(t, d.guard);
            tt.action[t] = code.sequence(UserCodeSubstitution.TRANSITION, t, d.actions);
            tt.targets[t] = resolve(states, d, d.targets, " targets '", problems);
            tt.plan[t] = resolve(states, d, d.plan, " plans '", problems);
            tt.resume[t] = d.resumeAfter;
            anyPlan |= tt.plan[t].length > 0 || d.resumeAfter;
            List<Integer> ids = new ArrayList<>();
            List<Trigger> declaredTriggers = new ArrayList<>();
            for (Trigger trig : d.triggers) {
                Trigger resolved = (trig.type() == Trigger.Type.DONE || trig.type() == Trigger.Type.CHILD_DONE)
                        && trig.value() == null ? new Trigger(trig.type(), d.source.key) : trig;
                declaredTriggers.add(resolved);
                if (resolved.type() == Trigger.Type.ANY) {
                    tt.anyTrigger[t] = true;
                    continue;
                }
                if (resolved.type() == Trigger.Type.DONE && !states.idByKey.containsKey(resolved.value())) {
                    problems.add(new Problem(d.source.name, Rule.UNKNOWN_TARGET,
                            "transition " + describe(d) + " waits for the completion of '" + StateDef.nameOf(resolved.value())
                            + "', which the chart does not have" + states.unknownStateHint(resolved.value())));
                }
                ids.add(triggerIds.computeIfAbsent(resolved, x -> triggerIds.size()));
            }
            tt.triggerIds[t] = CompiledChart.toArray(ids);
            tt.triggers[t] = declaredTriggers.toArray(new Trigger[0]);
            tt.label[t] = describe(d);
        }
        for (int i = 0; i < n; i++) {
            for (Trigger trig : st.defers[i]) {
                if (trig.type() != Trigger.Type.ANY) {
                    triggerIds.computeIfAbsent(trig, x -> triggerIds.size());
                }
            }
        }
        for (int k = 0; k < handlerStates.size(); k++) {
            int t = defs.size() + k;
            int s = handlerStates.get(k);
            tt.ofHandler[s] = t;
            tt.source[t] = s;
            tt.targets[t] = CompiledChart.NONE;
            tt.mode[t] = CompiledChart.HANDLER;
            tt.local[t] = 1;
            tt.triggerIds[t] = CompiledChart.NONE;
            tt.anyTrigger[t] = true;
            tt.label[t] = st.name[s] + " handler";
        }
        hasPlans = anyPlan;
        moveTransition = defs.size() + handlerStates.size();
        for (int t = moveTransition; t < m; t++) {
            tt.targets[t] = CompiledChart.NONE;
            tt.triggerIds[t] = CompiledChart.NONE;
            tt.mode[t] = t == moveTransition ? CompiledChart.MOVE : CompiledChart.PLAN;
        }
        tt.label[moveTransition] = "(programmatic move)";
    }

    /** The ids of a transition's targets or plan steps; an unknown one is a problem (and stands as the root). */
    private static int[] resolve(StateNumbering states, TransitionDef d, List<Object> keys, String verb, List<Problem> problems) {
        int[] ids = new int[keys.size()];
        for (int k = 0; k < ids.length; k++) {
            Integer id = states.idByKey.get(keys.get(k));
            if (id == null) {
                problems.add(new Problem(d.source.name, Rule.UNKNOWN_TARGET,
                        "transition " + describe(d) + verb + StateDef.nameOf(keys.get(k))
                        + "', which the chart does not have" + states.unknownStateHint(keys.get(k))));
                id = 0;
            }
            ids[k] = id;
        }
        return ids;
    }

    /** The chart's triggers by id. */
    Trigger[] triggers() {
        return triggerIds.keySet().toArray(new Trigger[0]);
    }

    /**
     * For a chart without problems: each transition's domain and its plan's container, the
     * {@link CompiledChart#PLAN} transitions of every plan, and which timers keep their source active.
     */
    void resolveDomains(CompiledChart c) {
        TransitionTable tt = table;
        int m = tt.source.length;
        for (int t = 0; t < m; t++) {
            tt.domain[t] = tt.mode[t] >= CompiledChart.HANDLER ? CompiledChart.NO_DOMAIN
                    : c.domainOf(tt.source[t], tt.targets[t], tt.targets[t].length, tt.local[t] == 1);
            if (tt.plan[t].length > 0) {
                int anc = c.leastCommonCompoundAncestor(tt.targets[t][0], tt.plan[t], tt.plan[t].length);
                tt.planContainer[t] = Math.max(anc, 0);
            }
        }
        numberPlanMoves(c.states, moveTransition + 1);
        for (int t = 0; t < m; t++) {
            if (tt.after[t] > 0) {
                int s = tt.source[t];
                int d = tt.domain[t];
                // A domain is never exited itself (only what is active below it), DOMAIN_STAYS_ACTIVE or not: the
                // source stays active exactly when it is the domain.
                tt.timerOnce[t] = tt.targets[t].length == 0
                        || (d != CompiledChart.NO_DOMAIN && (d & ~CompiledChart.DOMAIN_STAYS_ACTIVE) == s);
            }
        }
    }

    /**
     * Makes the {@link CompiledChart#PLAN} transitions of every plan, from {@code next} on: one per
     * step after the first, and one back to the saved configuration for a plan that resumes, each
     * labelled with what happens ({@code "plan PATROL: TO_GATE -> WATCH_GATE"}).
     */
    private void numberPlanMoves(StateTable st, int next) {
        TransitionTable tt = table;
        for (int t = 0; t < declared; t++) {
            if (tt.plan[t].length == 0 && !tt.resume[t]) {
                continue;
            }
            int container = tt.plan[t].length > 0 ? tt.planContainer[t] : tt.source[t];
            int[] steps = new int[1 + tt.plan[t].length];
            steps[0] = tt.targets[t].length > 0 ? tt.targets[t][0] : tt.source[t];
            System.arraycopy(tt.plan[t], 0, steps, 1, tt.plan[t].length);
            String plan = "plan " + st.name[container] + ": ";
            for (int k = 1; k < steps.length; k++, next++) {
                tt.source[next] = container;
                tt.targets[next] = new int[] {steps[k]};
                tt.planFrom[next] = steps[k - 1];
                tt.label[next] = plan + st.name[steps[k - 1]] + " -> " + st.name[steps[k]];
            }
            if (tt.resume[t]) {
                tt.source[next] = container;
                tt.planFrom[next] = steps[steps.length - 1];
                tt.label[next++] = plan + st.name[steps[steps.length - 1]] + " -> resume";
            }
        }
    }

    private static String describe(TransitionDef d) {
        StringBuilder b = new StringBuilder(d.source.name).append(' ');
        switch (d.mode) {
            case EVENT -> {
                List<Trigger> shown = new ArrayList<>(); // "done" and "child done" name the source when they name no state
                for (Trigger trig : d.triggers) {
                    shown.add((trig.type() == Trigger.Type.DONE || trig.type() == Trigger.Type.CHILD_DONE)
                            && trig.value() == null ? new Trigger(trig.type(), d.source.key) : trig);
                }
                b.append(shown.isEmpty() ? "?" : shown.size() == 1 ? shown.get(0).toString() : shown.toString());
            }
            case EVENTLESS -> b.append("always");
            case POLLED -> b.append(d.after > 0 ? "after " + d.after + (d.after == 1 ? " tick" : " ticks") : "when");
        }
        if (!d.targets.isEmpty()) {
            b.append(" -> ");
            for (int i = 0; i < d.targets.size(); i++) {
                b.append(i == 0 ? "" : " ").append(StateDef.nameOf(d.targets.get(i)));
            }
            if (d.local) {
                b.append(" (local)");
            }
        }
        return b.toString();
    }
}
