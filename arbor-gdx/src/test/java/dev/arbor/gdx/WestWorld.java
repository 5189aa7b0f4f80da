package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.StackStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import com.badlogic.gdx.ai.msg.Telegram;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A West World in the manner of Buckland's (seed 002), written for these tests as a gdx-ai user
 * writes it: a miner and his wife whose states are enums implementing gdx-ai's {@link State},
 * each with a global state, talking through a {@link MessageDispatcher}. The agents hold their
 * machines as gdx-ai's {@link DefaultStateMachine}, so the same enum code runs on gdx-ai's
 * {@code DefaultStateMachine} or {@link StackStateMachine}, or on the bridge's
 * {@link ArborStateMachine} or {@link ArborStackStateMachine}; every call a state receives is
 * written to the world's trace.
 *
 * <p>Bob has a twin, who may be made the owner of Bob's machine ({@code setOwner}): the states
 * then act on the twin's gold and name. And the world can be armed to run a few requests inside
 * the next callback of Bob's machine ({@link Arming}), after what the state itself does: that is
 * how the tests ask for {@code setInitialState}, {@code setOwner} and the rest from inside a callback.
 */
final class WestWorld {

    static final int MSG_HI_HONEY = 1;
    static final int MSG_STEW_READY = 2;
    /** Not used by the flat states; the nested chart reacts to it (see NestingTest). */
    static final int MSG_NIGHTFALL = 3;

    enum Place { SHACK, MINE, BANK, SALOON }

    /** Which machine runs the states. */
    enum Engine {
        GDX_AI, ARBOR, GDX_AI_STACK, ARBOR_STACK;

        /** The machine, made by the constructor that takes everything, or (later) made bare and then given each. */
        <E, S extends State<E>> DefaultStateMachine<E, S> machine(GdxChart<E, S> chart, E owner, S initial, S global,
                                                                  boolean later) {
            if (!later) {
                return switch (this) {
                    case GDX_AI -> new DefaultStateMachine<>(owner, initial, global);
                    case ARBOR -> new ArborStateMachine<>(chart, owner, initial, global);
                    case GDX_AI_STACK -> new StackStateMachine<>(owner, initial, global);
                    case ARBOR_STACK -> new ArborStackStateMachine<>(chart, owner, initial, global);
                };
            }
            DefaultStateMachine<E, S> m = switch (this) {
                case GDX_AI -> new DefaultStateMachine<>();
                case ARBOR -> new ArborStateMachine<>(chart);
                case GDX_AI_STACK -> new StackStateMachine<>();
                case ARBOR_STACK -> new ArborStackStateMachine<>(chart);
            };
            m.setOwner(owner);
            m.setInitialState(initial);
            m.setGlobalState(global);
            return m;
        }
    }

    /**
     * A request a state makes from inside a callback, after its own code; state -1 is null. What
     * the machine answers goes to {@link #answers}, not to the trace: the bridge makes the
     * requests when the callback returns, so a line written between two of them would come
     * before the first one's calls, where gdx-ai's come after.
     */
    record Reaction(Kind kind, int state) {
        enum Kind {
            CHANGE, REVERT, INITIAL, OWNER_TWIN, OWNER_BOB, MESSAGE,
            /** Asks {@code getCurrentState()}: gdx-ai and the bridge answer differently after a request. */
            ASK
        }

        void apply(WestWorld w) {
            DefaultStateMachine<Miner, MinerState> fsm = w.bob.fsm;
            MinerState s = state < 0 ? null : MinerState.values()[state];
            switch (kind) {
                case CHANGE -> fsm.changeState(s);
                case REVERT -> w.answers.add("revert -> " + fsm.revertToPreviousState());
                case INITIAL -> fsm.setInitialState(s);
                case OWNER_TWIN -> fsm.setOwner(w.twin);
                case OWNER_BOB -> fsm.setOwner(w.bob);
                case MESSAGE -> {
                    Telegram t = new Telegram(); // handled at once by gdx-ai, held by the bridge: its answer is not compared
                    t.message = state;
                    fsm.handleMessage(t);
                }
                case ASK -> w.answers.add("current " + fsm.getCurrentState());
            }
            w.answers.add("owner " + fsm.getOwner().name);
        }
    }

