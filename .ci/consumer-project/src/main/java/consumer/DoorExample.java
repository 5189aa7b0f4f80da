package consumer;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.StateAction;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A chart from a JSON file, with components bound by name: {@code Say} and {@code Strong}. */
public final class DoorExample {

    /** The owner of the door's machine. */
    static final class Door {
        final boolean heavyBoots = true;
    }

    /** {@code {"use": "Say", "text": "..."}}: prints the text. */
    public record Say(String text) implements StateAction<Door> {
        @Override
        public void run(Door door) {
            System.out.println("    say   " + text);
        }
    }

    public static void main(String[] args) throws IOException {
        Trace.header("a JSON chart");
        System.out.println("(arbor-io from " + Trace.jarOf(ChartLoader.class) + ")");
        ComponentRegistry<Door> components = ComponentRegistry.<Door>create()
                .action("Say", Say.class)
                .condition("Strong", door -> door.heavyBoots);
        String json;
        try (InputStream in = DoorExample.class.getResourceAsStream("/door.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Chart<Door> chart = ChartLoader.of(components).load("door.json", json);

        Machine<Door> door = chart.newMachine(new Door());
        door.addListener(new Trace());
        System.out.println("start");
        door.start();
        for (String event : List.of("knock", "open", "close", "open", "kick")) {
            door.fire(event);
        }
        System.out.println("halted: " + door.isHalted() + ", active: " + door.activeLeaves());
        if (!door.isHalted()) {
            throw new AssertionError("the door should be broken, its machine halted");
        }
    }
}
