package dev.loomcrawl.testkit;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A SOCKS5 server (RFC 1928) that asks for a user name and password (RFC 1929), for the one case Dante cannot do
 * here without system accounts: a proxy with credentials. CONNECT only; it logs each tunnel it opens as
 * {@code user host:port}, and refuses a wrong password as RFC 1929 says (status 1, then closes).
 */
public final class Socks5Server implements AutoCloseable {
    private final ServerSocket server;
    private final String user;
    private final String password;
    private final ConcurrentLinkedQueue<String> tunnels = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> refused = new ConcurrentLinkedQueue<>();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

    public Socks5Server(String user, String password) {
        this.user = user;
        this.password = password;
        try {
            server = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        threads.execute(this::accept);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** The tunnels opened so far, as {@code user host:port}. */
    public List<String> tunnels() {
        return List.copyOf(tunnels);
    }

    /** The user names whose password was wrong. */
    public List<String> refused() {
        return List.copyOf(refused);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                threads.execute(() -> serve(client));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            DataInputStream in = new DataInputStream(client.getInputStream());
            OutputStream out = client.getOutputStream();
            if (in.readUnsignedByte() != 5) return;
            byte[] methods = in.readNBytes(in.readUnsignedByte());
            boolean offersPassword = false;
            for (byte m : methods) offersPassword |= m == 2;
            if (!offersPassword) {
                out.write(new byte[] {5, (byte) 0xFF});
                return;
            }
            out.write(new byte[] {5, 2});
            in.readUnsignedByte(); // sub-negotiation version 1
            String name = new String(in.readNBytes(in.readUnsignedByte()), StandardCharsets.UTF_8);
            String pass = new String(in.readNBytes(in.readUnsignedByte()), StandardCharsets.UTF_8);
            if (!name.equals(user) || !pass.equals(password)) {
                refused.add(name);
                out.write(new byte[] {1, 1});
                return;
            }
            out.write(new byte[] {1, 0});
            in.readUnsignedByte(); // version
            int command = in.readUnsignedByte();
            in.readUnsignedByte(); // reserved
            String host = switch (in.readUnsignedByte()) {
                case 1 -> InetAddress.getByAddress(in.readNBytes(4)).getHostAddress();
                case 3 -> new String(in.readNBytes(in.readUnsignedByte()), StandardCharsets.US_ASCII);
                case 4 -> InetAddress.getByAddress(in.readNBytes(16)).getHostAddress();
                default -> throw new IOException("bad address type");
            };
            int port = in.readUnsignedShort();
            if (command != 1) {
                out.write(new byte[] {5, 7, 0, 1, 0, 0, 0, 0, 0, 0});
                return;
            }
            try (Socket target = new Socket()) {
                target.connect(new InetSocketAddress(host, port), 5000);
                tunnels.add(name + " " + host + ":" + port);
                out.write(new byte[] {5, 0, 0, 1, 127, 0, 0, 1, 0, 0});
                out.flush();
                Thread up = Thread.ofVirtual().start(() -> pipe(in, target));
                pipe(target.getInputStream(), out);
                up.join();
            } catch (IOException e) {
                out.write(new byte[] {5, 5, 0, 1, 0, 0, 0, 0, 0, 0}); // connection refused
            }
        } catch (IOException | InterruptedException e) {
            // the client went away: nothing to answer
        }
    }

    private static void pipe(InputStream from, Socket to) {
        try {
            pipe(from, to.getOutputStream());
            to.shutdownOutput();
        } catch (IOException e) {
            // either side closed
        }
    }

    private static void pipe(InputStream from, OutputStream to) throws IOException {
        byte[] buf = new byte[8192];
        for (int n; (n = from.read(buf)) > 0; ) {
            to.write(buf, 0, n);
            to.flush();
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closing a listening socket: nothing to save
        }
        threads.shutdownNow();
    }
}