    /**
     * Which callback of Bob's machine runs the reactions: the next of this kind, in {@code state}
     * (null: any). {@code MESSAGE} is an {@code onMessage} that takes the message, {@code REFUSED}
     * one that does not.
     */
    enum Trigger { ENTER, UPDATE, EXIT, MESSAGE, REFUSED }

    /** Reactions to run once, in the next callback that matches. */
    record Arming(Trigger trigger, MinerState state, List<Reaction> reactions) {
    }

    static final GdxChart<Miner, MinerState> MINER_CHART = GdxChart.flat("miner", MinerState.class);
    static final GdxChart<Wife, WifeState> WIFE_CHART = GdxChart.flat("wife", WifeState.class);

    final MessageDispatcher dispatcher;
    final SplittableRandom random;
    final List<String> trace = new ArrayList<>();
    /** What the machine answered to the armed requests, in order; compared after the step. */
    final List<String> answers = new ArrayList<>();
    final Miner bob;
    /** Bob's twin, who shares his machine: made its owner by {@code setOwner}. */
    final Miner twin;
    final Wife elsa;
    /** What runs inside the next matching callback of Bob's machine; null when nothing is armed. */
    Arming armed;

    WestWorld(Engine engine, long seed) {
        this(engine, seed, MINER_CHART);
    }

    WestWorld(Engine engine, long seed, GdxChart<Miner, MinerState> minerChart) {
        this(engine, seed, minerChart, false, new MessageDispatcher());
    }

    /**
     * A world whose machines are made by {@code engine}, bare and then given owner, initial and
     * global state when {@code later}, whose agents talk through {@code dispatcher}.
     */
    WestWorld(Engine engine, long seed, GdxChart<Miner, MinerState> minerChart, boolean later,
              MessageDispatcher dispatcher) {
        this.dispatcher = dispatcher;
        random = new SplittableRandom(seed);
        bob = new Miner(this, "bob");
        twin = new Miner(this, "twin");
        elsa = new Wife(this);
        bob.fsm = engine.machine(minerChart, bob, MinerState.GO_HOME_AND_SLEEP, MinerState.MINER_GLOBAL, later);
        twin.fsm = bob.fsm;
        elsa.fsm = engine.machine(WIFE_CHART, elsa, WifeState.DO_HOUSEWORK, WifeState.WIFE_GLOBAL, later);
    }

    /**
     * Runs what is armed, once, if this callback matches, and Elsa is not inside one of her own
     * callbacks: a telegram the reactions made Bob send her would reach her machine inside its
     * step, which the bridge handles once the step is done (docs/from-gdx-ai.md).
     */
    void react(Trigger trigger, MinerState state) {
        Arming a = armed;
        if (a != null && a.trigger == trigger && (a.state == null || a.state == state) && !elsa.busy) {
            armed = null;
            answers.add("react in " + trigger + " " + state); // not in the trace: the state's own requests come before it
            for (Reaction r : a.reactions) {
                r.apply(this);
            }
        }
    }

    void log(String line) {
        trace.add(line);
    }

    /** The trace written since the last call. */
    List<String> take() {
        List<String> out = List.copyOf(trace);
        trace.clear();
        return out;
    }

    /** One frame: telegrams due now are delivered, then each agent updates. */
    void tick() {
        dispatcher.update();
        bob.fsm.update();
        elsa.fsm.update();
    }

    // ------------------------------------------------------------------ the miner

    static final class Miner {
        final WestWorld world;
        final String name;
        DefaultStateMachine<Miner, MinerState> fsm;
        Place location = Place.SHACK;
        int gold;
        int savings;
        int thirst;
        int fatigue = 2;

        Miner(WestWorld world, String name) {
            this.world = world;
            this.name = name;
        }

        void say(String line) {
            world.log(name + ": " + line);
        }

        void walkTo(Place place, String line) {
            if (location != place) {
                say(line);
                location = place;
            }
        }
    }

