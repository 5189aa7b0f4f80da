package dev.arbor.scxml;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles SCXML executable content (section 4) and the value-producing children
 * ({@code <param>}, {@code <content>}, {@code namelist}) into {@link Exec}s run against a session.
 */
final class Content {
    private static final Pattern DELAY = Pattern.compile("\\s*(\\d*\\.?\\d+)\\s*(ms|s|m|h|d)?\\s*");

    private final Loading loading;

    Content(Loading loading) {
        this.loading = loading;
    }

    /** A block: the executable elements inside a parent, in document order. */
    Exec[] block(El parent) {
        List<Exec> out = new ArrayList<>();
        for (El e : parent.allElements()) {
            if (!e.isScxml()) {
                continue; // other namespaces are not executable content
            }
            out.add(one(e));
        }
        return out.toArray(Exec[]::new);
    }

    /** Runs a block; the first error stops it. */
    static void runAll(ScxmlSession s, Exec[] block) {
        for (Exec x : block) {
            x.run(s);
        }
    }

    /**
     * One executable element, run with its place known: error events raised while it runs, and an
     * error it throws, name it (the innermost element, for nested content).
     */
    private Exec one(El e) {
        Exec x = compile(e);
        Site site = Site.of(e);
        return s -> {
            Site outer = s.site;
            s.site = site;
            try {
                x.run(s);
            } catch (Site.Error placed) {
                throw placed;
            } catch (RuntimeException error) {
                throw new Site.Error(site, error);
            } finally {
                s.site = outer;
            }
        };
    }

    private Exec compile(El e) {
        return switch (e.name) {
            case "raise" -> raise(e);
            case "log" -> log(e);
            case "assign" -> assign(e);
            case "if" -> ifElse(e);
            case "foreach" -> foreach(e);
            case "script" -> script(e);
            case "send" -> send(e);
            case "cancel" -> cancel(e);
            default -> throw new ScxmlException(e, "<" + e.name + "> is not executable content");
        };
    }

    private Exec raise(El e) {
        String event = require(e, "event");
        return s -> s.raiseInternal(ScxmlEvent.internal(event, null));
    }

    private Exec log(El e) {
        String label = e.attr("label");
        String expr = e.attr("expr");
        return s -> {
            String value = expr == null ? null : s.dm().asString(s.dm().eval(expr));
            s.log(label == null ? String.valueOf(value) : value == null ? label : label + ": " + value);
        };
    }

    private Exec assign(El e) {
        String location = require(e, "location");
        Value value = value(e, "expr", true);
        return s -> s.dm().assign(location, value.get(s));
    }

    private Exec ifElse(El e) {
        List<String> conds = new ArrayList<>();
        List<List<Exec>> blocks = new ArrayList<>();
        conds.add(require(e, "cond"));
        blocks.add(new ArrayList<>());
        for (El c : e.allElements()) {
            if (!c.isScxml()) {
                continue;
            }
            if (c.name.equals("elseif")) {
                conds.add(require(c, "cond"));
                blocks.add(new ArrayList<>());
            } else if (c.name.equals("else")) {
                conds.add(null);
                blocks.add(new ArrayList<>());
            } else {
                blocks.get(blocks.size() - 1).add(one(c));
            }
        }
        String[] cs = conds.toArray(String[]::new);
        Exec[][] bs = new Exec[blocks.size()][];
        for (int i = 0; i < bs.length; i++) {
            bs[i] = blocks.get(i).toArray(Exec[]::new);
        }
        return s -> {
            for (int i = 0; i < cs.length; i++) {
                if (cs[i] == null || s.dm().cond(cs[i])) {
                    runAll(s, bs[i]);
                    return;
                }
            }
        };
    }

    private Exec foreach(El e) {
        String array = require(e, "array");
        String item = require(e, "item");
        String index = e.attr("index");
        Exec[] body = block(e);
        return s -> {
            DataModel dm = s.dm();
            List<Object> members = dm.members(dm.eval(array));
            if (!dm.isLegalLocation(item) || (index != null && !dm.isLegalLocation(index))) {
                throw new ExecError("foreach: illegal item or index");
            }
            for (int i = 0; i < members.size(); i++) {
                dm.declare(item, members.get(i));
                if (index != null) {
                    dm.declare(index, (double) i);
                }
                runAll(s, body);
            }
        };
    }

    private Exec script(El e) {
        String source = e.has("src") ? loading.readRelative(e, e.attr("src")) : e.text();
        return s -> s.dm().script(source);
    }

