package dev.arbor.scxml;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.mozilla.javascript.BaseFunction;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContextFactory;
import org.mozilla.javascript.NativeArray;
import org.mozilla.javascript.NativeObject;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.Undefined;

/**
 * The ECMAScript data model (SCXML Appendix B.2) on Mozilla Rhino: one global scope per session,
 * holding the {@code <data>} variables and the system variables, scripts run interpreted. A
 * document's scripts see the standard ECMAScript objects only: no Java classes, packages or
 * adapters. Every evaluation (an expression, a {@code <script>}, a condition) may run at most
 * {@link #MAX_INSTRUCTIONS} Rhino instructions, regular-expression matching included (Rhino counts
 * its backtracking steps as instructions); past that, or when its thread is interrupted, it stops
 * with {@code error.execution}.
 */
final class EcmaDataModel implements DataModel {
    private static final ContextFactory FACTORY = new Factory();
    private static final Set<String> SYSTEM = Set.of("_event", "_sessionid", "_name", "_ioprocessors", "_x");
    private static final Set<String> RESERVED = Set.of("break", "case", "catch", "class", "const", "continue",
            "debugger", "default", "delete", "do", "else", "export", "extends", "finally", "for", "function", "if",
            "import", "in", "instanceof", "new", "return", "super", "switch", "this", "throw", "try", "typeof",
            "var", "void", "while", "with", "yield", "let", "static", "enum", "await", "implements", "package",
            "protected", "interface", "private", "public", "null", "true", "false", "undefined", "NaN", "Infinity");
    private static final Pattern LOCATION = Pattern.compile(
            "[A-Za-z_$][\\w$]*(\\s*(\\.\\s*[A-Za-z_$][\\w$]*|\\[[^\\]]+\\]))*");
    private static final String TEMP = "__arbor_value";
    /**
     * The subset of the DOM that XML content offers scripts (B.2: XML content becomes a DOM
     * object): nodeType, nodeName/tagName, childNodes, textContent, getAttribute, hasAttribute,
     * getElementsByTagName, documentElement.
     */
    private static final String DOM = """
            function __ArborNode() {}
            __ArborNode.prototype.getAttribute = function (n) { var v = this.__attrs[n]; return v === undefined ? '' : v; };
            __ArborNode.prototype.hasAttribute = function (n) { return this.__attrs[n] !== undefined; };
            __ArborNode.prototype.getElementsByTagName = function (n) {
              var out = [];
              (function walk(e) {
                for (var i = 0; i < e.childNodes.length; i++) {
                  var c = e.childNodes[i];
                  if (c.nodeType === 1) { if (n === '*' || c.tagName === n) { out.push(c); } walk(c); }
                }
              })(this);
              return out;
            };
            """;

    /** The instruction budget of one evaluation: past it, the script stops with {@code error.execution}. */
    static final long MAX_INSTRUCTIONS = 10_000_000;
    /** How often (in instructions) Rhino reports to {@link Factory#observeInstructionCount}. */
    private static final int OBSERVE_EVERY = 10_000;
    private static final Object BUDGET = new Object();

    private ScriptableObject scope;

    /** Stops a script past its budget; an {@link Error}, so that the script's own catch and finally blocks cannot resume it. */
    private static final class BudgetSpent extends Error {
        private static final long serialVersionUID = 1L;

        BudgetSpent(String message) {
            super(message, null, false, false);
        }
    }

    /** Rhino contexts for sessions: interpreted (no class generation), ES6, budgeted, interruptible. */
    private static final class Factory extends ContextFactory {
        @Override
        protected Context makeContext() {
            Context cx = super.makeContext();
            cx.setInterpretedMode(true);
            cx.setLanguageVersion(Context.VERSION_ES6);
            cx.setInstructionObserverThreshold(OBSERVE_EVERY);
            cx.setClassShutter(className -> false); // no Java class is visible to a document's scripts
            return cx;
        }

