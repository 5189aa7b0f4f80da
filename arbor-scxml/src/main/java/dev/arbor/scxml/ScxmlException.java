package dev.arbor.scxml;

/**
 * A document that cannot be loaded: malformed or hostile XML, or SCXML that breaks a rule. The
 * message names the file, line and column of the problem.
 */
public final class ScxmlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The document's name, as the message gives it. */
    private final String file;
    /** The problem's line, from 1; 0 when unknown. */
    private final int line;
    /** The problem's column, from 1; 0 when unknown. */
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

    /**
     * The document's name (its path, or the name given when loading from a string).
     *
     * @return the name the message starts with
     */
    public String file() {
        return file;
    }

    /**
     * The line of the problem, from 1; 0 when unknown.
     *
     * @return the line number
     */
    public int line() {
        return line;
    }

    /**
     * The column of the problem, from 1; 0 when unknown.
     *
     * @return the column number
     */
    public int column() {
        return column;
    }
}
