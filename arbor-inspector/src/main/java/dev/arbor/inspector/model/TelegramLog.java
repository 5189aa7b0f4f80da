package dev.arbor.inspector.model;

import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.model.Model.TelegramView;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The telegrams between agents, as the sequence view shows them: the last {@link Model#TELEGRAMS}
 * sent, the ones still pending (at most {@link Model#PENDING}), and which machine each agent is.
 */
final class TelegramLog {
    private final ArrayDeque<TelegramView> telegrams = new ArrayDeque<>();
    private final LinkedHashMap<Long, TelegramView> pending = new LinkedHashMap<>();
    private final Map<Integer, Integer> agents = new HashMap<>();
    private long telegramVersion;

    /** Applies one record of the telegrams: sent, delivered, dropped, pending or an agent named. */
    void telegram(Rec r) {
        telegramVersion++;
        switch (r.kind) {
            case Kind.AGENT -> agents.put((int) r.a, (int) r.b);
            case Kind.PENDING -> {
                for (Rec.Telegram t : r.pending) {
                    TelegramView v = new TelegramView(t.receipt(), t.sender(), t.receiver(), t.event(), r.tick, t.due());
                    keep(v);
                }
            }
            case Kind.SENT -> keep(new TelegramView(r.b, (int) r.a, (int) r.c, r.text, r.tick, r.due));
            case Kind.DELIVERED, Kind.DROPPED -> {
                TelegramView v = pending.remove(r.b);
                if (v != null) {
                    v.deliveredAt = r.kind == Kind.DELIVERED ? r.tick : -2;
                }
            }
            default -> { }
        }
    }

    private void keep(TelegramView v) {
        telegrams.addLast(v);
        while (telegrams.size() > Model.TELEGRAMS) {
            telegrams.removeFirst();
        }
        pending.put(v.receipt, v);
        if (pending.size() > Model.PENDING) {
            Iterator<Long> it = pending.keySet().iterator();
            it.next();
            it.remove();
        }
    }

    /** The telegrams kept, oldest first. */
    List<TelegramView> telegrams() {
        return new ArrayList<>(telegrams);
    }

    /** The telegrams sent and neither delivered nor dropped, by due tick. */
    List<TelegramView> pendingTelegrams() {
        List<TelegramView> out = new ArrayList<>(pending.values());
        out.sort((x, y) -> x.due != y.due ? Long.compare(x.due, y.due) : Long.compare(x.receipt, y.receipt));
        return out;
    }

    /** The slot of an agent's attached machine, or null. */
    Integer agentSlot(int agent) {
        return agents.get(agent);
    }

    long telegramVersion() {
        return telegramVersion;
    }
}