        @Override
        protected void observeInstructionCount(Context cx, int instructionCount) {
            if (Thread.currentThread().isInterrupted()) {
                throw new BudgetSpent("script interrupted");
            }
            if (cx.getThreadLocal(BUDGET) instanceof long[] left) {
                left[0] -= instructionCount;
                if (left[0] < 0) {
                    throw new BudgetSpent("script stopped after " + MAX_INSTRUCTIONS + " instructions (a runaway loop or regular expression?)");
                }
            }
        }
    }

    /** Enters a Rhino context with a fresh instruction budget: every evaluation gets {@link #MAX_INSTRUCTIONS}. */
    private static Context enter() {
        Context cx = FACTORY.enterContext();
        cx.putThreadLocal(BUDGET, new long[] {MAX_INSTRUCTIONS});
        return cx;
    }

    /** The data model's {@code In(stateId)}: whether the session is in that state. */
    private static final class InFunction extends BaseFunction {
        private static final long serialVersionUID = 1L;
        private final transient ScxmlSession session;

        InFunction(ScxmlSession session) {
            this.session = session;
        }

        @Override
        public Object call(Context cx, Scriptable scope, Scriptable thisObj, Object[] args) {
            return args.length > 0 && session.isIn(Context.toString(args[0]));
        }
    }

    @Override
    public void init(ScxmlSession session) {
        try (Context cx = enter()) {
            scope = cx.initSafeStandardObjects(); // no Packages, java or JavaAdapter: scripts cannot reach Java
            scope.defineProperty("In", new InFunction(session), ScriptableObject.READONLY | ScriptableObject.DONTENUM);
            scope.defineProperty("_sessionid", session.sessionId(), ScriptableObject.READONLY);
            scope.defineProperty("_name", session.name() == null ? Undefined.instance : session.name(), ScriptableObject.READONLY);
            NativeObject io = object(cx);
            NativeObject scxml = object(cx);
            scxml.put("location", scxml, "#_scxml_" + session.sessionId());
            io.put("scxml", io, scxml);
            io.put(ScxmlSession.SCXML_TYPE, io, scxml);
            scope.defineProperty("_ioprocessors", io, ScriptableObject.READONLY);
            scope.defineProperty("_x", object(cx), ScriptableObject.READONLY);
            scope.defineProperty("_event", Undefined.instance, ScriptableObject.READONLY);
            cx.evaluateString(scope, DOM, "dom", 1, null);
            scope.setAttributes("__ArborNode", ScriptableObject.DONTENUM);
        }
    }

    private NativeObject object(Context cx) {
        return (NativeObject) cx.newObject(scope);
    }

    @Override
    @SuppressWarnings("try") // the context must be entered for the conversion, which does not name it
    public boolean cond(String expr) {
        try (Context cx = enter()) {
            return Context.toBoolean(eval(expr));
        } catch (BudgetSpent e) {
            throw new ExecError(e.getMessage());
        } catch (RuntimeException e) {
            if (e instanceof ExecError x) {
                throw x;
            }
            throw new ExecError(String.valueOf(e));
        }
    }

    @Override
    public Object eval(String expr) {
        String e = expr.strip();
        while (e.endsWith(";")) {
            e = e.substring(0, e.length() - 1).strip();
        }
        return run("(" + e + "\n)");
    }

    private Object run(String source) {
        try (Context cx = enter()) {
            return cx.evaluateString(scope, source, "expr", 1, null);
        } catch (BudgetSpent e) {
            throw new ExecError(e.getMessage());
        } catch (RhinoException e) {
            throw new ExecError(e.details());
        } catch (RuntimeException e) {
            if (e instanceof ExecError x) {
                throw x;
            }
            throw new ExecError(String.valueOf(e));
        }
    }

    @Override
    public void declare(String id, Object value) {
        scope.put(id, scope, value == null ? Undefined.instance : value);
    }

    @Override
    public void assign(String location, Object value) {
        if (!isLegalLocation(location)) {
            throw new ExecError("not a location: " + location);
        }
        String root = location.split("[.\\[\\s]", 2)[0];
        if (SYSTEM.contains(root)) {
            throw new ExecError("system variable " + root + " cannot be assigned");
        }
        if (!ScriptableObject.hasProperty(scope, root)) {
            throw new ExecError("undeclared location " + location);
        }
        scope.put(TEMP, scope, value == null ? Undefined.instance : value);
        try {
            run(location + " = " + TEMP);
        } finally {
            scope.delete(TEMP);
        }
    }

