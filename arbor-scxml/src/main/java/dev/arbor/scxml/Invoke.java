package dev.arbor.scxml;

import java.nio.file.Path;

/**
 * One compiled {@code <invoke>} (SCXML section 6.4): what to start when its state has been entered
 * and not exited by the end of a macrostep, with which data, and what to run on the events the
 * child sends back ({@code <finalize>}).
 */
final class Invoke {
    static final String SCXML_INVOKE_TYPE = "http://www.w3.org/TR/scxml/";

    final El where;
    final String stateId;
    final String id;
    final String idlocation;
    final Content.Value type;
    final ScxmlDocument document;
    final String srcexpr;
    final String contentExpr;
    final boolean autoforward;
    final java.util.List<Content.Named> params;
    final Exec[] finalize;
    final Loading loading;

    private Invoke(El where, String stateId, String id, String idlocation, Content.Value type,
                   ScxmlDocument document, String srcexpr, String contentExpr, boolean autoforward,
                   java.util.List<Content.Named> params, Exec[] finalize, Loading loading) {
        this.where = where;
        this.stateId = stateId;
        this.id = id;
        this.idlocation = idlocation;
        this.type = type;
        this.document = document;
        this.srcexpr = srcexpr;
        this.contentExpr = contentExpr;
        this.autoforward = autoforward;
        this.params = params;
        this.finalize = finalize;
        this.loading = loading;
    }

    static Invoke compile(El e, String stateId, Content content, Loading loading) {
        Content.Value type;
        if (e.has("typeexpr")) {
            String x = e.attr("typeexpr");
            type = s -> s.dm().eval(x);
        } else {
            String t = e.attr("type");
            type = s -> t;
        }
        ScxmlDocument doc = null;
        String contentExpr = null;
        if (e.has("src")) {
            String src = e.attr("src");
            Path file = loading.resolve(e, src);
            Loading child = loading.invoked(e, src, file);
            doc = ScxmlLoader.load(Loading.read(file, problem -> new ScxmlException(e, "src=\"" + src + "\": " + problem)), child);
        }
        El c = e.first("content");
        if (c != null) {
            if (c.has("expr")) {
                contentExpr = c.attr("expr");
            } else {
                El scxml = c.first("scxml");
                if (scxml == null) {
                    throw new ScxmlException(c, "<invoke> content must be an <scxml> document");
                }
                doc = new Mapper(loading).map(scxml);
            }
        }
        El fin = e.first("finalize");
        Exec[] finalize = fin == null ? new Exec[0] : content.block(fin);
        return new Invoke(e, stateId, e.attr("id"), e.attr("idlocation"), type, doc, e.attr("srcexpr"),
                contentExpr, "true".equals(e.attr("autoforward")), content.params(e), finalize, loading);
    }

    /** The document to start, resolved at run time when given by an expression. */
    ScxmlDocument resolve(ScxmlSession s) {
        if (document != null) {
            return document;
        }
        if (srcexpr != null) {
            String src = s.dm().asString(s.dm().eval(srcexpr));
            try {
                Path file = loading.resolve(where, src);
                return ScxmlLoader.load(Loading.read(file, problem -> new ScxmlException(where, "src=\"" + src + "\": " + problem)),
                        Loading.atRunTime(src, file));
            } catch (ScxmlException ex) {
                throw new ExecError(ex.getMessage());
            }
        }
        if (contentExpr != null) {
            Object v = s.dm().eval(contentExpr);
            try {
                return ScxmlLoader.load(s.dm().asString(v).getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        where.file() + "#content", loading.baseDir);
            } catch (ScxmlException ex) {
                throw new ExecError(ex.getMessage());
            }
        }
        throw new ExecError("<invoke> without src, srcexpr or content");
    }
}
