package dev.arbor.inspector.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.arbor.inspector.model.ChartView;
import dev.arbor.inspector.model.Model;
import dev.arbor.inspector.studio.Edits;
import dev.arbor.inspector.studio.Studio;
import dev.arbor.inspector.studio.StudioException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The inspector's web server, on the JDK's own HTTP server: the page (plain HTML, CSS and
 * JavaScript from the jar) and its API. Each page holds one Server-Sent Events stream over which
 * it gets a frame at most {@code framesPerSecond} times a second, only when something it shows
 * changed; it tells the server what it shows ({@code POST /api/view}) and, where allowed, sends
 * events and pauses the game. A frame is made from the model as it is when the stream's thread
 * is ready to write, never queued: a client that stops reading holds one thread, not memory.
 */
public final class WebServer implements Closeable {
    private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9_-]{1,40}");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> STATIC = Map.of(
            "/", "index.html", "/index.html", "index.html", "/app.js", "app.js", "/app.css", "app.css",
            "/studio.js", "studio.js", "/studio.css", "studio.css");

    /**
     * How the server is set up.
     *
     * @param address          where to listen
     * @param port             the port, 0 for any free one
     * @param token            the access token requests must carry, or null for none
     * @param controlsAllowed  whether pages may send events and pause, step and resume the game
     * @param framesPerSecond  the most frames a page gets a second
     * @param maxClients       the most pages streaming at once (others get 503)
     * @param tokenEverywhere  whether every request needs the token; else (the studio on loopback) only
     *                         the studio's requests and writes
     */
    public record Settings(InetAddress address, int port, String token, boolean controlsAllowed, int framesPerSecond,
                           int maxClients, boolean tokenEverywhere) {
        /** Settings whose token, when there is one, every request needs. */
        public Settings(InetAddress address, int port, String token, boolean controlsAllowed, int framesPerSecond,
                        int maxClients) {
            this(address, port, token, controlsAllowed, framesPerSecond, maxClients, true);
        }

        public Settings {
            Objects.requireNonNull(address, "address");
            if (framesPerSecond < 1 || framesPerSecond > 60) {
                throw new IllegalArgumentException("framesPerSecond must be 1 to 60, not " + framesPerSecond);
            }
            if (maxClients < 1) {
                throw new IllegalArgumentException("maxClients must be at least 1, not " + maxClients);
            }
        }
    }

    private final Settings settings;
    private final Model model;
    private final Controls controls;
    private final Studio studio;
    private final String title;
    private final HttpServer server;
    private final ExecutorService executor;
    private final Security security;
    private final Map<String, ClientView> clients = new ConcurrentHashMap<>();
    private final AtomicLong framesSent = new AtomicLong();
    private final AtomicLong bytesSent = new AtomicLong();
    private volatile boolean closed;

    /**
     * Binds the server (it serves once {@link #start}ed).
     *
     * @param controls what the page may do to the game, or null (a replay)
     */
    public WebServer(Settings settings, Model model, Controls controls, String title) throws IOException {
        this(settings, model, controls, title, null);
    }

    /**
     * Binds the server with the studio on (it serves once {@link #start}ed).
     *
     * @param controls what the page may do to the game, or null (a replay)
     * @param studio   the studio session the page edits, or null: no studio
     */
    public WebServer(Settings settings, Model model, Controls controls, String title, Studio studio) throws IOException {
        if (studio != null && settings.token() == null) {
            throw new IllegalArgumentException("the studio needs an access token");
        }
        this.settings = settings;
        this.model = model;
        this.controls = controls;
        this.studio = studio;
        this.title = title;
        this.server = HttpServer.create(new InetSocketAddress(settings.address(), settings.port()), 32);
        int port = server.getAddress().getPort();
        this.security = new Security(Security.hostsFor(settings.address(), null, port), settings.token(),
                settings.tokenEverywhere(), settings.controlsAllowed() && controls != null);
        AtomicInteger n = new AtomicInteger();
        // streams hold a thread each; the others are short requests
        this.executor = new ThreadPoolExecutor(settings.maxClients() + 4, settings.maxClients() + 4, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(256), r -> {
                    Thread t = new Thread(r, "arbor-inspector-http-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        server.setExecutor(executor);
        server.createContext("/", guarded(this::handle));
    }

    public void start() {
        server.start();
    }

    /** The port the server listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Frames sent to pages so far. */
    public long framesSent() {
        return framesSent.get();
    }

    /** Bytes of frames sent to pages so far. */
    public long bytesSent() {
        return bytesSent.get();
    }

    /** Pages streaming now. */
    public int clients() {
        return clients.size();
    }

    @Override
    public void close() {
        closed = true;
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpHandler guarded(HttpHandler h) {
        return ex -> {
            try (ex) { // closed after the catch below has answered: a resource is closed before its catch runs
                try {
                    Security.Refusal refusal = security.check(ex);
                    if (refusal != null) {
                        Http.text(ex, refusal.status(), refusal.reason());
                        return;
                    }
                    h.handle(ex);
                } catch (IOException e) {
                    // the client went away
                } catch (RuntimeException e) {
                    try {
                        Http.text(ex, 500, "inspector error: " + e);
                    } catch (IOException | RuntimeException ignored) {
                        // headers were sent already, or the client went away
                    }
                }
            }
        };
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        String method = ex.getRequestMethod();
        String resource = STATIC.get(path);
        if (resource != null) {
            if (!method.equals("GET") && !method.equals("HEAD")) {
                Http.text(ex, 405, "GET only");
                return;
            }
            staticFile(ex, resource);
            return;
        }
        switch (path) {
            case "/api/stream" -> stream(ex);
            case "/api/view" -> post(ex, this::view);
            case "/api/send" -> post(ex, this::sendEvent);
            case "/api/control" -> post(ex, this::control);
            case "/api/chart" -> chart(ex);
            case "/api/coverage" -> coverage(ex);
            case "/api/status" -> json(ex, 200, status());
            case "/api/variable" -> post(ex, this::setVariable);
            default -> {
                if (path.startsWith(Security.STUDIO)) {
                    studio(ex, path.substring(Security.STUDIO.length()));
                } else {
                    Http.text(ex, 404, "no such page: " + path);
                }
            }
        }
    }

    // ---------------------------------------------------------------- the studio

    private void studio(HttpExchange ex, String request) throws IOException {
        if (studio == null) {
            json(ex, 404, Map.of("error", "the studio is off (start the inspector with withStudio, or `arbor studio FILE`)"));
            return;
        }
        switch (request) {
            case "document" -> get(ex, studio::document);
            case "components" -> get(ex, studio::components);
            case "edit" -> post(ex, (body, q) -> {
                only(body, "edit", "revision", "edit");
                return studio.edit(revision(body), Edits.parse(body.get("edit")));
            });
            case "undo" -> post(ex, (body, q) -> {
                only(body, "undo");
                return studio.undo();
            });
            case "redo" -> post(ex, (body, q) -> {
                only(body, "redo");
                return studio.redo();
            });
            case "save" -> post(ex, (body, q) -> {
                only(body, "save", "revision", "force");
                JsonNode force = body.path("force");
                if (!force.isMissingNode() && !force.isBoolean()) {
                    throw new BadRequest(400, "\"force\" must be true or false, not " + force);
                }
                return studio.save(revision(body), force.asBoolean(false));
            });
            case "reload" -> post(ex, (body, q) -> {
                only(body, "reload");
                return studio.reload();
            });
            default -> json(ex, 404, Map.of("error", "no studio request '" + request
                    + "' (document, components, edit, undo, redo, save, reload)"));
        }
    }

    /** Refuses a studio request with a field it does not take: none names a path, and none is ignored. */
    private static void only(JsonNode body, String request, String... fields) {
        for (java.util.Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!java.util.Arrays.asList(fields).contains(f)) {
                throw new BadRequest(400, "studio " + request + " takes no field '" + f + "'"
                        + (fields.length == 0 ? " (its body is {})" : " (its fields: " + String.join(", ", fields) + ")"));
            }
        }
    }

    /** The revision a studio write names: the one the page saw. */
    private static long revision(JsonNode body) {
        JsonNode r = body.get("revision");
        if (r == null || !r.isIntegralNumber() || !r.canConvertToLong()) {
            throw new BadRequest(400, "the request needs \"revision\": the document's revision the page saw (a number)");
        }
        return r.asLong();
    }

    private void get(HttpExchange ex, java.util.function.Supplier<Object> read) throws IOException {
        if (!ex.getRequestMethod().equals("GET")) {
            Http.text(ex, 405, "GET only");
            return;
        }
        try {
            json(ex, 200, read.get());
        } catch (StudioException e) {
            json(ex, e.status(), e.body());
        }
    }

    private void staticFile(HttpExchange ex, String name) throws IOException {
        try (InputStream in = WebServer.class.getResourceAsStream("/dev/arbor/inspector/web/" + name)) {
            if (in == null) {
                Http.text(ex, 404, "missing resource " + name);
                return;
            }
            byte[] body = in.readAllBytes();
            if (name.equals("index.html")) {
                body = new String(body, StandardCharsets.UTF_8).replace("{{title}}", escapeHtml(title))
                        .getBytes(StandardCharsets.UTF_8);
            }
            String type = name.endsWith(".html") ? "text/html; charset=utf-8"
                    : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
            ex.getResponseHeaders().set("Content-Security-Policy",
                    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'");
            Http.send(ex, 200, type, body);
        }
    }

    private static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private interface JsonAction {
        /** Returns the response object, or throws {@link BadRequest}. */
        Object apply(JsonNode body, Map<String, String> query);
    }

    private static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;

        BadRequest(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    private void post(HttpExchange ex, JsonAction action) throws IOException {
        if (!ex.getRequestMethod().equals("POST")) {
            Http.text(ex, 405, "POST only");
            return;
        }
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase().startsWith("application/json")) {
            // a cross-site form cannot send this type without a preflight, which is refused
            Http.text(ex, 415, "refused: the body must be application/json");
            return;
        }
        byte[] body = Http.body(ex);
        if (body == null) {
            Http.text(ex, 413, "refused: the body is longer than " + Http.MAX_BODY + " bytes");
            return;
        }
        JsonNode node;
        try {
            node = JSON.readTree(body);
        } catch (IOException e) {
            Http.text(ex, 400, "the body is not JSON: " + e.getMessage());
            return;
        }
        if (node == null || !node.isObject()) {
            Http.text(ex, 400, "the body must be a JSON object");
            return;
        }
        try {
            json(ex, 200, action.apply(node, Http.query(ex.getRequestURI())));
        } catch (BadRequest e) {
            json(ex, e.status, Map.of("error", e.getMessage()));
        } catch (StudioException e) {
            json(ex, e.status(), e.body());
        }
    }

    private void json(HttpExchange ex, int status, Object value) throws IOException {
        Http.send(ex, status, "application/json", JSON.writeValueAsBytes(value));
    }

    private Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        synchronized (model) {
            m.put("attached", model.attachedCount());
            m.put("tick", model.tick());
            m.put("seq", model.seq());
        }
        m.put("replay", controls == null);
        m.put("studio", studio != null);
        m.put("controls", security.controlsAllowed());
        m.put("paused", controls != null && controls.paused());
        m.put("dropped", controls == null ? 0 : controls.dropped());
        m.put("clients", clients.size());
        m.put("framesSent", framesSent.get());
        Map<String, Long> streams = new java.util.TreeMap<>();
        clients.forEach((id, v) -> streams.put(id, v.frames));
        m.put("streams", streams); // frames written to each page's stream
        return m;
    }

    private void chart(HttpExchange ex) throws IOException {
        int id;
        try {
            id = Integer.parseInt(Http.query(ex.getRequestURI()).getOrDefault("id", ""));
        } catch (NumberFormatException e) {
            Http.text(ex, 400, "chart id must be a number");
            return;
        }
        ChartView c;
        synchronized (model) {
            c = model.chart(id);
        }
        if (c == null) {
            Http.text(ex, 404, "no chart " + id);
            return;
        }
        ex.getResponseHeaders().set("Cache-Control", "max-age=3600"); // a chart's view never changes
        json(ex, 200, c);
    }

    private void coverage(HttpExchange ex) throws IOException {
        if (!ex.getRequestMethod().equals("GET")) {
            Http.text(ex, 405, "GET only");
            return;
        }
        int id;
        try {
            id = Integer.parseInt(Http.query(ex.getRequestURI()).getOrDefault("chart", ""));
        } catch (NumberFormatException e) {
            Http.text(ex, 400, "chart must be a number");
            return;
        }
        Map<String, Object> c;
        synchronized (model) {
            c = CoverageJson.of(model, id, controls == null);
        }
        if (c == null) {
            Http.text(ex, 404, "no chart " + id);
            return;
        }
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        json(ex, 200, c);
    }

    // ---------------------------------------------------------------- the page's view and controls

    private Object view(JsonNode body, Map<String, String> query) {
        ClientView v = clients.get(query.getOrDefault("client", ""));
        if (v == null) {
            throw new BadRequest(404, "no stream for client '" + query.get("client") + "': open /api/stream first");
        }
        String filter = body.path("filter").asText("");
        if (filter.length() > 200) {
            throw new BadRequest(400, "filter longer than 200 characters");
        }
        int offset = Math.max(0, body.path("offset").asInt(0));
        int limit = Math.min(500, Math.max(1, body.path("limit").asInt(100)));
        int selected = body.path("selected").asInt(-1);
        v.set(filter, offset, limit, selected, body.path("version").asLong(0));
        updateSampling();
        return Map.of("ok", true);
    }

    /** The gate samples the machines the pages show: each page's selected one and its page of the list. */
    private void updateSampling() {
        if (controls != null) {
            controls.sample(clients.values().stream()
                    .flatMapToInt(c -> java.util.stream.IntStream.concat(java.util.stream.IntStream.of(c.selected),
                            java.util.Arrays.stream(c.shown())))
                    .filter(s -> s >= 0).distinct().sorted().toArray());
        }
    }

    private Object sendEvent(JsonNode body, Map<String, String> query) {
        requireControls();
        JsonNode machine = body.get("machine");
        JsonNode event = body.get("event");
        if (machine == null || !machine.canConvertToInt() || event == null || !event.isTextual()) {
            throw new BadRequest(400, "send needs {\"machine\": <slot>, \"event\": \"NAME\"}");
        }
        String problem = controls.send(machine.asInt(), event.asText().strip());
        if (problem != null) {
            throw new BadRequest(400, problem);
        }
        return Map.of("ok", true, "posted", event.asText().strip());
    }

    private Object setVariable(JsonNode body, Map<String, String> query) {
        requireControls();
        JsonNode machine = body.get("machine");
        JsonNode name = body.get("name");
        JsonNode value = body.get("value");
        if (machine == null || !machine.canConvertToInt() || name == null || !name.isTextual() || value == null
                || !value.isValueNode() || value.isNull()) {
            throw new BadRequest(400, "variable needs {\"machine\": <slot>, \"name\": \"NAME\", \"value\": \"TEXT\"}");
        }
        String problem;
        try {
            problem = controls.setVariable(machine.asInt(), name.asText().strip(), value.asText().strip());
        } catch (IllegalStateException e) {
            throw new BadRequest(409, e.getMessage());
        }
        if (problem != null) {
            throw new BadRequest(400, problem);
        }
        return Map.of("ok", true, "name", name.asText().strip(), "value", value.asText().strip());
    }

    private Object control(JsonNode body, Map<String, String> query) {
        requireControls();
        switch (body.path("action").asText("")) {
            case "pause" -> controls.pause();
            case "step" -> controls.step();
            case "resume" -> controls.resume();
            default -> throw new BadRequest(400, "action must be pause, step or resume, not '" + body.path("action").asText("") + "'");
        }
        return Map.of("ok", true, "paused", controls.paused());
    }

    private void requireControls() {
        if (controls == null) {
            throw new BadRequest(403, "a replayed recording has no game to control");
        }
        if (!security.controlsAllowed()) {
            throw new BadRequest(403, "controls are off (a non-loopback inspector needs them allowed explicitly)");
        }
    }

    // ---------------------------------------------------------------- streams

    private void stream(HttpExchange ex) throws IOException {
        String id = Http.query(ex.getRequestURI()).getOrDefault("client", "");
        if (!CLIENT_ID.matcher(id).matches()) {
            Http.text(ex, 400, "client must be 1 to 40 letters, digits, '-' or '_'");
            return;
        }
        ClientView view = new ClientView(id);
        synchronized (clients) {
            if (clients.size() >= settings.maxClients()) {
                Http.text(ex, 503, "too many pages are open (" + settings.maxClients() + ")");
                return;
            }
            if (clients.putIfAbsent(id, view) != null) {
                Http.text(ex, 409, "client '" + id + "' is streaming already");
                return;
            }
        }
        try {
            ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            ex.getResponseHeaders().set("Cache-Control", "no-store");
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            out.write("retry: 1000\n\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long interval = TimeUnit.SECONDS.toNanos(1) / settings.framesPerSecond();
            long lastWrite = System.nanoTime();
            while (!closed) {
                byte[] frame = frame(view);
                long now = System.nanoTime();
                if (frame != null) {
                    out.write(frame);
                    out.flush();
                    framesSent.incrementAndGet();
                    bytesSent.addAndGet(frame.length);
                    view.frames++;
                    lastWrite = now;
                    TimeUnit.NANOSECONDS.sleep(interval); // the rate bound: at most framesPerSecond
                    continue;
                } else if (now - lastWrite > TimeUnit.SECONDS.toNanos(10)) {
                    out.write(": still here\n\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    lastWrite = now;
                }
                view.awaitChange(interval);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closing
        } finally {
            clients.remove(id, view);
            updateSampling();
        }
    }

    private byte[] frame(ClientView view) throws IOException {
        Map<String, Object> f;
        synchronized (model) {
            f = view.frame(model, controls, security.controlsAllowed(), clients.size());
        }
        if (view.shownIfChanged() != null) {
            updateSampling();
        }
        if (f == null) {
            return null;
        }
        byte[] json = JSON.writeValueAsBytes(f);
        byte[] framed = new byte[json.length + 8];
        System.arraycopy("data: ".getBytes(StandardCharsets.US_ASCII), 0, framed, 0, 6);
        System.arraycopy(json, 0, framed, 6, json.length);
        framed[framed.length - 2] = '\n';
        framed[framed.length - 1] = '\n';
        return framed;
    }
}
