package dev.arbor.inspector.studio;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A studio request that cannot be done: its HTTP status and the JSON body that says why
 * ({@code {"error": "words", ...}}). Nothing was changed.
 */
public final class StudioException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The HTTP status: 400 for a request that is wrong, 409 for one that conflicts with the session's state. */
    private final int status;
    /** The response's body: {@code error} and what else the page needs to act on it. */
    private final transient Map<String, Object> body;

    /**
     * Makes the exception.
     *
     * @param status the HTTP status to answer with
     * @param error  what is wrong, in words
     * @param more   further fields of the body, as name and value pairs
     */
    StudioException(int status, String error, Object... more) {
        super(error, null, false, false);
        this.status = status;
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("error", error);
        for (int i = 0; i + 1 < more.length; i += 2) {
            b.put((String) more[i], more[i + 1]);
        }
        this.body = b;
    }

    /** {@return the HTTP status to answer with} */
    public int status() {
        return status;
    }

    /** {@return the JSON body to answer with: {@code error} and any further fields} */
    public Map<String, Object> body() {
        return body;
    }
}
