package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.LivelockException;
import org.junit.jupiter.api.Test;

/**
 * Documents that never settle (issue 12): the step ends with a {@link LivelockException} that names
 * the states the cycle runs through, and the session is left in a valid configuration, usable.
 */
class LivelockTest {

    @Test
    void aCycleOfEventlessTransitionsNamesItsStatesAndLeavesTheSessionUsable() {
        Docs.Run run = Docs.Run.of("datamodel=\"ecmascript\"", """
                <datamodel><data id="loop" expr="false"/></datamodel>
                <state id="idle">
                  <transition event="go" target="a"><assign location="loop" expr="true"/></transition>
                </state>
                <state id="a"><transition cond="loop" target="b"/><transition event="stop" target="idle"/></state>
                <state id="b"><transition cond="loop" target="a"/><transition event="stop" target="idle"/></state>
                """);
        ScxmlSession s = run.session();
        s.start();
        assertThatThrownBy(() -> s.fire("go"))
                .isInstanceOfSatisfying(LivelockException.class,
                        e -> assertThat(e.states()).containsExactlyInAnyOrder("a", "b"))
                .hasMessageContaining("without settling").hasMessageContaining("through a, b");
        assertThat(s.activeStates()).hasSize(1).containsAnyOf("a", "b");
        s.fire("stop"); // still usable (the cycle's guard still holds, but stop leaves it)
        assertThat(s.activeStates()).containsExactly("idle");
    }

    @Test
    void aPingPongOfSentEventsNamesItsStatesAndDropsOnlyTheRunawayEvents() {
        Docs.Run run = Docs.Run.of("", """
                <state id="idle">
                  <transition event="go" target="ping"/>
                  <transition event="later" target="done"/>
                </state>
                <state id="ping">
                  <onentry><send event="pong"/></onentry>
                  <transition event="pong" target="pong"/>
                  <transition event="stop" target="idle"><send event="later" delay="1s"/></transition>
                </state>
                <state id="pong">
                  <onentry><send event="ping"/></onentry>
                  <transition event="ping" target="ping"/>
                  <transition event="stop" target="idle"><send event="later" delay="1s"/></transition>
                </state>
                <final id="done"/>
                """);
        ScxmlSession s = run.session();
        s.start();
        assertThatThrownBy(() -> s.fire("go"))
                .isInstanceOfSatisfying(LivelockException.class,
                        e -> assertThat(e.states()).containsExactlyInAnyOrder("arbor-1.ping", "arbor-1.pong"))
                .hasMessageContaining("more than 100000");
        assertThat(s.activeStates()).hasSize(1).containsAnyOf("ping", "pong");
        s.fire("stop"); // the runaway events were dropped: stop is the next event the session takes
        assertThat(s.activeStates()).containsExactly("idle");
        s.advanceTime(1000); // a delayed send made after the livelock is delivered as usual
        assertThat(s.isHalted()).isTrue();
    }
}
