package dev.arbor.inspector.studio;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentInfo;
import dev.arbor.io.edit.ChartDocument;
import dev.arbor.io.edit.ChartEdit;
import dev.arbor.io.edit.EditException;
import dev.arbor.io.edit.Outline;
import dev.arbor.svg.LayoutMemory;
import dev.arbor.svg.SvgRenderer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One studio session: the text of one chart file as the page edits it, its undo and redo, what
 * the loader says of it and its drawing, and the file on disk. The file is fixed when the session
 * starts; no request names another path.
 *
 * <p>Every change of the text (an edit, an undo, a redo, a reload) adds one to the
 * {@linkplain #document() document}'s revision; an edit or save that names an older revision is
 * refused (409), so that a page acting on a stale view changes nothing. Undo and redo reach across
 * saves. The file on disk is read again (never more than the loader's default size limit) on every
 * request, so a change made by someone else is seen at once; a save never writes over it.
 *
 * <p>Thread-safe: every method holds the session's lock (the web server's handler threads call it).
 */
public final class Studio {
    /** The most undo steps kept (and redo steps): the oldest go first. */
    public static final int HISTORY = 500;

    private final Path file;
    private final String fileName;
    private final ChartLoader<?> loader;
    private final long maxBytes;
    private final Map<String, List<ComponentInfo>> libraries;

    private ChartDocument document;
    private final Deque<String> undo = new ArrayDeque<>();
    private final Deque<String> redo = new ArrayDeque<>();
    private long revision = 1;
    /** The text last read from or written to disk; null while the file does not exist. */
    private String disk;
    private LayoutMemory memory = LayoutMemory.empty();
    private Saved saved;
    private int saves;

    /** What the loader and the renderer said of {@link #analysedText}. */
    private String analysedText;
    private List<Map<String, Object>> problems = List.of();
    private boolean errors;
    private String svg;
    private Map<String, Object> outline;

    /**
     * A save the studio made.
     *
     * @param seq    1 for the session's first save, and so on
     * @param forced whether the document had errors and the designer asked for it to be written anyway
     * @param at     when it was written
     */
    public record Saved(int seq, boolean forced, Instant at) {}

    /**
     * Starts a session on a file: reads it (a missing or empty file starts a new chart named after it).
     *
     * @param file      the one file the session reads and writes
     * @param loader    checks every version of the text
     * @param libraries the components' metadata by library name, for the page's choices
     * @throws IOException when the file exists and cannot be read, or is larger than the size limit
     */
    public Studio(Path file, ChartLoader<?> loader, Map<String, List<ComponentInfo>> libraries) throws IOException {
        this.file = Objects.requireNonNull(file, "file");
        Path name = file.getFileName();
        if (name == null) {
            throw new IllegalArgumentException("the studio needs a chart file, not '" + file + "'");
        }
        this.fileName = name.toString();
        this.loader = Objects.requireNonNull(loader, "loader");
        // the loader does not say its limit; files past the default one are refused by it anyway
        this.maxBytes = ChartLoader.DEFAULT_MAX_BYTES;
        this.libraries = Map.copyOf(libraries);
        if (Files.isDirectory(file)) {
            throw new IOException(file + " is a directory, not a chart file");
        }
        this.disk = readDisk();
        this.document = ChartDocument.of(fileName, disk == null ? "" : disk);
    }

    /** {@return the file the session edits, as given} */
    public Path file() {
        return file;
    }

    // ---------------------------------------------------------------- requests

    /**
     * The document as it is now: its text, revision, state against the disk, undo and redo, the
     * loader's problems, its outline and drawing, and the last save.
     *
     * @return the document, as the page reads it (a JSON object)
     * @throws StudioException (500) when the file cannot be read
     */
    public synchronized Map<String, Object> document() {
        return view(readOrFail());
    }

    /**
     * Makes an edit, when the page saw the current revision.
     *
     * @param revision the revision the page edited
     * @param edit     the edit
     * @return the document after it
     * @throws StudioException 409 when the revision is not the current one; 400 when the edit cannot be made
     */
    public synchronized Map<String, Object> edit(long revision, ChartEdit edit) {
        Objects.requireNonNull(edit, "edit");
        checkRevision(revision);
        ChartDocument next;
        try {
            next = document.apply(edit);
        } catch (EditException e) {
            throw new StudioException(400, e.getMessage());
        }
        change(next.text());
        return document();
    }

    /**
     * Undoes the last change of the text (an edit, a redo or a reload), saved or not.
     *
     * @return the document after it
     * @throws StudioException 409 when there is nothing to undo
     */
    public synchronized Map<String, Object> undo() {
        if (undo.isEmpty()) {
            throw new StudioException(409, "nothing to undo");
        }
        push(redo, document.text());
        document = ChartDocument.of(fileName, undo.pop());
        revision++;
        return document();
    }

    /**
     * Makes again the last change undone.
     *
     * @return the document after it
     * @throws StudioException 409 when there is nothing to redo
     */
    public synchronized Map<String, Object> redo() {
        if (redo.isEmpty()) {
            throw new StudioException(409, "nothing to redo");
        }
        push(undo, document.text());
        document = ChartDocument.of(fileName, redo.pop());
        revision++;
        return document();
    }

    /**
     * Writes the document to the file: atomically (a temporary file beside it, then moved over
     * it), and only when the disk still holds what the studio last read or wrote there.
     *
     * @param revision the revision the page saw
     * @param force    whether to write a document that has errors (the game then keeps the chart it has)
     * @return {@code {"saved": true, "document": ...}}
     * @throws StudioException 409 when the revision is stale, the document has errors and not
     *                         {@code force}, or the file changed on disk; 500 when it cannot be written
     */
    public synchronized Map<String, Object> save(long revision, boolean force) {
        checkRevision(revision);
        String onDisk = readOrFail();
        if (!Objects.equals(onDisk, disk)) {
            throw new StudioException(409, fileName + " changed on disk since the studio read it; reload it "
                    + "(undo brings your edits back) or copy them elsewhere: it is never written over", "diskChanged", true);
        }
        analyse();
        if (errors && !force) {
            throw new StudioException(409, "the chart has errors, so " + fileName + " was not written; fix them, "
                    + "or save anyway (the game keeps the chart it has until the file loads)", "errors", true,
                    "problems", problems);
        }
        String text = document.text();
        try {
            writeAtomically(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new StudioException(500, fileName + " could not be written: " + e, "written", false);
        }
        disk = text;
        saved = new Saved(++saves, errors, Instant.now());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("saved", true);
        out.put("document", view(text));
        return out;
    }

    /**
     * Takes the file's text on disk as the document (undo brings the text before back).
     *
     * @return the document after it
     * @throws StudioException 500 when the file cannot be read
     */
    public synchronized Map<String, Object> reload() {
        String onDisk = readOrFail();
        disk = onDisk;
        change(onDisk == null ? "" : onDisk);
        return document();
    }

    /**
     * The components the page may choose from: each library's, the built-in one included.
     *
     * @return one object a component: {@code library}, {@code kind}, {@code name}, {@code doc}, {@code properties}
     */
    public List<Map<String, Object>> components() {
        List<Map<String, Object>> out = new ArrayList<>();
        libraries.forEach((library, infos) -> {
            for (ComponentInfo c : infos) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("library", library);
                m.put("kind", c.kind().word().startsWith("behavio") ? "behaviour" : c.kind().word());
                m.put("name", c.name());
                m.put("doc", c.doc());
                List<Map<String, Object>> properties = new ArrayList<>();
                for (ComponentInfo.Property p : c.properties()) {
                    Map<String, Object> q = new LinkedHashMap<>();
                    q.put("name", p.name());
                    q.put("jsonType", p.jsonType());
                    q.put("javaType", p.javaType());
                    q.put("values", p.values());
                    q.put("required", p.required());
                    q.put("default", p.defaultValue().isEmpty() ? null : p.defaultValue());
                    properties.add(q);
                }
                m.put("properties", properties);
                out.add(m);
            }
        });
        return out;
    }

    // ---------------------------------------------------------------- the text

    private void checkRevision(long given) {
        if (given != revision) {
            throw new StudioException(409, "the document changed (revision " + revision + ", the page had "
                    + given + "): read it again", "revision", revision);
        }
    }

    /** The text becomes {@code next}, undoably; nothing happens when it is the same. */
    private void change(String next) {
        if (next.equals(document.text())) {
            return;
        }
        push(undo, document.text());
        redo.clear();
        document = ChartDocument.of(fileName, next);
        revision++;
    }

    private static void push(Deque<String> stack, String text) {
        stack.push(text);
        while (stack.size() > HISTORY) {
            stack.removeLast();
        }
    }

    /** Checks the text with the loader and draws it, once per version of the text. */
    private void analyse() {
        String text = document.text();
        if (text.equals(analysedText)) {
            return;
        }
        List<Map<String, Object>> found = new ArrayList<>();
        Chart<?> chart = null;
        boolean failed = false;
        try {
            ChartLoader.Checked<?> checked = loader.loadChecked(fileName, text);
            chart = checked.chart();
            checked.warnings().forEach(w -> found.add(problem("warning", w)));
        } catch (ChartFileException e) {
            failed = true;
            e.problems().forEach(p -> found.add(problem("error", p)));
            e.warnings().forEach(w -> found.add(problem("warning", w)));
        } catch (RuntimeException e) { // a component that throws while it is made, say: the file does not load
            failed = true;
            found.add(problem("error", 0, 0, e.getClass().getSimpleName() + ": " + e.getMessage(), null));
        }
        String drawn = null;
        if (chart != null) {
            try {
                SvgRenderer.Rendered r = SvgRenderer.render(chart, Set.of(), memory);
                drawn = r.svg();
                memory = r.layout();
            } catch (RuntimeException e) {
                found.add(problem("warning", 0, 0, "the chart loads but cannot be drawn: " + e.getMessage(), null));
            }
        }
        Map<String, Object> outlined = null;
        try {
            outlined = outline(document.outline());
        } catch (EditException e) {
            // not a JSON object: the loader's problems say where
        } catch (RuntimeException e) { // the editor's own failure: the page still shows the text and can undo
            found.add(problem("warning", 0, 0, "the outline cannot be made: " + e, null));
        }
        analysedText = text;
        outline = outlined;
        problems = List.copyOf(found);
        errors = failed;
        svg = drawn;
    }

    private Map<String, Object> problem(String severity, ChartFileException.Problem p) {
        return problem(severity, p.line(), p.column(), p.message(), p.state());
    }

    private Map<String, Object> problem(String severity, int line, int column, String message, String state) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("severity", severity);
        m.put("message", message);
        m.put("where", line > 0 ? fileName + ":" + line + ":" + column : fileName);
        m.put("line", line);
        m.put("column", column);
        m.put("state", state);
        return m;
    }

    /** The document as the page reads it, against {@code onDisk} (the file's text now, null when missing). */
    private Map<String, Object> view(String onDisk) {
        analyse();
        String text = document.text();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", file.toString());
        m.put("revision", revision);
        m.put("text", text);
        m.put("dirty", !text.equals(disk == null ? "" : disk));
        m.put("diskChanged", !Objects.equals(onDisk, disk));
        m.put("canUndo", !undo.isEmpty());
        m.put("canRedo", !redo.isEmpty());
        m.put("problems", problems);
        m.put("outline", outline);
        m.put("svg", svg);
        m.put("saved", saved == null ? null : Map.of("seq", saved.seq(), "forced", saved.forced(), "at", saved.at().toString()));
        return m;
    }

    /** The outline as JSON objects: each record's components by name. */
    private static Map<String, Object> outline(Outline o) {
        List<Map<String, Object>> states = new ArrayList<>();
        for (Outline.State s : o.states()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", s.name());
            m.put("parent", s.parent());
            m.put("kind", s.kind());
            m.put("initial", s.initial());
            m.put("line", s.line());
            m.put("column", s.column());
            m.put("keys", s.keys());
            List<Map<String, Object>> transitions = new ArrayList<>();
            for (Outline.Transition t : s.transitions()) {
                Map<String, Object> tm = new LinkedHashMap<>();
                tm.put("index", t.index());
                tm.put("json", t.json());
                tm.put("line", t.line());
                tm.put("column", t.column());
                transitions.add(tm);
            }
            m.put("transitions", transitions);
            states.add(m);
        }
        List<Map<String, Object>> variables = new ArrayList<>();
        for (Outline.Variable v : o.variables()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", v.name());
            m.put("json", v.json());
            m.put("line", v.line());
            m.put("column", v.column());
            variables.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("chart", o.chart());
        out.put("states", states);
        out.put("variables", variables);
        out.put("events", o.events());
        return out;
    }

    // ---------------------------------------------------------------- the file

    private String readOrFail() {
        try {
            return readDisk();
        } catch (IOException e) {
            throw new StudioException(500, fileName + " cannot be read: " + e);
        }
    }

    /** The file's text now, null when it does not exist; never more than {@link #maxBytes} read. */
    private String readDisk() throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " is not a regular file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) maxBytes + 1);
        } catch (NoSuchFileException e) {
            return null; // removed between the look and the read
        }
        if (bytes.length > maxBytes) {
            throw new IOException(file + " is larger than the limit of " + maxBytes + " bytes");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Writes the file whole or not at all: the bytes go to a temporary file in the same directory
     * (so the move stays on one file system), which is then moved over the file in one step; a
     * reader (the game's ChartWatcher) sees the old text or the new, never half of one.
     */
    private void writeAtomically(byte[] bytes) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Path temp = Files.createTempFile(dir, "." + fileName + ".", ".studio-tmp");
        try {
            Files.write(temp, bytes);
            copyPermissions(target, temp);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp); // gone after a move; left only when the write failed
        }
    }

    /** A temporary file is made readable by its owner only: the file keeps the permissions it had. */
    private static void copyPermissions(Path from, Path to) {
        try {
            if (Files.exists(from)) {
                Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
            } else {
                Files.setPosixFilePermissions(to, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
        } catch (UnsupportedOperationException | IOException e) {
            // not a POSIX file system (or not allowed): the file system's defaults stand
        }
    }

    /** {@return the session in a line, for logs} */
    @Override
    public String toString() {
        return "Studio[" + file + ", revision " + revision + "]";
    }
}
