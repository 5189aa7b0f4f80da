package dev.arbor.bench.regions;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.action.Action;
import org.springframework.statemachine.config.StateMachineBuilder;
import reactor.core.publisher.Mono;

/**
 * Spring Statemachine 4.0.2: the player as a state with three orthogonal regions (three
 * {@code withStates().parent(PLAYER)} blocks), built without a Spring context, one machine a
 * player. A game tick is the event {@code TICK} (Spring's {@code timerOnce} is real time), and the
 * invulnerability counts its ticks on the owner. Events are sent the reactive way with prebuilt
 * messages.
 *
 * <p><b>Not a peer of workload 6:</b> Spring offers an event to the regions in turn and stops at
 * the first that takes it, so a hit cannot break off an attack and stun the player in one step
 * (PlayerEquivalenceTest shows it). It is kept to show that, not timed.
 */
public final class SpringPlayer implements PlayerPeer {

    /** The player's states for Spring (it wants one type for them). */
    enum S { PLAYER, MOVEMENT, IDLE, WALK, SNEAK, ACTION, NONE, LIGHT_ATTACK, HEAVY_ATTACK, STATUS, NORMAL, STUNNED, INVULNERABLE }

    private final PlayerOwner owner;
    private final StateMachine<S, PlayerEv> machine;
    private final Map<PlayerEv, Mono<Message<PlayerEv>>> messages = new EnumMap<>(PlayerEv.class);

    /** A player writing to {@code owner}. */
    public SpringPlayer(PlayerOwner owner) {
        this.owner = owner;
        try {
            this.machine = build(owner);
        } catch (Exception e) {
            throw new IllegalStateException("Spring Statemachine rejected the chart", e);
        }
        for (PlayerEv e : PlayerEv.values()) {
            messages.put(e, Mono.just(MessageBuilder.withPayload(e).build()));
        }
    }

    private static Action<S, PlayerEv> rec(PlayerOwner o, String record) {
        return ctx -> o.rec(record);
    }

    private static StateMachine<S, PlayerEv> build(PlayerOwner o) throws Exception {
        StateMachineBuilder.Builder<S, PlayerEv> b = StateMachineBuilder.builder();
        b.configureConfiguration().withConfiguration().autoStartup(false).machineId("player");
        b.configureStates()
                .withStates()
                    .initial(S.PLAYER)
                    .and()
                .withStates().parent(S.PLAYER).region("MOVEMENT")
                    .initial(S.IDLE)
                    .state(S.IDLE, rec(o, "IDLE-ENTRY"), rec(o, "IDLE-EXIT"))
                    .state(S.WALK, rec(o, "WALK-ENTRY"), rec(o, "WALK-EXIT"))
                    .state(S.SNEAK, rec(o, "SNEAK-ENTRY"), rec(o, "SNEAK-EXIT"))
                    .and()
                .withStates().parent(S.PLAYER).region("ACTION")
                    .initial(S.NONE)
                    .state(S.NONE, rec(o, "NONE-ENTRY"), rec(o, "NONE-EXIT"))
                    .state(S.LIGHT_ATTACK, rec(o, "LIGHT_ATTACK-ENTRY"), rec(o, "LIGHT_ATTACK-EXIT"))
                    .state(S.HEAVY_ATTACK, ctx -> {
                        o.heavy = true;
                        o.rec("HEAVY_ATTACK-ENTRY");
                    }, ctx -> {
                        o.heavy = false;
                        o.rec("HEAVY_ATTACK-EXIT");
                    })
                    .and()
                .withStates().parent(S.PLAYER).region("STATUS")
                    .initial(S.NORMAL)
                    .state(S.NORMAL, rec(o, "NORMAL-ENTRY"), rec(o, "NORMAL-EXIT"))
                    .state(S.STUNNED, rec(o, "STUNNED-ENTRY"), rec(o, "STUNNED-EXIT"))
                    .state(S.INVULNERABLE, ctx -> {
                        o.ticks = 0;
                        o.rec("INVULNERABLE-ENTRY");
                    }, rec(o, "INVULNERABLE-EXIT"));
        b.configureTransitions()
                .withExternal().source(S.IDLE).target(S.WALK).event(PlayerEv.MOVE).guard(ctx -> !o.heavy)
                    .action(rec(o, "m-MOVE")).and()
                .withExternal().source(S.WALK).target(S.SNEAK).event(PlayerEv.CROUCH).action(rec(o, "m-CROUCH")).and()
                .withExternal().source(S.WALK).target(S.IDLE).event(PlayerEv.HALT).action(rec(o, "m-HALT")).and()
                .withExternal().source(S.SNEAK).target(S.WALK).event(PlayerEv.STAND).action(rec(o, "m-STAND")).and()
                .withExternal().source(S.SNEAK).target(S.IDLE).event(PlayerEv.HALT).action(rec(o, "m-HALT")).and()
                .withExternal().source(S.NONE).target(S.LIGHT_ATTACK).event(PlayerEv.LIGHT).action(rec(o, "a-LIGHT")).and()
                .withExternal().source(S.NONE).target(S.HEAVY_ATTACK).event(PlayerEv.HEAVY).action(rec(o, "a-HEAVY")).and()
                .withExternal().source(S.LIGHT_ATTACK).target(S.NONE).event(PlayerEv.DONE).action(rec(o, "a-DONE")).and()
                .withExternal().source(S.LIGHT_ATTACK).target(S.NONE).event(PlayerEv.HIT).action(rec(o, "a-HIT")).and()
                .withExternal().source(S.HEAVY_ATTACK).target(S.NONE).event(PlayerEv.DONE).action(rec(o, "a-DONE")).and()
                .withExternal().source(S.HEAVY_ATTACK).target(S.NONE).event(PlayerEv.HIT).action(rec(o, "a-HIT")).and()
                .withExternal().source(S.NORMAL).target(S.STUNNED).event(PlayerEv.HIT).action(rec(o, "s-HIT")).and()
                .withExternal().source(S.NORMAL).target(S.INVULNERABLE).event(PlayerEv.POWER_UP)
                    .action(rec(o, "s-POWER_UP")).and()
                .withExternal().source(S.STUNNED).target(S.NORMAL).event(PlayerEv.RECOVER).action(rec(o, "s-RECOVER")).and()
                .withExternal().source(S.INVULNERABLE).target(S.NORMAL).event(PlayerEv.TICK).guard(ctx -> o.ticks >= 2)
                    .action(rec(o, "s-EXPIRED")).and()
                .withInternal().source(S.INVULNERABLE).event(PlayerEv.TICK).guard(ctx -> o.ticks < 2)
                    .action(ctx -> o.ticks++);
        return b.build();
    }

    @Override
    public void start() {
        machine.startReactively().block();
    }

    @Override
    public void fire(PlayerEv event) {
        machine.sendEvent(messages.get(event)).blockLast();
    }

    @Override
    public PlayerOwner owner() {
        return owner;
    }

    @Override
    public String configuration() {
        List<String> ids = new ArrayList<>();
        for (S id : machine.getState().getIds()) {
            ids.add(id.name());
        }
        return PlayerPeer.configurationOf(ids);
    }
}