    enum MinerState implements State<Miner> {
        GO_HOME_AND_SLEEP {
            @Override
            void onEnter(Miner bob) {
                if (bob.location != Place.SHACK) {
                    bob.walkTo(Place.SHACK, "back to the shack");
                    bob.world.dispatcher.dispatchMessage(0f, bob.fsm, bob.world.elsa.fsm, MSG_HI_HONEY);
                }
            }

            @Override
            void onUpdate(Miner bob) {
                if (bob.fatigue <= 0) {
                    bob.say("rested; off to find gold");
                    bob.fsm.changeState(ENTER_MINE_AND_DIG);
                } else {
                    bob.fatigue--;
                    bob.say("snoring");
                }
            }

            @Override
            boolean onMessageBody(Miner bob, Telegram t) {
                if (t.message == MSG_STEW_READY) {
                    bob.say("coming, dear");
                    bob.fsm.changeState(EAT_STEW);
                    return true;
                }
                return false;
            }
        },
        ENTER_MINE_AND_DIG {
            @Override
            void onEnter(Miner bob) {
                bob.walkTo(Place.MINE, "walking to the mine");
            }

            @Override
            void onUpdate(Miner bob) {
                bob.gold++;
                bob.fatigue++;
                bob.say("a nugget, " + bob.gold + " carried");
                if (bob.gold >= 3) {
                    bob.fsm.changeState(VISIT_BANK);
                } else if (bob.thirst >= 5) {
                    bob.fsm.changeState(QUENCH_THIRST);
                }
            }

            @Override
            void onExit(Miner bob) {
                bob.say("out of the mine");
            }
        },
        VISIT_BANK {
            @Override
            void onEnter(Miner bob) {
                bob.walkTo(Place.BANK, "to the bank");
            }

            @Override
            void onUpdate(Miner bob) {
                bob.savings += bob.gold;
                bob.gold = 0;
                bob.say("savings now " + bob.savings);
                bob.fsm.changeState(bob.savings >= 5 ? GO_HOME_AND_SLEEP : ENTER_MINE_AND_DIG);
            }

            @Override
            void onExit(Miner bob) {
                bob.say("out of the bank");
            }
        },
        QUENCH_THIRST {
            @Override
            void onEnter(Miner bob) {
                bob.walkTo(Place.SALOON, "to the saloon, parched");
            }

            @Override
            void onUpdate(Miner bob) {
                bob.thirst = 0;
                bob.savings = Math.max(0, bob.savings - 1);
                bob.say("a fine drink");
                bob.fsm.changeState(ENTER_MINE_AND_DIG);
            }

            @Override
            void onExit(Miner bob) {
                bob.say("out of the saloon");
            }
        },
        EAT_STEW {
            @Override
            void onEnter(Miner bob) {
                bob.say("smells good");
            }

            @Override
            void onUpdate(Miner bob) {
                bob.say("tastes good");
                bob.fsm.revertToPreviousState(); // a state blip: back to whatever he was doing
            }

            @Override
            void onExit(Miner bob) {
                bob.say("thanks, dear");
            }
        },
        /** Bob's global state: thirst grows every frame, whatever he does. */
        MINER_GLOBAL {
            @Override
            void onUpdate(Miner bob) {
                bob.thirst++;
            }
        };

        void onEnter(Miner bob) {}

        void onUpdate(Miner bob) {}

        void onExit(Miner bob) {}

        boolean onMessageBody(Miner bob, Telegram t) {
            return false;
        }

        @Override
        public final void enter(Miner bob) {
            bob.world.log(bob.name + " enter " + name());
            onEnter(bob);
            bob.world.react(Trigger.ENTER, this);
        }

        @Override
        public final void update(Miner bob) {
            bob.world.log(bob.name + " update " + name());
            onUpdate(bob);
            bob.world.react(Trigger.UPDATE, this);
        }

        @Override
        public final void exit(Miner bob) {
            bob.world.log(bob.name + " exit " + name());
            onExit(bob);
            bob.world.react(Trigger.EXIT, this);
        }

