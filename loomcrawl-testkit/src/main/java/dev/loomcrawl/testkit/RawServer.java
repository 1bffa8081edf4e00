package dev.loomcrawl.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on a loopback port that answers every request with exactly what a {@link Script} writes: for HTTP
 * that no well-behaved server sends (interim responses, endless headers, lying encodings). Each connection is
 * handled on a virtual thread of its own; a connection is closed when its script returns (or fails because the
 * client went away). It records how many requests arrived.
 */
public final class RawServer implements AutoCloseable {
    /** What to write in answer to one request, on the connection's stream. */
    @FunctionalInterface
    public interface Script {
        void answer(OutputStream out) throws IOException, InterruptedException;
    }

    private final ServerSocket socket;
    private final AtomicInteger requests = new AtomicInteger();

    private RawServer(Script script) throws IOException {
        socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofVirtual().name("raw-server").start(() -> {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    Thread.ofVirtual().start(() -> serve(s, script));
                } catch (IOException e) {
                    return; // closed
                }
            }
        });
    }

    /** Starts a server answering every request with {@code script}. */
    public static RawServer start(Script script) {
        try {
            return new RawServer(script);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void serve(Socket s, Script script) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            if (!readRequestHead(in)) return;
            requests.incrementAndGet();
            script.answer(out);
            out.flush();
        } catch (IOException e) {
            // the client went away: nothing more to write
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads up to the blank line ending a request's head; false at the end of the stream. */
    private static boolean readRequestHead(InputStream in) throws IOException {
        int matched = 0;
        for (int b; (b = in.read()) >= 0; ) {
            matched = b == '\r' && (matched == 0 || matched == 2) || b == '\n' && (matched == 1 || matched == 3)
                    ? matched + 1 : b == '\r' ? 1 : 0;
            if (matched == 4) return true;
        }
        return false;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + socket.getLocalPort() + path;
    }

    public int requests() {
        return requests.get();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a listening socket releases it either way
        }
    }
}
