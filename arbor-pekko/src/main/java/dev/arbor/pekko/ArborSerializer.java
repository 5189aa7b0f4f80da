package dev.arbor.pekko;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.SerializerWithStringManifest;

/**
 * Every {@link ArborMessage} as bytes, written field by field (bound to the marker interface in
 * this module's {@code reference.conf}): commands and replies between nodes, inputs in the
 * journal, snapshots in the snapshot store. Actor references go as their serialization format.
 */
public final class ArborSerializer extends SerializerWithStringManifest {
    /** This serializer's id among the system's serializers ("ARBR"). */
    static final int ID = 0x41524252;

    private final ActorRefResolver refs;

    /**
     * The serializer of a node; Pekko makes it, from the binding in {@code reference.conf}.
     *
     * @param system the node's actor system, which resolves the actor references in replies
     */
    public ArborSerializer(ExtendedActorSystem system) {
        this.refs = ActorRefResolver.get(Adapter.toTyped(system));
    }

    @Override
    public int identifier() {
        return ID;
    }

    @Override
    public String manifest(Object o) {
        if (o instanceof EntityCommand.Fire) {
            return "fire";
        } else if (o instanceof EntityCommand.Tick) {
            return "tick";
        } else if (o instanceof EntityCommand.Query) {
            return "query";
        } else if (o instanceof EntityCommand.Passivate) {
            return "passivate";
        } else if (o instanceof EntityReply.Ack) {
            return "ack";
        } else if (o instanceof EntityReply.Refused) {
            return "refused";
        } else if (o instanceof EntityReply.Status) {
            return "status";
        } else if (o instanceof Input.Fired) {
            return "fired";
        } else if (o instanceof Input.Ticked) {
            return "ticked";
        } else if (o instanceof SnapshotBytes) {
            return "snapshot";
        }
        throw new IllegalArgumentException("not an Arbor message: " + o.getClass().getName());
    }

    @Override
    public byte[] toBinary(Object o) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            if (o instanceof EntityCommand.Fire f) {
                writeBytes(out, f.event());
                out.writeUTF(refs.toSerializationFormat(f.replyTo()));
            } else if (o instanceof EntityCommand.Tick t) {
                out.writeInt(t.count());
            } else if (o instanceof EntityCommand.Query q) {
                out.writeUTF(refs.toSerializationFormat(q.replyTo()));
            } else if (o instanceof EntityCommand.Passivate) {
                // nothing more: the manifest says it all
            } else if (o instanceof EntityReply.Ack a) {
                writeStrings(out, a.active());
            } else if (o instanceof EntityReply.Refused r) {
                out.writeUTF(r.reason());
            } else if (o instanceof EntityReply.Status s) {
                writeStrings(out, s.active());
                writeBytes(out, s.snapshot());
                out.writeLong(s.inputs());
            } else if (o instanceof Input.Fired f) {
                writeBytes(out, f.event());
            } else if (o instanceof Input.Ticked t) {
                out.writeInt(t.count());
            } else if (o instanceof SnapshotBytes s) {
                writeBytes(out, s.bytes());
                out.writeLong(s.inputs());
            } else {
                throw new IllegalArgumentException("not an Arbor message: " + o.getClass().getName());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // writing to memory
        }
        return bytes.toByteArray();
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            Object o = switch (manifest) {
                case "fire" -> new EntityCommand.Fire(readBytes(in), resolve(in.readUTF()));
                case "tick" -> new EntityCommand.Tick(in.readInt());
                case "query" -> new EntityCommand.Query(resolve(in.readUTF()));
                case "passivate" -> new EntityCommand.Passivate();
                case "ack" -> new EntityReply.Ack(readStrings(in));
                case "refused" -> new EntityReply.Refused(in.readUTF());
                case "status" -> new EntityReply.Status(readStrings(in), readBytes(in), in.readLong());
                case "fired" -> new Input.Fired(readBytes(in));
                case "ticked" -> new Input.Ticked(in.readInt());
                case "snapshot" -> new SnapshotBytes(readBytes(in), in.readLong());
                default -> throw new NotSerializableException("unknown Arbor message manifest '" + manifest + "'");
            };
            if (in.available() > 0) {
                throw new NotSerializableException("an Arbor '" + manifest + "' with " + in.available() + " bytes too many");
            }
            return o;
        } catch (NotSerializableException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            NotSerializableException n = new NotSerializableException("a broken Arbor '" + manifest + "' ("
                    + bytes.length + " bytes): " + e);
            n.initCause(e);
            throw n;
        }
    }

    private <T> ActorRef<T> resolve(String ref) {
        return refs.resolveActorRef(ref);
    }

    /** The most bytes a field may claim: a message is small, and the length comes from the wire. */
    private static final int MAX_FIELD = 1 << 20;

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_FIELD) {
            throw new IOException("a field of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String s : strings) {
            out.writeUTF(s);
        }
    }

    private static List<String> readStrings(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_FIELD) {
            throw new IOException("a list of " + n + " strings");
        }
        List<String> out = new ArrayList<>(Math.min(n, 64));
        for (int i = 0; i < n; i++) {
            out.add(in.readUTF());
        }
        return out;
    }
}
