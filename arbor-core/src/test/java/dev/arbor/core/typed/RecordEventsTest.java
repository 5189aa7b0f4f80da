package dev.arbor.core.typed;

import static dev.arbor.core.typed.Recorder.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.ExecutionError;
import org.junit.jupiter.api.Test;

/**
 * Events of a sealed hierarchy through the typed face: an enum and records that implement one
 * sealed interface, the chart typed by the interface. A transition on a record class receives the
 * record, its guard and action reading its fields; deferral takes a record class; the engine's own
 * events keep their own types ({@code onAny} sees {@code Object}, {@code onError} an
 * {@link ExecutionError}).
 */
class RecordEventsTest {

    sealed interface Ev permits Alarm, Hit, Heal {}

    enum Alarm implements Ev { RAISED, CLEARED }

    record Hit(int damage) implements Ev {}

    record Heal(int amount) implements Ev {}

    enum St { CALM, ALERT, DOWN }

    /** The owner: a recorder with hit points. */
    static final class Fighter extends Recorder {
        int hp = 10;
    }

    /**
     * <pre>
     * root ─ CALM    RAISED → ALERT;  Heal / hp += amount
     *      ─ ALERT   Hit [damage ≥ hp] → DOWN;  Hit / hp -= damage;  CLEARED → CALM;  defers Heal
     *      ─ DOWN (final)
     * </pre>
     */
    static TypedChart<Fighter, St, Ev> chart() {
        return TypedChart.builder("fighter", Fighter.class, St.class, Ev.class)
                .initial(St.CALM)
                .state(St.CALM, s -> {
                    s.on(Alarm.RAISED).target(St.ALERT);
                    s.on(Heal.class).action((f, heal) -> {
                        f.hp += heal.amount();
                        f.log("healed " + heal.amount() + ", hp " + f.hp);
                    });
                })
                .state(St.ALERT, s -> {
                    s.on(Hit.class).guard((f, hit) -> hit.damage() >= f.hp).action(say("falls")).target(St.DOWN);
                    s.on(Hit.class).action((f, hit) -> {
                        f.hp -= hit.damage();
                        f.log("hit " + hit.damage() + ", hp " + f.hp);
                    });
                    s.on(Alarm.CLEARED).target(St.CALM);
                    s.defer(Heal.class);
                })
                .finalState(St.DOWN)
                .build();
    }

    @Test
    void recordsTriggerByClassAndTheirGuardsAndActionsReadTheirFields() {
        Fighter f = new Fighter();
        TypedMachine<Fighter, St, Ev> m = chart().newMachine(f);
        m.addListener(f).start();
        assertThat(f.take()).containsExactly("enter root", "enter CALM");

        m.fire(new Hit(3));
        assertThat(f.take()).containsExactly("unhandled Hit[damage=3]");

        m.fire(Alarm.RAISED);
        m.fire(new Heal(2));
        assertThat(f.take()).containsExactly("exit CALM", "enter ALERT", "deferred Heal[amount=2]");

        m.fire(new Hit(4));
        assertThat(f.take()).as("the guard does not hold at 10 hp: the second transition takes it")
                .containsExactly("hit 4, hp 6");

        m.fire(Alarm.CLEARED);
        assertThat(f.take()).as("the deferred heal is offered again once CALM no longer defers it")
                .containsExactly("exit ALERT", "enter CALM", "recalled Heal[amount=2]", "healed 2, hp 8");
        assertThat(m.deferredCount()).isZero();

        m.fire(Alarm.RAISED);
        m.fire(new Hit(8));
        assertThat(f.take()).containsExactly("exit CALM", "enter ALERT", "exit ALERT", "falls", "enter DOWN");
        assertThat(m.isHalted()).isTrue();
        assertThat(m.activeStates()).containsExactly(St.DOWN);
    }

    @Test
    void onAnySeesEveryEventAsAnObject() {
        Fighter f = new Fighter();
        TypedMachine<Fighter, St, Ev> m = TypedChart.builder("any", Fighter.class, St.class, Ev.class)
                .initial(St.CALM)
                .state(St.CALM, s -> s.onAny().action((o, event) -> o.log("got " + event)))
                .build()
                .newMachine(f);
        m.start();

        m.fire(Alarm.RAISED);
        m.fire(new Heal(1));
        assertThat(f.take()).containsExactly("got RAISED", "got Heal[amount=1]");
    }

    @Test
    void onErrorTakesTheEnginesErrorEventWithItsOwnType() {
        Fighter f = new Fighter();
        TypedMachine<Fighter, St, Ev> m = TypedChart.builder("errors", Fighter.class, St.class, Ev.class)
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .initial(St.CALM)
                .state(St.CALM, s -> {
                    s.on(Hit.class).action((o, hit) -> {
                        throw new IllegalStateException("no armour for " + hit.damage());
                    });
                    s.onError().action((o, error) -> o.log("error in " + error.state() + ": " + error.error().getMessage()))
                            .target(St.DOWN);
                })
                .finalState(St.DOWN)
                .build()
                .newMachine(f);
        m.addListener(f).start();
        f.take();

        m.fire(new Hit(5));
        assertThat(f.take()).containsExactly("exit CALM", "error in CALM: no armour for 5", "enter DOWN");
    }

    @Test
    void aRecordGivenWhereAnEnumConstantIsMatchedIsRefusedWhenTheChartIsDeclared() {
        assertThatThrownBy(() -> TypedChart.builder("by-value", Fighter.class, St.class, Ev.class)
                .initial(St.CALM)
                .state(St.CALM, s -> s.on(new Hit(1)).target(St.DOWN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Hit");
    }
}
