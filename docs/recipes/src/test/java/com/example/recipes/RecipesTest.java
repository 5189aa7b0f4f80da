package com.example.recipes;

import org.junit.jupiter.api.Test;

/** Each recipe prints what docs/recipes.md shows. */
class RecipesTest {

    @Test
    void aVillagerWalksAndTalksInTwoRegionsAtOnce() throws Exception {
        Printed.assertShown("walk-and-talk.txt", Printed.by(WalkAndTalk::main));
    }

    @Test
    void aSnapshotInBytesRestoresAFreshMachineQuietly() throws Exception {
        Printed.assertShown("snapshot-to-bytes.txt", Printed.by(SnapshotToBytes::main));
    }

    @Test
    void everyTransitionIsPrintedByTheNamesOfItsStates() throws Exception {
        Printed.assertShown("print-transitions.txt", Printed.by(PrintTransitions::main));
    }
}
