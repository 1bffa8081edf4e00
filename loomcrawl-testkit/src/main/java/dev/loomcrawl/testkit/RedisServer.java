package dev.loomcrawl.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code redis-server} (Debian's package; scripts/test-deps.sh installs it) on a free loopback port,
 * with its append-only file in a directory of the test's: it can be killed and started again on the same port
 * and data, as a crashed and restarted Redis would be.
 */
public final class RedisServer implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final String fsync;
    private Process process;

    private RedisServer(Path dir, int port, String fsync) {
        this.dir = dir;
        this.port = port;
        this.fsync = fsync;
    }

    /** Starts a server keeping an append-only file fsynced on every write ({@code appendfsync always}). */
    public static RedisServer start(Path dir) {
        return start(dir, "always");
    }

    /** Starts a server whose append-only file is fsynced as {@code fsync} says (always, everysec, no). */
    public static RedisServer start(Path dir, String fsync) {
        RedisServer server = new RedisServer(dir, TestSite.freePort(), fsync);
        server.start();
        return server;
    }

    public int port() {
        return port;
    }

    /** {@code redis://127.0.0.1:PORT}. */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts the server (again), on the same port and data, and waits until it answers PING. */
    public synchronized void start() {
        if (process != null && process.isAlive()) throw new IllegalStateException("already running");
        List<String> cmd = List.of(Commands.find("redis-server"), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--appendonly", "yes", "--appendfsync", fsync, "--save", "",
                "--protected-mode", "no", "--daemonize", "no", "--logfile", dir.resolve("redis.log").toString());
        try {
            Files.createDirectories(dir);
            process = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("redis.out").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server (install it: scripts/test-deps.sh)", e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!answersPing()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("redis-server did not start on port " + port + "; see " + dir);
            }
            Commands.sleep(20);
        }
    }

    /** Kills the server at once (SIGKILL), as a crash would. */
    public synchronized void kill() {
        if (process == null) return;
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops the server without closing its connections (SIGSTOP), as a hung host or a network partition would:
     * commands sent to it are never answered. {@link #kill()} and {@link #close()} still end it.
     */
    public synchronized void freeze() {
        signal("-STOP");
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid())).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + signal + " failed for redis-server " + process.pid());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private boolean answersPing() {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = new byte[7];
            int n = in.readNBytes(reply, 0, 7);
            return new String(reply, 0, n, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        kill();
    }
}
