package dev.arbor.inspector;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Raw HTTP/1.1 requests over a socket, so that tests can send any Host and Origin headers
 * (the JDK's HttpClient refuses to set Host).
 */
final class Http {
    record Response(int status, String body) {}

    static Response get(URI base, String path, String host, String... headers) throws IOException {
        return request(base, "GET", path, host, null, headers);
    }

    static Response post(URI base, String path, String host, String json, String... headers) throws IOException {
        return request(base, "POST", path, host, json, headers);
    }

    private static Response request(URI base, String method, String path, String host, String json, String... headers)
            throws IOException {
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(5000);
            StringBuilder req = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                    .append("Host: ").append(host).append("\r\nConnection: close\r\n");
            for (String h : headers) {
                req.append(h).append("\r\n");
            }
            byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
            if (json != null) {
                boolean typed = java.util.Arrays.stream(headers).anyMatch(h -> h.startsWith("Content-Type:"));
                req.append(typed ? "" : "Content-Type: application/json\r\n")
                        .append("Content-Length: ").append(body.length).append("\r\n");
            }
            req.append("\r\n");
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            InputStream in = s.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(response.substring(9, 12));
            int split = response.indexOf("\r\n\r\n");
            return new Response(status, split < 0 ? "" : response.substring(split + 4));
        }
    }

    /** The Host header a browser on this machine sends for the inspector. */
    static String host(URI base) {
        return base.getHost() + ":" + base.getPort();
    }

    private Http() {}
}