    private Exec send(El e) {
        Value event = value(e, "event", "eventexpr");
        Value target = value(e, "target", "targetexpr");
        Value type = value(e, "type", "typeexpr");
        Value delay = value(e, "delay", "delayexpr");
        String id = e.attr("id");
        String idlocation = e.attr("idlocation");
        Data data = data(e);
        return s -> {
            String sendid = id;
            if (idlocation != null) {
                sendid = s.newSendId();
                s.dm().assign(idlocation, sendid);
            }
            try {
                Object name = event.get(s);
                Object to = target.get(s);
                Object kind = type.get(s);
                Object after = delay.get(s);
                Object payload = data.get(s);
                s.send(name == null ? null : s.dm().asString(name),
                        to == null ? null : s.dm().asString(to),
                        kind == null ? null : s.dm().asString(kind),
                        after == null ? 0 : delayMillis(s.dm().asString(after)),
                        sendid, payload);
            } catch (ExecError x) {
                x.sendid = sendid;
                throw x;
            }
        };
    }

    static long delayMillis(String text) {
        Matcher m = DELAY.matcher(text);
        if (!m.matches()) {
            throw new ExecError("not a delay: " + text);
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        double factor = switch (unit) {
            case "s" -> 1000;
            case "m" -> 60_000;
            case "h" -> 3_600_000;
            case "d" -> 86_400_000;
            default -> 1;
        };
        return Math.round(n * factor);
    }

    private Exec cancel(El e) {
        Value sendid = value(e, "sendid", "sendidexpr");
        return s -> {
            Object id = sendid.get(s);
            if (id != null) {
                s.cancel(s.dm().asString(id));
            }
        };
    }

    // ---------------------------------------------------------------- values

    /** A value computed at run time; null when the element gave none. */
    @FunctionalInterface
    interface Value {
        Object get(ScxmlSession s);
    }

    /** A literal attribute or an expression attribute (mutually exclusive). */
    private Value value(El e, String literal, String expr) {
        if (e.has(literal) && e.has(expr)) {
            throw new ScxmlException(e, "<" + e.name + "> has both " + literal + " and " + expr);
        }
        if (e.has(literal)) {
            String v = e.attr(literal);
            return s -> v;
        }
        if (e.has(expr)) {
            String x = e.attr(expr);
            return s -> s.dm().eval(x);
        }
        return s -> null;
    }

    /** An {@code expr} attribute or inline content (assign, data, param values). */
    Value value(El e, String exprAttr, boolean contentAllowed) {
        if (e.has(exprAttr)) {
            String x = e.attr(exprAttr);
            return s -> s.dm().eval(x);
        }
        if (contentAllowed) {
            return inline(e);
        }
        return s -> null;
    }

    private static Value inline(El e) {
        if (!e.allElements().isEmpty()) {
            return s -> s.dm().fromXml(e);
        }
        String text = e.text();
        return s -> s.dm().fromText(text);
    }

    /** The data of a send, donedata or invoke: {@code <content>}, or {@code namelist} and {@code <param>}s. */
    interface Data {
        Object get(ScxmlSession s);
    }

    /** A name and how its value is computed: one {@code namelist} entry or {@code <param>}. */
    record Named(String name, Value value) {
    }

    /** The {@code namelist} entries, then the {@code <param>}s, in document order. */
    List<Named> params(El e) {
        List<Named> out = new ArrayList<>();
        String namelist = e.attr("namelist");
        if (namelist != null && !namelist.isBlank()) {
            for (String n : namelist.strip().split("\\s+")) {
                out.add(new Named(n, s -> s.dm().eval(n)));
            }
        }
        for (El p : e.elements("param")) {
            String name = require(p, "name");
            if (p.has("location")) {
                String l = p.attr("location");
                out.add(new Named(name, s -> s.dm().eval(l)));
            } else {
                out.add(new Named(name, value(p, "expr", false)));
            }
        }
        return out;
    }

    Data data(El e) {
        El content = e.first("content");
        if (content != null) {
            if (content.has("expr")) {
                String x = content.attr("expr");
                return s -> s.dm().eval(x);
            }
            Value v = inline(content);
            return v::get;
        }
        List<Named> params = params(e);
        List<String> names = new ArrayList<>();
        for (Named n : params) {
            names.add(n.name());
        }
        if (names.isEmpty()) {
            return s -> null;
        }
        return s -> {
            List<Object> vs = new ArrayList<>();
            for (Named n : params) {
                vs.add(n.value().get(s));
            }
            return s.dm().record(names, vs);
        };
    }

    static String require(El e, String attr) {
        String v = e.attr(attr);
        if (v == null) {
            throw new ScxmlException(e, "<" + e.name + "> needs the attribute " + attr);
        }
        return v;
    }
}
