package dev.arbor.io.edit;

import java.util.List;

/**
 * A chart file's text, edited by splicing: {@link #apply} changes only the text of what the edit
 * touches, written in the file's own indentation, so that key order and formatting stay as the
 * designer left them. Immutable: every edit gives a new document.
 */
public final class ChartDocument {
    private final String fileName;
    private final String text;

    private ChartDocument(String fileName, String text) {
        this.fileName = fileName;
        this.text = text;
    }

    /**
     * A document of this text; an empty or blank text is a new chart named after the file, with no states yet.
     *
     * @param fileName the file's name, as problems name it
     * @param text     its text
     * @return the document
     */
    public static ChartDocument of(String fileName, String text) {
        return new ChartDocument(fileName, text);
    }

    /** {@return the file's name} */
    public String fileName() {
        return fileName;
    }

    /** {@return the text} */
    public String text() {
        return text;
    }

    /**
     * The document with an edit made.
     *
     * @param edit the edit
     * @return the new document
     * @throws EditException when the edit cannot be made (the text does not parse as a JSON object, an unknown state, a name taken, …)
     */
    public ChartDocument apply(ChartEdit edit) {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * What the file declares, with each state's and transition's place in it, as far as the text
     * parses (a state whose part of the file does not parse is left out).
     *
     * @return the outline
     * @throws EditException when the text is not a JSON object
     */
    public Outline outline() {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * The transitions a {@link ChartEdit.DeleteState} of {@code state} would remove besides the
     * state's own, each as {@code SOURCE --EVENT--> TARGET} (for a confirmation).
     *
     * @param state the state's name
     * @return the descriptions, in file order
     */
    public List<String> transitionsInto(String state) {
        throw new UnsupportedOperationException("not yet");
    }
}
