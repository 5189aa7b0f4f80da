package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an event may be and how triggers match it (docs/architecture.md, "Events and triggers";
 * SCXML §3.12.1): enum constants (by identity), typed objects such as records and sealed
 * hierarchies (by type, guards and actions reading the payload), named events ({@link String} or
 * {@link NamedEvent}) matched as SCXML descriptors ({@code "a"} matches {@code "a"} and
 * {@code "a.b"}, {@code "*"} matches everything). Among the transitions of one state that match,
 * the first declared wins; an inner state's transitions come before its ancestors'. Events nobody
 * handles go to the {@code unhandled} hook and the listener.
 */
class EventTypesTest {

    enum Sig { PING, PONG }

    enum Other { PING }

    record Hit(int damage) {}

    sealed interface Cmd permits Move, Halt {}

    record Move(int x, int y) implements Cmd {}

    record Halt() implements Cmd {}

    record Packet(String name) implements NamedEvent {
        @Override
        public String toString() {
            return "Packet(" + name + ")";
        }
    }

    record Unrelated(int n) {}

    // ------------------------------------------------------------------ enum constants

    @Test
    void anEnumTriggerMatchesItsConstantOnly() {
        Chart<Trace> chart = Chart.<Trace>builder("enums")
                .unknownEvents(UnknownEvents.IGNORE) // fires events it does not know, to show that they match nothing
                .initial("A")
                .state("A", a -> {
                    a.on(Sig.PING).action(say("ping"));
                    a.on(Sig.PONG).action((t, e) -> t.log("pong " + e.ordinal())).target("B");
                })
                .state("B")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Sig.PING);
        assertThat(t.take()).containsExactly("ping");
        m.fire(Other.PING); // same name, another enum: no match
        assertThat(t.take()).containsExactly("unhandled PING");
        m.fire("PING");     // a name is not an enum constant
        assertThat(t.take()).containsExactly("unhandled PING");
        m.fire(Sig.PONG);
        assertThat(t.take()).containsExactly("exit A", "pong 1", "enter B");
    }

    // ------------------------------------------------------------------ records

    @Test
    void aRecordTriggerMatchesByTypeAndGuardsAndActionsReadThePayload() {
        Chart<Trace> chart = Chart.<Trace>builder("records")
                .unknownEvents(UnknownEvents.IGNORE) // fires events it does not know, to show that they match nothing
                .initial("OK")
                .state("OK", a -> {
                    a.on(Hit.class).guard((t, hit) -> hit.damage() >= 10)
                            .action((t, hit) -> t.log("heavy " + hit.damage())).target("HURT");
                    a.on(Hit.class).action((t, hit) -> t.log("graze " + hit.damage()));
                })
                .state("HURT")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(new Hit(3));
        assertThat(t.take()).containsExactly("graze 3");
        m.fire(new Unrelated(3));
        assertThat(t.take()).containsExactly("unhandled Unrelated[n=3]");
        m.fire(new Hit(12));
        assertThat(t.take()).containsExactly("exit OK", "heavy 12", "enter HURT");
        assertThat(m.activeStates()).containsExactly("HURT");
    }

    // ------------------------------------------------------------------ sealed hierarchies

    @Test
    void aSealedInterfaceTriggerMatchesEverySubtypeAndAnInnerSubtypeTriggerComesFirst() {
        Chart<Trace> chart = Chart.<Trace>builder("sealed")
                .initial("UNIT")
                .state("UNIT", u -> {
                    u.initial("IDLE");
                    u.on(Cmd.class).action((t, c) -> t.log("unit got " + c));
                    u.state("IDLE", i -> i.on(Move.class)
                            .action((t, mv) -> t.log("move to " + mv.x() + "," + mv.y())).target("MOVING"));
                    u.state("MOVING");
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(new Halt());
        assertThat(t.take()).containsExactly("unit got Halt[]");
        m.fire(new Move(1, 2));
        assertThat(t.take()).containsExactly("exit IDLE", "move to 1,2", "enter MOVING");
        m.fire(new Move(3, 4)); // MOVING has no Move transition: bubbles to UNIT's Cmd transition
        assertThat(t.take()).containsExactly("unit got Move[x=3, y=4]");
        assertThat(m.activeStates()).containsExactly("UNIT", "MOVING");
    }

    // ------------------------------------------------------------------ names

    static Chart<Trace> named() {
        return Chart.<Trace>builder("names")
                .unknownEvents(UnknownEvents.IGNORE) // fires events it does not know, to show that they match nothing
                .initial("A")
                .state("A", a -> {
                    a.on("a").action((t, e) -> t.log("a matched " + e));
                    a.on("x.y").action((t, e) -> t.log("x.y matched " + e));
                    a.on("c.*").action((t, e) -> t.log("c.* matched " + e));
                    a.on("m n").action((t, e) -> t.log("m|n matched " + e));
                    a.on("net").action((t, e) -> t.log("net matched " + e));
                })
                .build();
    }

    @Test
    void aNameDescriptorMatchesTheNameAndItsDottedExtensions() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(named(), t);
        t.take();

        m.fire("a");
        m.fire("a.b");
        m.fire("a.b.c");
        assertThat(t.take()).containsExactly("a matched a", "a matched a.b", "a matched a.b.c");

        m.fire("ab");  // not a token prefix
        m.fire("b.a");
        m.fire("A");   // names are case-sensitive
        assertThat(t.take()).containsExactly("unhandled ab", "unhandled b.a", "unhandled A");
    }

    @Test
    void aLongerDescriptorDoesNotMatchAShorterName() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(named(), t);
        t.take();

        m.fire("x");
        m.fire("x.y");
        m.fire("x.y.z");
        m.fire("x.yz");
        assertThat(t.take()).containsExactly(
                "unhandled x", "x.y matched x.y", "x.y matched x.y.z", "unhandled x.yz");
    }

    @Test
    void aTrailingWildcardMeansTheSameAsThePrefixAndSeveralDescriptorsMayBeSeparatedBySpaces() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(named(), t);
        t.take();

        m.fire("c");
        m.fire("c.d");
        m.fire("m.1");
        m.fire("n");
        m.fire("mn");
        assertThat(t.take()).containsExactly(
                "c.* matched c", "c.* matched c.d", "m|n matched m.1", "m|n matched n", "unhandled mn");
    }

    @Test
    void aNamedEventObjectIsMatchedByItsName() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(named(), t);
        t.take();

        m.fire(new Packet("net.packet"));
        m.fire(new Packet("net"));
        m.fire(new Packet("network"));
        assertThat(t.take()).containsExactly(
                "net matched Packet(net.packet)", "net matched Packet(net)", "unhandled Packet(network)");
    }

    @Test
    void theStarDescriptorAndOnAnyMatchEveryKindOfEvent() {
        Chart<Trace> chart = Chart.<Trace>builder("wildcards")
                .initial("A")
                .state("A", a -> {
                    a.on("known").action(say("known"));
                    a.on("*").action((t, e) -> t.log("star " + e));
                    a.on(Sig.PONG).target("B");
                })
                .state("B", b -> {
                    b.onAny().action((t, e) -> t.log("any " + e));
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire("known");
        m.fire("zzz");
        m.fire(Sig.PING);
        m.fire(new Hit(1));
        m.fire(new Packet("p"));
        assertThat(t.take()).containsExactly("known", "star zzz", "star PING", "star Hit[damage=1]", "star Packet(p)");

        m.fire(Sig.PONG); // "*" is declared before PONG's transition in A: it wins
        assertThat(t.take()).containsExactly("star PONG");
        assertThat(m.activeStates()).containsExactly("A");
    }

    @Test
    void onAnyMatchesEveryKindOfEvent() {
        Chart<Trace> chart = Chart.<Trace>builder("any")
                .initial("B")
                .state("B", b -> b.onAny().action((t, e) -> t.log("any " + e)))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire("zzz");
        m.fire(Sig.PING);
        m.fire(new Move(0, 1));
        m.fire(new Packet("p.q"));
        assertThat(t.take()).containsExactly("any zzz", "any PING", "any Move[x=0, y=1]", "any Packet(p.q)");
    }

    // ------------------------------------------------------------------ priority

    @Test
    void whenTwoTransitionsOfOneStateMatchTheFirstDeclaredWins() {
        Chart<Trace> chart = Chart.<Trace>builder("tie")
                .initial("A")
                .state("A", a -> {
                    a.on("a").action(say("first: a")).target("B");
                    a.on("a.b").action(say("second: a.b")).target("C");
                })
                .state("B", b -> {
                    b.onAny().action(say("first: any"));
                    b.on(Sig.PING).action(say("second: PING"));
                })
                .state("C")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire("a.b");
        assertThat(t.take()).containsExactly("exit A", "first: a", "enter B");
        m.fire(Sig.PING);
        assertThat(t.take()).containsExactly("first: any");
    }

    @Test
    void anInnerStatesTransitionComesBeforeItsAncestorsWhateverTheDeclarationOrder() {
        Chart<Trace> chart = Chart.<Trace>builder("bubbling")
                .initial("S")
                .state("S", s -> {
                    s.on(Sig.PING).action(say("outer specific"));
                    s.state("S1", s1 -> s1.onAny().guard((t, e) -> e != Sig.PONG).action((t, e) -> t.log("inner any " + e)));
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Sig.PING);
        assertThat(t.take()).containsExactly("inner any PING");
        m.fire(Sig.PONG); // the inner guard fails and S has no PONG transition
        assertThat(t.take()).containsExactly("unhandled PONG");
    }

    // ------------------------------------------------------------------ unhandled

    @Test
    void anUnhandledEventReachesTheUnhandledHookAndTheListener() {
        List<Object> hooked = new ArrayList<>();
        ChartBuilder<Trace> b = Chart.<Trace>builder("unhandled")
                .unknownEvents(UnknownEvents.IGNORE) // fires events it does not know, to show that they match nothing
                .initial("A")
                .onUnhandled((t, e) -> hooked.add(e));
        Chart<Trace> chart = b
                .state("A", a -> a.on(Sig.PING).guard(t -> t.flag("open")).action(say("ping")))
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        Hit hit = new Hit(7);
        m.fire(hit);
        m.fire(Sig.PING); // its only transition's guard fails
        m.fire("nobody.listens");
        assertThat(t.take()).containsExactly("unhandled Hit[damage=7]", "unhandled PING", "unhandled nobody.listens");
        assertThat(hooked).containsExactly(hit, Sig.PING, "nobody.listens");
        assertThat(hooked.get(0)).isSameAs(hit);

        t.set("open", true);
        m.fire(Sig.PING);
        assertThat(t.take()).containsExactly("ping");
        assertThat(hooked).hasSize(3);
    }

    @Test
    void withoutAHookUnhandledEventsAreIgnored() {
        Chart<Trace> chart = Chart.<Trace>builder("ignore").unknownEvents(UnknownEvents.IGNORE).initial("A").state("A").build();
        Machine<Trace> m = Trace.started(chart);

        m.fire(Sig.PING);
        m.fire("x");
        assertThat(m.activeStates()).containsExactly("A");
    }
}