    @Override
    public void script(String source) {
        run(source);
    }

    @Override
    public void setEvent(ScxmlEvent e) {
        try (Context cx = enter()) {
            NativeObject o = object(cx);
            o.put("name", o, e.name());
            o.put("type", o, e.type());
            o.put("sendid", o, orUndefined(e.sendid()));
            o.put("origin", o, orUndefined(e.origin()));
            o.put("origintype", o, orUndefined(e.origintype()));
            o.put("invokeid", o, orUndefined(e.invokeid()));
            o.put("data", o, e.data() == null ? Undefined.instance : importValue(e.data()));
            scope.setAttributes("_event", ScriptableObject.EMPTY);
            scope.put("_event", scope, o);
            scope.setAttributes("_event", ScriptableObject.READONLY);
        }
    }

    private static Object orUndefined(String s) {
        return s == null ? Undefined.instance : s;
    }

    @Override
    public List<Object> members(Object array) {
        if (!(array instanceof NativeArray a)) {
            throw new ExecError("foreach: not an array: " + asString(array));
        }
        List<Object> out = new ArrayList<>();
        long n = a.getLength();
        for (int i = 0; i < n; i++) {
            out.add(a.get(i, a));
        }
        return out;
    }

    @Override
    public boolean isLegalLocation(String location) {
        if (location == null) {
            return false;
        }
        String l = location.strip();
        if (!LOCATION.matcher(l).matches()) {
            return false;
        }
        return !RESERVED.contains(l.split("[.\\[\\s]", 2)[0]);
    }

    @Override
    public Object fromXml(El parent) {
        try (Context cx = enter()) {
            Scriptable doc = node(cx, 9, "#document", parent);
            doc.put("__xml", doc, parent.innerXml());
            for (El e : parent.allElements()) {
                doc.put("documentElement", doc, node(cx, 1, e.name, e));
                break;
            }
            return doc;
        }
    }

    private Scriptable newNode(Context cx) {
        Scriptable n = cx.newObject(scope);
        Scriptable constructor = (Scriptable) scope.get("__ArborNode", scope);
        n.setPrototype((Scriptable) constructor.get("prototype", constructor));
        return n;
    }

