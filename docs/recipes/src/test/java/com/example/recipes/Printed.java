package com.example.recipes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a recipe's program prints, against the output the recipes page shows (src/test/resources/expected). */
final class Printed {

    /** A program's main method. */
    interface Main {
        void run(String... args) throws Exception;
    }

    /** What {@code main} prints on System.out when run with {@code args}. */
    static String by(Main main, String... args) throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            main.run(args);
        } finally {
            System.setOut(out);
        }
        return printed.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }

    /** The output the page shows, {@code expected/NAME}. */
    static String expected(String name) {
        try (InputStream in = Printed.class.getResourceAsStream("/expected/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource /expected/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Checks that the program printed {@code expected/NAME}; when it did not, what it printed is
     * also written to {@code target/printed/NAME}, to compare.
     */
    static void assertShown(String name, String printed) throws IOException {
        String expected = expected(name);
        if (!printed.equals(expected)) {
            Path actual = Path.of("target", "printed", name);
            Files.createDirectories(actual.getParent());
            Files.writeString(actual, printed);
        }
        assertEquals(expected, printed, "what the program printed, against expected/" + name);
    }

    private Printed() {}
}
