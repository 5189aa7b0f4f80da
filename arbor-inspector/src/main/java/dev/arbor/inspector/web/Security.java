package dev.arbor.inspector.web;

import com.sun.net.httpserver.HttpExchange;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The checks every request passes: its Host must be the server's own (no DNS rebinding), its
 * Origin, when sent, too (no cross-site requests), and off loopback (or when a token was chosen)
 * it must carry the access token. With the studio on, the token is needed even on loopback for
 * every studio request and every write ({@code POST}).
 *
 * @param hosts           the {@code host:port} values this server answers to
 * @param token           the access token, or null when none is required
 * @param tokenEverywhere whether every request needs the token; else only the studio's and writes
 * @param controlsAllowed whether the page may send events and pause the game
 */
record Security(Set<String> hosts, String token, boolean tokenEverywhere, boolean controlsAllowed) {

    /** The paths of the studio's requests, which need the token whenever there is one. */
    static final String STUDIO = "/api/studio/";

    /** The host names a server bound to {@code address} on {@code port} answers to. */
    static Set<String> hostsFor(InetAddress address, String host, int port) {
        Set<String> hosts = new HashSet<>();
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            hosts.add("127.0.0.1:" + port);
            hosts.add("localhost:" + port);
            hosts.add("[::1]:" + port);
        }
        if (!address.isAnyLocalAddress()) {
            String a = address.getHostAddress();
            hosts.add((a.contains(":") ? "[" + a + "]" : a) + ":" + port);
        }
        if (host != null && !host.isBlank()) {
            hosts.add(host.toLowerCase(Locale.ROOT) + ":" + port);
        }
        return Set.copyOf(hosts);
    }

    /** Null when the request may go on; else the status and reason to refuse it with. */
    Refusal check(HttpExchange ex) {
        String host = ex.getRequestHeaders().getFirst("Host");
        if (host == null || !hosts.contains(host.toLowerCase(Locale.ROOT))) {
            return new Refusal(403, "refused: Host '" + host + "' is not this inspector's");
        }
        String origin = ex.getRequestHeaders().getFirst("Origin");
        if (origin != null && !sameOrigin(origin)) {
            return new Refusal(403, "refused: Origin '" + origin + "' is not this inspector's");
        }
        if (token != null && needsToken(ex) && !tokenMatches(ex)) {
            return new Refusal(401, "refused: this inspector needs its access token (the token=... of its URL)");
        }
        return null;
    }

    private boolean needsToken(HttpExchange ex) {
        String path = ex.getRequestURI().getPath();
        return tokenEverywhere || ex.getRequestMethod().equals("POST") || path == null
                || path.startsWith(STUDIO) || path.equals("/api/studio");
    }

    private boolean sameOrigin(String origin) {
        try {
            URI u = URI.create(origin);
            return "http".equals(u.getScheme()) && u.getRawAuthority() != null
                    && hosts.contains(u.getRawAuthority().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private boolean tokenMatches(HttpExchange ex) {
        String given = ex.getRequestHeaders().getFirst("X-Arbor-Token");
        if (given == null) {
            given = Http.query(ex.getRequestURI()).get("token");
        }
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
    }

    record Refusal(int status, String reason) {}
}
