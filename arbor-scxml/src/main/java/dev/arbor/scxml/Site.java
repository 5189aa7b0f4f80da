package dev.arbor.scxml;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where an element stands in its document: what an error event's data names, so that a document
 * author can find the fault ({@code error.execution}, {@code error.communication}).
 */
record Site(String tag, int line, int column) {

    static Site of(El e) {
        return new Site(e.name, e.line(), e.column());
    }

    /**
     * The data of an error event: {@code tagname}, {@code line} and {@code column} of the failing
     * element when known, and the {@code reason}; the keys are documented in docs/scxml.md.
     */
    static Map<String, Object> errorData(Site site, String reason) {
        Map<String, Object> data = new LinkedHashMap<>();
        if (site != null) {
            data.put("tagname", site.tag);
            data.put("line", site.line);
            data.put("column", site.column);
        }
        data.put("reason", reason);
        return data;
    }

    /** An error thrown by executable content, with the innermost element it was thrown in. */
    static final class Error extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Site site;
        final RuntimeException error;

        Error(Site site, RuntimeException error) {
            super(error.getMessage(), error, false, false);
            this.site = site;
            this.error = error;
        }
    }
}
