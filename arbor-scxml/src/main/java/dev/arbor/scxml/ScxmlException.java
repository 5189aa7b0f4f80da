package dev.arbor.scxml;

/**
 * A document that cannot be loaded: malformed or hostile XML, or SCXML that breaks a rule. The
 * message names the file, line and column of the problem.
 */
public final class ScxmlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;

    ScxmlException(String file, int line, int column, String problem) {
        super(file + ":" + line + ":" + column + ": " + problem);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    ScxmlException(El where, String problem) {
        this(where.file(), where.line(), where.column(), problem);
    }

    /** The document's name (its path, or the name given when loading from a string). */
    public String file() {
        return file;
    }

    /** The line of the problem, from 1; 0 when unknown. */
    public int line() {
        return line;
    }

    /** The column of the problem, from 1; 0 when unknown. */
    public int column() {
        return column;
    }
}
