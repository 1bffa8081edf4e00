package dev.loomcrawl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real proxy from Debian's packages on a free loopback port (scripts/test-deps.sh installs them), in the
 * foreground, logging to a file in the test's directory: tinyproxy for HTTP (it logs each request, and adds a
 * {@code Via} header naming itself), Dante ({@code danted}) for SOCKS5 (it logs each connection it makes, with
 * the addresses on both sides).
 */
public final class ProxyServer implements AutoCloseable {
    private final Process process;
    private final int port;
    private final Path log;

    private ProxyServer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** tinyproxy, asking for {@code user} and {@code password} (HTTP Basic) when {@code user} is not null. */
    public static ProxyServer tinyproxy(Path dir, String user, String password) {
        int port = TestSite.freePort();
        Path log = dir.resolve("tinyproxy.log");
        String conf = "Port " + port + "\nListen 127.0.0.1\nTimeout 30\nLogFile \"" + log + "\"\nLogLevel Info\n"
                + "MaxClients 200\nAllow 127.0.0.1\n"
                + (user == null ? "" : "BasicAuth " + user + " " + password + "\n");
        return start(dir, "tinyproxy.conf", conf, List.of("tinyproxy", "-d", "-c"), port, log);
    }

    /** Dante's SOCKS5 server, without authentication. */
    public static ProxyServer dante(Path dir) {
        int port = TestSite.freePort();
        Path log = dir.resolve("danted.log");
        String conf = "logoutput: " + log + "\ninternal: 127.0.0.1 port = " + port + "\nexternal: 127.0.0.1\n"
                + "clientmethod: none\nsocksmethod: none\nuser.privileged: root\nuser.unprivileged: nobody\n"
                + "client pass { from: 127.0.0.1/32 to: 0.0.0.0/0 log: connect disconnect error }\n"
                + "socks pass { from: 127.0.0.1/32 to: 0.0.0.0/0 log: connect disconnect error }\n";
        return start(dir, "danted.conf", conf, List.of(Commands.find("danted"), "-f"), port, log);
    }

    private static ProxyServer start(Path dir, String confName, String conf, List<String> command, int port, Path log) {
        try {
            Files.createDirectories(dir);
            Path file = Files.writeString(dir.resolve(confName), conf);
            Files.writeString(log, "");
            List<String> cmd = new java.util.ArrayList<>(command);
            cmd.add(file.toString());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(dir.resolve(confName + ".out").toFile()).start();
            ProxyServer server = new ProxyServer(p, port, log);
            server.awaitListening();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.getFirst()
                    + " (install it: scripts/test-deps.sh)", e);
        }
    }

    private void awaitListening() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (true) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("the proxy did not start on port " + port + "; see " + log);
                }
                Commands.sleep(20);
            }
        }
    }

    public int port() {
        return port;
    }

    /** The proxy's log so far. */
    public List<String> log() {
        try {
            return Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        List<ProcessHandle> children = process.descendants().toList(); // Dante's workers, before they lose a parent
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }
}
