package dev.arbor.bench.peers;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.Telegram;

/**
 * libGDX gdx-ai 1.8.2. Its {@link DefaultStateMachine} is flat (one current state, a global state,
 * {@code changeState} = exit then enter), so the hierarchy is built by hand the way gdx-ai users
 * nest machines: every composite state owns a {@code DefaultStateMachine} for its children (five
 * machines per agent: the root's, s's, s1's, s2's and s21's). A composite's {@code onMessage}
 * first offers the telegram to its child machine and handles it itself only if the child did not,
 * which is QP's bubbling; its {@code exit} exits the active child first.
 *
 * <p>The transition code (exit below the transition's domain, run the action, enter down to the
 * target, then follow initial transitions) is written by hand here, as a gdx-ai user would have
 * to; gdx-ai provides only the per-level {@code changeState}. With it the trace is the same as
 * Arbor's, step for step: QP's local transitions, exit → action → entry, initial actions. Events
 * are gdx-ai {@link Telegram}s (one reused per agent, {@code message} = the signal's ordinal),
 * delivered with {@code handleMessage}; nothing is allocated per event.
 */
public final class GdxAiPeer implements QhsmPeer {

    private static final Sig[] SIGNALS = Sig.values();

    /** gdx-ai's entity: the owner, and one state machine per composite level. */
    public static final class Agent {
        final QhsmOwner owner;
        final DefaultStateMachine<Agent, Node> root;
        final DefaultStateMachine<Agent, Node> inS;
        final DefaultStateMachine<Agent, Node> inS1;
        final DefaultStateMachine<Agent, Node> inS2;
        final DefaultStateMachine<Agent, Node> inS21;

        public Agent(QhsmOwner owner) {
            this.owner = owner;
            this.root = new DefaultStateMachine<>(this);
            this.inS = new DefaultStateMachine<>(this);
            this.inS1 = new DefaultStateMachine<>(this);
            this.inS2 = new DefaultStateMachine<>(this);
            this.inS21 = new DefaultStateMachine<>(this);
        }

        /** The machine holding the children of {@code composite} (null: the root), or null for a leaf. */
        DefaultStateMachine<Agent, Node> children(Node composite) {
            if (composite == null) {
                return root;
            }
            switch (composite) {
                case S: return inS;
                case S1: return inS1;
                case S2: return inS2;
                case S21: return inS21;
                default: return null;
            }
        }
    }

    /** QHsmTst's states as gdx-ai states; same order as {@link Q}. */
    public enum Node implements State<Agent> {
        S(null) {
            @Override
            boolean handle(Agent a, Sig e) {
                QhsmOwner o = a.owner;
                switch (e) {
                    case I:
                        if (!o.foo) {
                            return false;
                        }
                        o.foo = false;
                        o.rec("s-I");
                        return true;
                    case E:
                        exitBelow(a, S);
                        o.rec("s-E");
                        enterDown(a, S, S11);
                        return true;
                    default:
                        return false;
                }
            }
        },
        S1(S) {
            @Override
            boolean handle(Agent a, Sig e) {
                QhsmOwner o = a.owner;
                switch (e) {
                    case A: return transit(a, this, S1, "s1-A");
                    case B: return transit(a, this, S11, "s1-B");
                    case C: return transit(a, this, S2, "s1-C");
                    case D:
                        if (o.foo) {
                            return false;
                        }
                        Node d = exitFor(a, this, S);
                        o.foo = true;
                        o.rec("s1-D");
                        enterDown(a, d, S);
                        return true;
                    case F: return transit(a, this, S211, "s1-F");
                    case I:
                        o.rec("s1-I");
                        return true;
                    default:
                        return false;
                }
            }
        },
        S11(S1) {
            @Override
            boolean handle(Agent a, Sig e) {
                QhsmOwner o = a.owner;
                switch (e) {
                    case D:
                        if (!o.foo) {
                            return false;
                        }
                        Node d = exitFor(a, this, S1);
                        o.foo = false;
                        o.rec("s11-D");
                        enterDown(a, d, S1);
                        return true;
                    case G: return transit(a, this, S211, "s11-G");
                    case H: return transit(a, this, S, "s11-H");
                    default: return false;
                }
            }
        },
        S2(S) {
            @Override
            boolean handle(Agent a, Sig e) {
                QhsmOwner o = a.owner;
                switch (e) {
                    case C: return transit(a, this, S1, "s2-C");
                    case F: return transit(a, this, S11, "s2-F");
                    case I:
                        if (o.foo) {
                            return false;
                        }
                        o.foo = true;
                        o.rec("s2-I");
                        return true;
                    default:
                        return false;
                }
            }
        },
        S21(S2) {
            @Override
            boolean handle(Agent a, Sig e) {
                switch (e) {
                    case A: return transit(a, this, S21, "s21-A");
                    case B: return transit(a, this, S211, "s21-B");
                    case G: return transit(a, this, S1, "s21-G");
                    default: return false;
                }
            }
        },
        S211(S21) {
            @Override
            boolean handle(Agent a, Sig e) {
                switch (e) {
                    case D: return transit(a, this, S21, "s211-D");
                    case H: return transit(a, this, S, "s211-H");
                    default: return false;
                }
            }
        };

