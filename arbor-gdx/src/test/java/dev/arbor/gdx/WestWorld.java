package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.fsm.StateMachine;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import com.badlogic.gdx.ai.msg.Telegram;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A West World in the manner of Buckland's (seed 002), written for these tests as a gdx-ai user
 * writes it: a miner and his wife whose states are enums implementing gdx-ai's {@link State},
 * each with a global state, talking through a {@link MessageDispatcher}. The states only know
 * gdx-ai's {@link StateMachine} interface, so the same enum code runs on a
 * {@link DefaultStateMachine} or on an {@link ArborStateMachine}; every call a state receives is
 * written to the world's trace.
 */
final class WestWorld {

    static final int MSG_HI_HONEY = 1;
    static final int MSG_STEW_READY = 2;
    /** Not used by the flat states; the nested chart reacts to it (see NestingTest). */
    static final int MSG_NIGHTFALL = 3;

    enum Place { SHACK, MINE, BANK, SALOON }

    /** Which machine runs the states. */
    enum Engine {
        GDX_AI, ARBOR;

        <E, S extends State<E>> StateMachine<E, S> machine(GdxChart<E, S> chart, E owner, S initial, S global) {
            return this == GDX_AI ? new DefaultStateMachine<>(owner, initial, global)
                    : new ArborStateMachine<>(chart, owner, initial, global);
        }
    }

    static final GdxChart<Miner, MinerState> MINER_CHART = GdxChart.flat("miner", MinerState.class);
    static final GdxChart<Wife, WifeState> WIFE_CHART = GdxChart.flat("wife", WifeState.class);

    final MessageDispatcher dispatcher = new MessageDispatcher();
    final SplittableRandom random;
    final List<String> trace = new ArrayList<>();
    final Miner bob;
    final Wife elsa;

    WestWorld(Engine engine, long seed) {
        this(engine, seed, MINER_CHART);
    }

    WestWorld(Engine engine, long seed, GdxChart<Miner, MinerState> minerChart) {
        random = new SplittableRandom(seed);
        bob = new Miner(this);
        elsa = new Wife(this);
        bob.fsm = engine.machine(minerChart, bob, MinerState.GO_HOME_AND_SLEEP, MinerState.MINER_GLOBAL);
        elsa.fsm = engine.machine(WIFE_CHART, elsa, WifeState.DO_HOUSEWORK, WifeState.WIFE_GLOBAL);
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
        StateMachine<Miner, MinerState> fsm;
        Place location = Place.SHACK;
        int gold;
        int savings;
        int thirst;
        int fatigue = 2;

        Miner(WestWorld world) {
            this.world = world;
        }

        void say(String line) {
            world.log("bob: " + line);
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
            bob.world.log("bob enter " + name());
            onEnter(bob);
        }

        @Override
        public final void update(Miner bob) {
            bob.world.log("bob update " + name());
            onUpdate(bob);
        }

        @Override
        public final void exit(Miner bob) {
            bob.world.log("bob exit " + name());
            onExit(bob);
        }

        @Override
        public final boolean onMessage(Miner bob, Telegram t) {
            bob.world.log("bob onMessage " + name() + " " + t.message);
            return onMessageBody(bob, t);
        }
    }

    // ------------------------------------------------------------------ the wife

    static final class Wife {
        final WestWorld world;
        StateMachine<Wife, WifeState> fsm;
        boolean cooking;

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
            return onMessageBody(elsa, t);
        }
    }
}
