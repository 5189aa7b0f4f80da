package dev.arbor.scxml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The null data model (SCXML Appendix B.1): no variables; the only expression is {@code In(id)},
 * true when the state is active.
 */
final class NullDataModel implements DataModel {
    private static final Pattern IN = Pattern.compile("\\s*In\\(\\s*['\"]([^'\"]+)['\"]\\s*\\)\\s*");
    private ScxmlSession session;

    @Override
    public void init(ScxmlSession s) {
        this.session = s;
    }

    @Override
    public boolean cond(String expr) {
        Matcher m = IN.matcher(expr);
        if (!m.matches()) {
            throw new ExecError("the null data model knows only In(id): " + expr);
        }
        return session.isIn(m.group(1));
    }

    @Override
    public Object eval(String expr) {
        return cond(expr);
    }

    @Override
    public void declare(String id, Object value) {
        throw new ExecError("the null data model has no variables");
    }

    @Override
    public void assign(String location, Object value) {
        throw new ExecError("the null data model has no variables");
    }

    @Override
    public void script(String source) {
        throw new ExecError("the null data model has no scripts");
    }

    @Override
    public void setEvent(ScxmlEvent event) {
        // no _event in the null data model
    }

    @Override
    public List<Object> members(Object array) {
        throw new ExecError("the null data model has no arrays");
    }

    @Override
    public boolean isLegalLocation(String location) {
        return false;
    }

    @Override
    public Object fromText(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    @Override
    public Object fromXml(El parent) {
        return parent.innerXml();
    }

    @Override
    public String asString(Object value) {
        return String.valueOf(value);
    }

    @Override
    public Object record(List<String> names, List<Object> values) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            m.put(names.get(i), values.get(i));
        }
        return m;
    }

    @Override
    public Object importValue(Object value) {
        return value;
    }

    @Override
    public Object exportValue(Object value) {
        return value; // strings, booleans and maps of them: nothing a script can change
    }

    @Override
    public boolean hasVariables() {
        return false;
    }
}
