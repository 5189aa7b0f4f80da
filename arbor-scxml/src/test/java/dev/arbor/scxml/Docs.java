package dev.arbor.scxml;

import java.util.ArrayList;
import java.util.List;

/** Small documents for tests: a body wrapped in an ECMAScript {@code <scxml>} root, and a session that records its log. */
final class Docs {
    private Docs() {
    }

    static String scxml(String attrs, String body) {
        return "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" " + attrs + ">" + body + "</scxml>";
    }

    static ScxmlDocument load(String attrs, String body) {
        return ScxmlLoader.load(scxml(attrs, body), "test.scxml");
    }

    /** A session over a document, with the lines it logs. */
    record Run(ScxmlSession session, List<String> log) {
        static Run of(String attrs, String body) {
            List<String> log = new ArrayList<>();
            return new Run(load(attrs, body).newSession(log::add), log);
        }
    }
}
