package dev.arbor.inspector;

import java.util.Objects;

/**
 * How an {@link Inspector} is started. The defaults listen on 127.0.0.1 on a free port, with the
 * page's controls on and no token; {@link #withHost} another address needs {@link #allowingRemote()},
 * and then every request needs the access token and the controls stay off unless
 * {@link #allowingRemoteControls()}.
 *
 * @param host                 the address to listen on
 * @param port                 the port, 0 for a free one
 * @param allowRemote          whether an address other than loopback may be bound
 * @param allowRemoteControls  whether, off loopback, the page may send events and pause the game
 * @param token                the access token; null to make a random one when one is needed
 * @param framesPerSecond      the most frames a page gets a second (1 to 60)
 * @param ringCapacity         records each game thread's ring holds before it drops (a power of two)
 * @param traceLength          trace entries kept per machine
 * @param maxClients           the most pages open at once
 * @param printUrl             whether {@link Inspector#start} prints the page's URL on standard output
 */
public record InspectorOptions(String host, int port, boolean allowRemote, boolean allowRemoteControls, String token,
                               int framesPerSecond, int ringCapacity, int traceLength, int maxClients,
                               boolean printUrl) {

    public InspectorOptions {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0 to 65535, not " + port);
        }
        if (framesPerSecond < 1 || framesPerSecond > 60) {
            throw new IllegalArgumentException("framesPerSecond must be 1 to 60, not " + framesPerSecond);
        }
        if (ringCapacity < 64 || Integer.bitCount(ringCapacity) != 1) {
            throw new IllegalArgumentException("ringCapacity must be a power of two of at least 64, not " + ringCapacity);
        }
        if (traceLength < 1) {
            throw new IllegalArgumentException("traceLength must be at least 1, not " + traceLength);
        }
        if (maxClients < 1) {
            throw new IllegalArgumentException("maxClients must be at least 1, not " + maxClients);
        }
        if (token != null && (token.length() < 16 || !token.matches("[A-Za-z0-9_-]+"))) {
            throw new IllegalArgumentException("a token must be at least 16 letters, digits, '-' or '_'");
        }
    }

    /** Loopback, a free port, 10 frames a second, 65,536 records a ring, 128 trace entries a machine, 8 pages. */
    public static InspectorOptions defaults() {
        return new InspectorOptions("127.0.0.1", 0, false, false, null, 10, 1 << 16, 128, 8, true);
    }

    public InspectorOptions withPort(int port) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl);
    }

    public InspectorOptions withHost(String host) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl);
    }

    /** Lets the inspector bind an address other than loopback (every request then needs the token). */
    public InspectorOptions allowingRemote() {
        return new InspectorOptions(host, port, true, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl);
    }

    /** Lets pages off loopback send events and pause the game. */
    public InspectorOptions allowingRemoteControls() {
        return new InspectorOptions(host, port, allowRemote, true, token, framesPerSecond, ringCapacity, traceLength,
                maxClients, printUrl);
    }

    public InspectorOptions withToken(String token) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl);
    }

    public InspectorOptions withFramesPerSecond(int framesPerSecond) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl);
    }

    public InspectorOptions withRingCapacity(int ringCapacity) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl);
    }

    public InspectorOptions withTraceLength(int traceLength) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl);
    }

    public InspectorOptions quiet() {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, false);
    }
}
