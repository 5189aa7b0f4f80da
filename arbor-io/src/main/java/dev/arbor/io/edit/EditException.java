package dev.arbor.io.edit;

/** An edit that cannot be made (an unknown state, a name already taken, …), in words a designer reads; nothing was changed. */
public final class EditException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception.
     *
     * @param message what is wrong, naming the state or key
     */
    public EditException(String message) {
        super(message);
    }
}
