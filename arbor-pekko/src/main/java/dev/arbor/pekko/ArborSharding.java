package dev.arbor.pekko;

import java.time.Duration;
import java.util.Objects;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingSettings;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;

/**
 * An entity type set up on a node: one call ({@link #init}) registers it with Cluster Sharding,
 * then events go to entities by id, wherever in the cluster they live.
 *
 * <pre>{@code
 * ArborSharding<Npc> npcs = ArborSharding.init(system, new EntitySpec<>("npc", chart, id -> new Npc(id),
 *         SnapshotCodec.builder(chart).ownerData(npcData).build(), EventCodec.ofEnum(Ev.class),
 *         new Durability.InputsJournaled(100),
 *         Duration.ofMinutes(2)));
 * npcs.fire("npc-17", Ev.SEE_ENEMY).thenAccept(reply -> ...);   // Ack once journaled and processed
 * }</pre>
 *
 * @param <C> the owner type of the entities' machines
 */
public final class ArborSharding<C> {
    private final EntitySpec<C> spec;
    private final ClusterSharding sharding;
    private final EntityTypeKey<EntityCommand> key;
    private final Duration timeout;

    private ArborSharding(EntitySpec<C> spec, ClusterSharding sharding, EntityTypeKey<EntityCommand> key,
                          Duration timeout) {
        this.spec = spec;
        this.sharding = sharding;
        this.key = key;
        this.timeout = timeout;
    }

    /**
     * Registers the entity type on this node (every node of the cluster does, with the same spec)
     * and, when its entities are {@linkplain EntitySpec#isTicked() ticked}, starts the node's tick
     * driver for them.
     *
     * @param system the node's actor system, with Cluster Sharding and persistence configured
     * @param spec   the entity type
     * @param <C>    the owner type
     * @return the entity type on this node, to send its entities events by id
     */
    public static <C> ArborSharding<C> init(ActorSystem<?> system, EntitySpec<C> spec) {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(spec, "spec");
        ClusterSharding sharding = ClusterSharding.get(system);
        EntityTypeKey<EntityCommand> key = EntityTypeKey.create(EntityCommand.class, spec.name());
        Map<String, Long> refusedSnapshots = new ConcurrentHashMap<>();
        ActorRef<TickDriver.Command> ticks = spec.isTicked()
                ? system.systemActorOf(TickDriver.create(spec.tickEvery()), "arbor-ticks-" + spec.name(), Props.empty())
                : null;
        sharding.init(Entity.of(key, ctx -> spec.durability() instanceof Durability.InputsJournaled
                        ? ArborEntity.create(spec, ctx.getEntityId(), refusedSnapshots, ticks)
                        : ArborStateEntity.create(spec, ctx.getEntityId(), ticks))
                .withStopMessage(new EntityCommand.Passivate())
                .withSettings(withIdleTimeout(ClusterShardingSettings.create(system), spec.passivateAfter())));
        return new ArborSharding<>(spec, sharding, key, Duration.ofSeconds(10));
    }

    /**
     * The node's sharding settings with entities passivated after {@code idle}, and whatever else
     * its configuration says about passivation kept: an active entity limit
     * ({@code pekko.cluster.sharding.passivation.strategy = default-strategy}) bounds the heap a
     * node gives to live entities, the least recently used passivated first.
     */
    private static ClusterShardingSettings withIdleTimeout(ClusterShardingSettings configured, Duration idle) {
        return configured.withPassivationStrategy(configured.passivationStrategySettings().withIdleEntityPassivation(idle));
    }

    /** {@return the entity type} */
    public EntitySpec<C> spec() {
        return spec;
    }

    /**
     * The same entity type, asked with another timeout (10 seconds by default).
     *
     * @param askTimeout how long {@link #fire} and {@link #query} wait for an answer; positive
     * @return a copy that asks with this timeout
     * @throws IllegalArgumentException when {@code askTimeout} is not positive
     */
    public ArborSharding<C> withAskTimeout(Duration askTimeout) {
        if (askTimeout.isNegative() || askTimeout.isZero()) {
            throw new IllegalArgumentException("an ask timeout must be positive, not " + askTimeout);
        }
        return new ArborSharding<>(spec, sharding, key, askTimeout);
    }

    /**
     * Fires an event at an entity: {@link EntityReply.Ack} with the configuration once the event
     * is journaled and processed, or {@link EntityReply.Refused} with the reason (the bytes are no
     * event, or the entity cannot be recovered).
     *
     * @param entityId the entity's id; the entity is created or recovered when it is not live
     * @param event    an event of the entity type's event codec
     * @return the entity's answer; completed exceptionally when the ask times out
     * @throws IllegalArgumentException when the entity type's event codec cannot write the event
     */
    public CompletionStage<EntityReply> fire(String entityId, Object event) {
        byte[] bytes = ArborEntity.encode(spec, event);
        return onCompletingThread(sharding.entityRefFor(key, entityId).ask(reply -> new EntityCommand.Fire(bytes, reply), timeout));
    }

    /**
     * Runs ticks on an entity, wherever it lives (the tick driver of its node sends ticks to live
     * entities by itself; this is for entities that are ticked by hand, or a batch out of turn).
     *
     * @param entityId the entity's id
     * @param count    how many ticks to run; at least 1
     * @throws IllegalArgumentException when {@code count} is less than 1
     */
    public void tick(String entityId, int count) {
        sharding.entityRefFor(key, entityId).tell(new EntityCommand.Tick(count));
    }

    /**
     * Asks an entity for its state.
     *
     * @param entityId the entity's id
     * @return its configuration, snapshot and input count; completed exceptionally when the ask times
     *         out, and with an {@link IllegalStateException} giving the entity's reason when it cannot
     *         be recovered (see {@link Durability.InputsJournaled})
     */
    public CompletionStage<EntityReply.Status> query(String entityId) {
        CompletionStage<EntityReply> asked = sharding.entityRefFor(key, entityId).ask(EntityCommand.Query::new, timeout);
        return onCompletingThread(asked.thenApply(reply -> {
            if (reply instanceof EntityReply.Refused refused) {
                throw new IllegalStateException(refused.reason());
            }
            return (EntityReply.Status) reply;
        }));
    }

    /**
     * The answer as a plain {@link CompletableFuture}, completed on the thread that completes the
     * ask. Pekko's stages run every dependent callback asynchronously on the common pool, and on a
     * machine of two cores the common pool has one thread, so the JDK starts a thread per callback:
     * measured, 25,000 threads started for 5,000 events in the cluster demo, which ran at a third of
     * its speed. Callbacks on the stages returned here run on a Pekko dispatcher thread, and must
     * not block.
     */
    private static <T> CompletionStage<T> onCompletingThread(CompletionStage<T> asked) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        asked.whenCompleteAsync((value, error) -> {
            if (error != null) {
                answer.completeExceptionally(error);
            } else {
                answer.complete(value);
            }
        }, Runnable::run);
        return answer;
    }
}