    private Scriptable node(Context cx, int type, String name, El e) {
        Scriptable n = newNode(cx);
        n.put("nodeType", n, (double) type);
        n.put("nodeName", n, name);
        if (type == 1) {
            n.put("tagName", n, name);
        }
        Scriptable attrs = cx.newObject(scope);
        e.attrs.forEach((k, v) -> attrs.put(k, attrs, v));
        n.put("__attrs", n, attrs);
        List<Object> kids = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Object c : e.children) {
            if (c instanceof El child) {
                Scriptable k = node(cx, 1, child.name, child);
                kids.add(k);
                text.append(Context.toString(k.get("textContent", k)));
            } else {
                Scriptable t = newNode(cx);
                t.put("nodeType", t, 3.0);
                t.put("nodeName", t, "#text");
                t.put("textContent", t, c);
                t.put("__attrs", t, cx.newObject(scope));
                t.put("childNodes", t, cx.newArray(scope, 0));
                kids.add(t);
                text.append(c);
            }
        }
        n.put("childNodes", n, cx.newArray(scope, kids.toArray()));
        n.put("textContent", n, text.toString());
        return n;
    }

    @Override
    public Object fromText(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return Undefined.instance;
        }
        if (t.startsWith("<")) {
            try {
                El root = XmlReader.read(t.getBytes(java.nio.charset.StandardCharsets.UTF_8), "content");
                El holder = new El("", "#document", "content", 1, 1);
                holder.children.add(root);
                return fromXml(holder);
            } catch (ScxmlException e) {
                // not XML: fall through to an expression or a string
            }
        }
        try {
            return eval(t);
        } catch (ExecError e) {
            return t.replaceAll("\\s+", " ");
        }
    }

    @Override
    @SuppressWarnings("try") // the context must be entered for the conversion, which does not name it
    public String asString(Object value) {
        if (value instanceof Scriptable x && x.get("__xml", x) instanceof String xml) {
            return xml; // XML content, written back as XML
        }
        if (value instanceof Scriptable s && !(value instanceof org.mozilla.javascript.Function)) {
            try (Context cx = enter()) {
                Object json = org.mozilla.javascript.NativeJSON.stringify(cx, scope, s, null, null);
                if (json instanceof CharSequence) {
                    return json.toString();
                }
            } catch (BudgetSpent e) {
                throw new ExecError(e.getMessage());
            } catch (RuntimeException e) {
                // fall through to the plain conversion
            }
        }
        try (Context cx = enter()) {
            return Context.toString(value);
        } catch (BudgetSpent e) {
            throw new ExecError(e.getMessage());
        }
    }

    @Override
    public Object record(List<String> names, List<Object> values) {
        try (Context cx = enter()) {
            NativeObject o = object(cx);
            for (int i = 0; i < names.size(); i++) {
                Object v = values.get(i);
                o.put(names.get(i), o, v == null ? Undefined.instance : v);
            }
            return o;
        }
    }

    /** Nested data deeper than this (a cyclic object, say) cannot be sent: error.execution. */
    static final int MAX_DATA_DEPTH = 100;

    /** XML content copied out of a session: its text, read again by the receiving session. */
    private record XmlCopy(String xml) {
    }

    @Override
    public Object exportValue(Object value) {
        try (Context cx = enter()) {
            return export(value, 0);
        } catch (BudgetSpent e) {
            throw new ExecError(e.getMessage());
        }
    }

    private Object export(Object v, int depth) {
        if (depth > MAX_DATA_DEPTH) {
            throw new ExecError("data nested deeper than " + MAX_DATA_DEPTH + " levels (cyclic?) cannot be sent");
        }
        if (v == null || v == Undefined.instance || v == Scriptable.NOT_FOUND) {
            return v == Scriptable.NOT_FOUND ? Undefined.instance : v;
        }
        if (v instanceof String || v instanceof Boolean || v instanceof Number) {
            return v;
        }
        if (v instanceof CharSequence c) {
            return c.toString();
        }
        if (v instanceof org.mozilla.javascript.Function) {
            return Undefined.instance; // code stays in its session, as in JSON
        }
        if (v instanceof Scriptable x && x.get("__xml", x) instanceof String xml) {
            return new XmlCopy(xml);
        }
        if (v instanceof NativeArray a) {
            List<Object> out = new ArrayList<>();
            long n = a.getLength();
            for (int i = 0; i < n; i++) {
                out.add(export(a.get(i, a), depth + 1));
            }
            return out;
        }
        if (v instanceof Scriptable o) {
            Map<String, Object> out = new java.util.LinkedHashMap<>();
            for (Object id : o.getIds()) {
                Object value = id instanceof Integer i ? o.get(i, o) : o.get(String.valueOf(id), o);
                out.put(String.valueOf(id), export(value, depth + 1));
            }
            return out;
        }
        return v; // a Java value a tool gave: not this session's to copy
    }

    @Override
    public Object importValue(Object value) {
        if (value instanceof Scriptable) {
            return value; // already an ECMAScript value (Rhino's objects are Maps and Lists too)
        }
        if (value instanceof XmlCopy x) {
            try {
                El holder = XmlReader.read(("<arbor-content>" + x.xml() + "</arbor-content>")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8), "data");
                return fromXml(holder);
            } catch (ScxmlException e) {
                return x.xml();
            }
        }
        if (value instanceof Map<?, ?> m) {
            try (Context cx = enter()) {
                NativeObject o = object(cx);
                m.forEach((k, v) -> o.put(String.valueOf(k), o, importValue(v)));
                return o;
            }
        }
        if (value instanceof List<?> l) {
            try (Context cx = enter()) {
                Object[] items = new Object[l.size()];
                for (int i = 0; i < items.length; i++) {
                    items[i] = importValue(l.get(i));
                }
                return cx.newArray(scope, items);
            }
        }
        if (value instanceof Number n && !(value instanceof Double)) {
            return n.doubleValue();
        }
        return value;
    }
}
