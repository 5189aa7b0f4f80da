package dev.arbor.pekko;

import dev.arbor.pekko.demo.Guards;
import java.time.Duration;
import java.util.function.Function;

/** The tests' guard entity types ({@link Guards}), named "guard". */
final class Guard {

    static EntitySpec<Guards.Owner> spec(int snapshotEvery) {
        return spec(snapshotEvery, Duration.ofMinutes(2), id -> new Guards.Owner());
    }

    static EntitySpec<Guards.Owner> snapshotsOnly(int everyTicks) {
        return Guards.spec("guard", new Durability.SnapshotsOnly(everyTicks), Duration.ofMinutes(2));
    }

    static EntitySpec<Guards.Owner> spec(int snapshotEvery, Duration passivateAfter, Function<String, Guards.Owner> owners) {
        return spec(new Durability.InputsJournaled(snapshotEvery), passivateAfter, owners);
    }

    static EntitySpec<Guards.Owner> spec(Durability.InputsJournaled durability, Duration passivateAfter,
                                         Function<String, Guards.Owner> owners) {
        return Guards.spec("guard", durability, passivateAfter, owners);
    }

    private Guard() {}
}