        @Override
        public final boolean onMessage(Miner bob, Telegram t) {
            bob.world.log(bob.name + " onMessage " + name() + " " + t.message);
            boolean handled = onMessageBody(bob, t);
            bob.world.react(handled ? Trigger.MESSAGE : Trigger.REFUSED, this);
            return handled;
        }
    }

    // ------------------------------------------------------------------ the wife

    static final class Wife {
        final WestWorld world;
        DefaultStateMachine<Wife, WifeState> fsm;
        boolean cooking;
        /** Whether one of her callbacks is running. */
        boolean busy;

        Wife(WestWorld world) {
            this.world = world;
        }

        void say(String line) {
            world.log("elsa: " + line);
        }
    }

    enum WifeState implements State<Wife> {
        DO_HOUSEWORK {
            @Override
            void onUpdate(Wife elsa) {
                String[] chores = {"sweeping", "scrubbing the pots", "airing the quilts"};
                elsa.say(chores[elsa.world.random.nextInt(chores.length)]);
            }
        },
        VISIT_BATHROOM {
            @Override
            void onEnter(Wife elsa) {
                elsa.say("off to the outhouse");
            }

            @Override
            void onUpdate(Wife elsa) {
                elsa.say("much better");
                elsa.fsm.revertToPreviousState();
            }

            @Override
            void onExit(Wife elsa) {
                elsa.say("back from the outhouse");
            }
        },
        COOK_STEW {
            @Override
            void onEnter(Wife elsa) {
                if (!elsa.cooking) {
                    elsa.cooking = true;
                    elsa.say("stew's on the fire");
                    elsa.world.dispatcher.dispatchMessage(1.5f, elsa.fsm, elsa.fsm, MSG_STEW_READY);
                }
            }

            @Override
            void onUpdate(Wife elsa) {
                elsa.say("stirring the pot");
            }

            @Override
            boolean onMessageBody(Wife elsa, Telegram t) {
                if (t.message == MSG_STEW_READY) {
                    elsa.cooking = false;
                    elsa.say("stew's ready");
                    elsa.world.dispatcher.dispatchMessage(0f, elsa.fsm, elsa.world.bob.fsm, MSG_STEW_READY);
                    elsa.fsm.changeState(DO_HOUSEWORK);
                    return true;
                }
                return false;
            }

            @Override
            void onExit(Wife elsa) {
                elsa.say("stew on the table");
            }
        },
        /** Elsa's global state: nature may call in any state; Bob's greeting is heard in any state. */
        WIFE_GLOBAL {
            @Override
            void onUpdate(Wife elsa) {
                if (elsa.world.random.nextInt(10) == 1 && !elsa.fsm.isInState(VISIT_BATHROOM)) {
                    elsa.fsm.changeState(VISIT_BATHROOM);
                }
            }

            @Override
            boolean onMessageBody(Wife elsa, Telegram t) {
                if (t.message == MSG_HI_HONEY) {
                    elsa.say("welcome home, stew's coming");
                    elsa.fsm.changeState(COOK_STEW);
                    return true;
                }
                return false;
            }
        };

        void onEnter(Wife elsa) {}

        void onUpdate(Wife elsa) {}

        void onExit(Wife elsa) {}

        boolean onMessageBody(Wife elsa, Telegram t) {
            return false;
        }

        @Override
        public final void enter(Wife elsa) {
            elsa.world.log("elsa enter " + name());
            onEnter(elsa);
        }

        @Override
        public final void update(Wife elsa) {
            elsa.world.log("elsa update " + name());
            onUpdate(elsa);
        }

        @Override
        public final void exit(Wife elsa) {
            elsa.world.log("elsa exit " + name());
            onExit(elsa);
        }

        @Override
        public final boolean onMessage(Wife elsa, Telegram t) {
            elsa.world.log("elsa onMessage " + name() + " " + t.message);
            boolean was = elsa.busy;
            elsa.busy = true;
            try {
                return onMessageBody(elsa, t);
            } finally {
                elsa.busy = was;
            }
        }
    }
}
