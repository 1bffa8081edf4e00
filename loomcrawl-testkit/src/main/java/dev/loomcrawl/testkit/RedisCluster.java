package dev.loomcrawl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Redis Cluster on loopback: six {@code redis-server --cluster-enabled yes} processes on free ports,
 * joined by {@code redis-cli --cluster create ... --cluster-replicas 1} into three masters with one replica
 * each. Nodes declare a peer failed after 1 s ({@code cluster-node-timeout}), so a master killed with SIGKILL
 * is replaced by its replica within a few seconds. Each node keeps an append-only file fsynced on every write
 * in a directory of its own under the test's.
 */
public final class RedisCluster implements AutoCloseable {
    private static final int NODES = 6;
    private final List<Node> nodes = new ArrayList<>();

    private RedisCluster() {
    }

    /** Starts six nodes, creates the cluster and waits until every node says {@code cluster_state:ok}. */
    public static RedisCluster start(Path dir) {
        RedisCluster cluster = new RedisCluster();
        try {
            for (int i = 0; i < NODES; i++) cluster.nodes.add(Node.startOnFreePorts(dir.resolve("node" + i)));
            List<String> create = new ArrayList<>(List.of(Commands.find("redis-cli"), "--cluster", "create"));
            cluster.nodes.forEach(n -> create.add("127.0.0.1:" + n.port));
            create.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
            String out = run(create, dir.resolve("cluster-create.out"));
            if (!out.contains("[OK] All 16384 slots covered")) {
                throw new IllegalStateException("redis-cli --cluster create failed; see " + dir);
            }
            cluster.awaitOk(cluster.nodes);
            return cluster;
        } catch (RuntimeException | Error e) {
            cluster.close(); // no node outlives a cluster that could not be made
            throw e;
        }
    }

    /** {@code redis://127.0.0.1:PORT} of the first node still running: any node of a cluster leads to all of it. */
    public String uri() {
        return uris().getFirst();
    }

    /** The URI of every node still running. */
    public List<String> uris() {
        return nodes.stream().filter(Node::alive).map(Node::uri).toList();
    }

    /** The ports of the nodes that are masters now (asked of a running node). */
    public List<Integer> masterPorts() {
        Node any = nodes.stream().filter(Node::alive).findFirst().orElseThrow();
        List<Integer> masters = new ArrayList<>();
        for (String line : any.cli("cluster", "nodes").split("\n")) {
            String[] f = line.split(" ");
            if (f.length > 2 && f[2].contains("master") && !f[2].contains("fail")) {
                masters.add(port(f[1]));
            }
        }
        return masters;
    }

    /** The port of the master that serves {@code key} now. */
    public int masterOf(String key) {
        Node any = nodes.stream().filter(Node::alive).findFirst().orElseThrow();
        int slot = Integer.parseInt(any.cli("cluster", "keyslot", key).strip());
        for (String line : any.cli("cluster", "nodes").split("\n")) {
            String[] f = line.split(" ");
            if (f.length < 9 || !f[2].contains("master") || f[2].contains("fail")) continue;
            for (int i = 8; i < f.length; i++) {
                if (f[i].startsWith("[")) continue; // a slot being migrated
                String[] range = f[i].split("-");
                int from = Integer.parseInt(range[0].strip()), to = Integer.parseInt(range[range.length - 1].strip());
                if (slot >= from && slot <= to) return port(f[1]);
            }
        }
        throw new IllegalStateException("no master serves slot " + slot);
    }

    /** The port of a node's address in CLUSTER NODES: {@code 127.0.0.1:PORT@BUSPORT}. */
    private static int port(String address) {
        return Integer.parseInt(address.substring(address.indexOf(':') + 1, address.indexOf('@')));
    }

    /** Kills the master on {@code port} with SIGKILL, as a crash would; its replica takes over. */
    public void killMaster(int port) {
        Node node = nodes.stream().filter(n -> n.port == port).findFirst().orElseThrow();
        if (!masterPorts().contains(port)) throw new IllegalArgumentException(port + " is not a master");
        node.kill();
    }

    /** Waits until every running node says {@code cluster_state:ok} (after a failover: a replica promoted). */
    public void awaitOk() {
        awaitOk(nodes.stream().filter(Node::alive).toList());
    }

    private void awaitOk(List<Node> which) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (Node node : which) {
            while (!node.cli("cluster", "info").contains("cluster_state:ok")) {
                if (System.nanoTime() > deadline) throw new IllegalStateException("the cluster is not ok");
                Commands.sleep(100);
            }
        }
    }

    /** Runs redis-cli against the node on {@code port}; returns its output. */
    public String cli(int port, String... args) {
        return nodes.stream().filter(n -> n.port == port).findFirst().orElseThrow().cli(args);
    }

    @Override
    public void close() {
        nodes.forEach(Node::kill);
    }

    private record Node(Path dir, int port, Process process) {
        /**
         * A node listens on a port and on that port + 10000 (the cluster bus): both must be free. A port taken
         * between the check and the start (other tests run meanwhile) is tried again on others.
         */
        static Node startOnFreePorts(Path dir) {
            for (int attempt = 1; ; attempt++) {
                int port = TestSite.freePort();
                if (port + 10000 > 65535 || !free(port + 10000)) continue;
                try {
                    return start(dir.resolve("port" + port), port);
                } catch (IllegalStateException e) {
                    if (attempt >= 5) throw e;
                }
            }
        }

        private static boolean free(int port) {
            try (var socket = new java.net.ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        static Node start(Path dir, int port) {
            List<String> cmd = List.of(Commands.find("redis-server"), "--port", Integer.toString(port),
                    "--bind", "127.0.0.1", "--dir", dir.toString(), "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                    "--cluster-node-timeout", "1000", "--appendonly", "yes", "--appendfsync", "always",
                    "--save", "", "--protected-mode", "no", "--daemonize", "no",
                    "--logfile", dir.resolve("redis.log").toString());
            try {
                Files.createDirectories(dir);
                Process process = new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(dir.resolve("redis.out").toFile()).start();
                Node node = new Node(dir, port, process);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                // ours, not another server that had the port: alive, and a cluster node
                while (!node.cli("info", "cluster").contains("cluster_enabled:1") || !process.isAlive()) {
                    if (!process.isAlive() || System.nanoTime() > deadline) {
                        process.destroyForcibly();
                        throw new IllegalStateException("redis-server did not start on port " + port + "; see " + dir);
                    }
                    Commands.sleep(20);
                }
                return node;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start redis-server (install it: scripts/test-deps.sh)", e);
            }
        }

        String uri() {
            return "redis://127.0.0.1:" + port;
        }

        boolean alive() {
            return process.isAlive();
        }

        String cli(String... args) {
            List<String> cmd = new ArrayList<>(List.of(Commands.find("redis-cli"), "-h", "127.0.0.1", "-p",
                    Integer.toString(port)));
            cmd.addAll(List.of(args));
            return run(cmd, null);
        }

        void kill() {
            process.destroyForcibly(); // SIGKILL
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Runs a command to its end; returns its output (also written to {@code log}, if given). */
    private static String run(List<String> cmd, Path log) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) p.destroyForcibly();
            if (log != null) Files.writeString(log, out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + cmd.getFirst() + " (install redis-tools: "
                    + "scripts/test-deps.sh)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