        final Node parent;
        final Q q;

        Node(Node parent) {
            this.parent = parent;
            this.q = Q.values()[ordinal()];
        }

        /** This state's own reaction to an event; true when handled. */
        abstract boolean handle(Agent a, Sig e);

        /** The initial target of a composite state (null for a leaf). */
        Node initialTarget() {
            switch (this) {
                case S: return S11;
                case S1: return S11;
                case S2: return S211;
                case S21: return S211;
                default: return null;
            }
        }

        @Override
        public void enter(Agent a) {
            a.owner.rec(q.entry);
        }

        @Override
        public void update(Agent a) {
            // QHsmTst has no per-tick work.
        }

        @Override
        public void exit(Agent a) {
            DefaultStateMachine<Agent, Node> kids = a.children(this);
            if (kids != null) {
                Node child = kids.getCurrentState();
                if (child != null) {
                    child.exit(a);
                    kids.setInitialState(null);
                }
            }
            a.owner.rec(q.exit);
        }

        @Override
        public boolean onMessage(Agent a, Telegram telegram) {
            DefaultStateMachine<Agent, Node> kids = a.children(this);
            if (kids != null && kids.handleMessage(telegram)) {
                return true; // a descendant handled it
            }
            return handle(a, SIGNALS[telegram.message]);
        }

        boolean isWithin(Node other) {
            for (Node n = this; n != null; n = n.parent) {
                if (n == other) {
                    return true;
                }
            }
            return false;
        }
    }

    // ------------------------------------------------------------------ the hand-written HSM part

    /** A transition without guard: exits, the action's record, entries. */
    static boolean transit(Agent a, Node source, Node target, String record) {
        Node domain = exitFor(a, source, target);
        a.owner.rec(record);
        enterDown(a, domain, target);
        return true;
    }

    /**
     * Exits what QP's local transition from {@code source} to {@code target} exits and returns
     * its domain: the state that stays active (null: the root).
     */
    static Node exitFor(Agent a, Node source, Node target) {
        Node domain;
        if (target == source) {
            domain = source.parent;                   // self-transition: exit and re-enter
        } else if (target.isWithin(source)) {
            domain = source;                          // into a substate: the source stays
        } else if (source.isWithin(target)) {
            domain = target;                          // up to an ancestor: the ancestor stays
        } else {
            domain = source.parent;                   // otherwise the least common ancestor
            while (domain != null && !target.isWithin(domain)) {
                domain = domain.parent;
            }
        }
        exitBelow(a, domain);
        return domain;
    }

    /** Exits every active state below {@code domain}, innermost first. */
    static void exitBelow(Agent a, Node domain) {
        DefaultStateMachine<Agent, Node> kids = a.children(domain);
        Node child = kids.getCurrentState();
        if (child != null) {
            child.exit(a);
            kids.setInitialState(null);
        }
    }

    /** Enters the states from below {@code domain} down to {@code target}, then follows initial transitions. */
    static void enterDown(Agent a, Node domain, Node target) {
        enterPath(a, domain, target);
        for (Node n = target, t = n.initialTarget(); t != null; n = t, t = t.initialTarget()) {
            a.owner.rec(n.q.init);
            enterPath(a, n, t);
        }
    }

    private static void enterPath(Agent a, Node domain, Node target) {
        if (target == domain) {
            return;
        }
        enterPath(a, domain, target.parent);
        a.children(target.parent).changeState(target); // no current state: just enters
    }

    // ------------------------------------------------------------------ peer

    private final Agent agent;
    private final Telegram telegram = new Telegram();

    public GdxAiPeer(QhsmOwner owner) {
        this.agent = new Agent(owner);
    }

    @Override
    public void start() {
        start(agent);
    }

    /** QHsmTst's initial transition: the top-level initial action, then s → s2 → s21 → s211. */
    public static void start(Agent a) {
        a.owner.foo = false;
        a.owner.rec("top-INIT");
        enterDown(a, null, Node.S2);
    }

    @Override
    public void fire(Sig signal) {
        telegram.message = signal.ordinal();
        if (!agent.root.handleMessage(telegram)) {
            agent.owner.rec(signal.unhandledRecord());
        }
    }

    @Override
    public QhsmOwner owner() {
        return agent.owner;
    }

    @Override
    public Q leaf() {
        Node n = agent.root.getCurrentState();
        for (DefaultStateMachine<Agent, Node> kids = agent.children(n); kids != null && kids.getCurrentState() != null;
                kids = agent.children(n)) {
            n = kids.getCurrentState();
        }
        return n.q;
    }

    public Agent agent() {
        return agent;
    }
}
