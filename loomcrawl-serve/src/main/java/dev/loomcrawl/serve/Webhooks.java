package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.fetch.AddressGuard;
import dev.loomcrawl.fetch.Version;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.SocketAddressResolver;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.eclipse.jetty.util.thread.Scheduler;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Calls webhooks back: each event of a job a POST of its JSON body, signed with an HMAC-SHA256 of the body
 * ({@code X-Loomcrawl-Signature} and Firecrawl's {@code X-Firecrawl-Signature}: {@code sha256=HEX}), on a virtual
 * thread of its own so that the crawl never waits for a receiver. A failed attempt (no 2xx answer within the
 * timeout) is tried again after 1, 2, 4... s (at most a minute apart) until {@code --webhook-retry-for} has passed
 * since the first failure, then given up; a receiver that failed {@link Breaker#TRIP} times in a row is down, and
 * its deliveries wait for one of them to find it up again rather than each trying ({@link Breaker}). A job's
 * {@code completed} or {@code failed} goes after its other events are delivered or given up; the others may arrive
 * in any order ({@code webhookId} tells each delivery, the same for its retries). Only addresses the server's
 * guard allows are connected to, after resolution, as for jobs. What is owed is bounded: past {@link #MAX_PENDING}
 * deliveries waiting, page events are dropped (and counted), never a job's first or last. Deliveries still owed
 * when the server stops are not kept.
 */
final class Webhooks implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Webhooks.class);
    /** Deliveries waiting or being tried at most; past it page events are dropped. */
    static final int MAX_PENDING = 10_000;
    /** Attempts in flight at once. */
    static final int CONCURRENCY = 16;
    /** Answer bytes read at most: the receiver's answer is not used. */
    private static final int MAX_ANSWER = 64 * 1024;
    private static final Duration FIRST_WAIT = Duration.ofSeconds(1);
    private static final Duration LONGEST_WAIT = Duration.ofMinutes(1);

    private final WebhookOptions options;
    private final HttpClient client;
    private final SecretKeySpec key;
    private final Semaphore attempts = new Semaphore(CONCURRENCY);
    private final AtomicInteger pending = new AtomicInteger();
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();
    private final Set<Thread> senders = ConcurrentHashMap.newKeySet();
    private volatile boolean closing;
    final LongAdder delivered = new LongAdder();
    final LongAdder failedAttempts = new LongAdder();
    final LongAdder givenUp = new LongAdder();
    final LongAdder dropped = new LongAdder();

    private Webhooks(WebhookOptions options, HttpClient client, byte[] secret) {
        this.options = options;
        this.client = client;
        this.key = new SecretKeySpec(secret, "HmacSHA256");
    }

    /** The server's webhook sender, its key read (or made) and its client started. */
    static Webhooks start(ServeOptions server) {
        WebhookOptions o = server.webhooks();
        byte[] secret = secret(o.secretFile() != null ? o.secretFile() : server.data().resolve("webhook-secret"),
                o.secretFile() == null);
        AddressGuard guard = server.allowPrivate() ? AddressGuard.OFF : GuardedConnections.guard(server.allowOrigins());
        VirtualThreadPool threads = new VirtualThreadPool();
        threads.setName("loomcrawl-serve-webhooks");
        Scheduler scheduler = new ScheduledExecutorScheduler("loomcrawl-serve-webhooks-scheduler", true);
        HttpClient client = new HttpClient();
        client.setExecutor(threads);
        client.setScheduler(scheduler);
        client.setFollowRedirects(false);
        client.setConnectTimeout(o.timeout().toMillis());
        client.setUserAgentField(new HttpField(HttpHeader.USER_AGENT, Version.SOFTWARE));
        client.setSocketAddressResolver(new Guarded(new SocketAddressResolver.Async(threads, scheduler,
                o.timeout().toMillis()), guard));
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the webhook client: " + e.getMessage(), e);
        }
        return new Webhooks(o, client, secret);
    }

    /**
     * Sends {@code event} of {@code job} to {@code hook} if it asked for it: {@code document} is a page event's
     * document (its JSON), {@code error} a failure's reason. Returns at once.
     */
    void send(Job job, Webhook hook, WebhookEvent event, byte[] document, String error) {
        if (hook == null || !hook.events().contains(event) || closing) return;
        if (pending.incrementAndGet() > MAX_PENDING && !event.last() && event != WebhookEvent.STARTED) {
            pending.decrementAndGet();
            dropped.increment();
            return;
        }
        Lane lane = lanes.computeIfAbsent(job.id(), id -> new Lane());
        if (!event.last()) lane.add();
        Delivery d = new Delivery(job.id(), job.record().kind(), hook, event, document, error, Instant.now(),
                UUID.randomUUID().toString());
        Thread t = Thread.ofVirtual().name("loomcrawl-serve-webhook").unstarted(() -> {
            try {
                if (event.last()) lane.awaitEmpty(options.retryFor().plus(options.timeout()).plusSeconds(5));
                deliver(d, lane.breaker);
            } catch (InterruptedException e) {
                // the server is stopping: what is owed is not kept
            } finally {
                if (event.last()) {
                    lanes.remove(job.id(), lane);
                    int quiet = lane.breaker.quietCount();
                    if (quiet > 0) {
                        log.warn("webhook of job {}: {} more deliveries given up, its receiver down", job.id(), quiet);
                    }
                } else {
                    lane.done();
                }
                pending.decrementAndGet();
                senders.remove(Thread.currentThread());
            }
        });
        senders.add(t);
        t.start();
    }

    /** Deliveries owed now (waiting, or being tried). */
    int pending() {
        return pending.get();
    }

    private void deliver(Delivery d, Breaker breaker) throws InterruptedException {
        byte[] body = null; // made at the first attempt: a delivery held, then given up, costs no JSON nor HMAC
        String signature = null;
        long deadline = 0; // set at the first failure, or when the receiver is first found down
        Duration wait = FIRST_WAIT;
        String failure = "its receiver is down";
        int tried = 0;
        while (!closing) {
            Breaker.Turn turn = breaker.admit(deadline != 0 ? deadline
                    : System.nanoTime() + options.retryFor().toNanos());
            if (turn == Breaker.Turn.NONE) {
                givenUp.increment();
                if (breaker.quietGivenUp()) return; // one line for a receiver down, not one per event
                log.warn("webhook of job {} given up after {} attempt{}, its receiver down: {} {}: {} (others given "
                        + "up while it stays down are counted, not logged)", d.job, tried, tried == 1 ? "" : "s",
                        d.event.type(d.kind), d.hook.url(), failure);
                return;
            }
            attempts.acquire();
            try {
                // found down while it waited for a permit: it waits for the probe, as the others do
                if (turn == Breaker.Turn.TRY && breaker.down()) continue;
                tried++;
                if (body == null) {
                    body = d.body();
                    signature = "sha256=" + HexFormat.of().formatHex(sign(body));
                }
                failure = post(d, body, signature);
            } finally {
                attempts.release();
            }
            if (failure == null) {
                breaker.succeeded();
                delivered.increment();
                return;
            }
            failedAttempts.increment();
            if (deadline == 0) deadline = System.nanoTime() + options.retryFor().toNanos();
            breaker.failed(turn == Breaker.Turn.PROBE);
            if (failure.startsWith("refused:") || System.nanoTime() + wait.toNanos() > deadline) {
                givenUp.increment();
                log.warn("webhook of job {} given up after {} attempt{}: {} {}: {}", d.job, tried,
                        tried == 1 ? "" : "s", d.event.type(d.kind), d.hook.url(), failure);
                return;
            }
            Thread.sleep(wait);
            wait = wait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait.multipliedBy(2);
        }
    }

    /** Null when delivered (a 2xx answer), else why not; "refused: ..." when the guard refused the address. */
    private String post(Delivery d, byte[] body, String signature) throws InterruptedException {
        Request r = client.newRequest(d.hook.url().toString()).method(HttpMethod.POST)
                .timeout(options.timeout().toMillis(), TimeUnit.MILLISECONDS)
                .body(new BytesRequestContent("application/json", body));
        r.headers(h -> {
            d.hook.headers().forEach(h::put);
            h.put("X-Loomcrawl-Signature", signature);
            h.put("X-Firecrawl-Signature", signature);
        });
        try {
            ContentResponse answer = new CompletableResponseListener(r, MAX_ANSWER).send().get();
            int status = answer.getStatus();
            return status >= 200 && status < 300 ? null : "HTTP " + status;
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            for (Throwable c = cause; c != null; c = c.getCause()) {
                if (c instanceof Refused) return "refused: " + c.getMessage();
            }
            return cause.getMessage() == null ? "no answer (the connection failed)" : cause.getMessage();
        }
    }

    private byte[] sign(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key in {@code file}'s first line; made (random, readable by the owner only) when {@code make} and none. */
    private static byte[] secret(Path file, boolean make) {
        try {
            if (make && !Files.exists(file)) {
                Files.createDirectories(file.toAbsolutePath().getParent());
                byte[] random = new byte[32];
                new SecureRandom().nextBytes(random);
                Path tmp = file.resolveSibling(file.getFileName() + ".new");
                Files.deleteIfExists(tmp);
                try {
                    Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                            "rw-------")));
                } catch (UnsupportedOperationException e) {
                    Files.createFile(tmp);
                }
                Files.writeString(tmp, HexFormat.of().formatHex(random) + "\n");
                Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                log.info("webhooks are signed with a new key, in {}", file);
            }
            String line = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("").strip();
            if (line.isEmpty()) throw new IllegalArgumentException("the webhook key file " + file + " is empty");
            return line.getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the webhook key file " + file + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        closing = true;
        for (Thread t : new ArrayList<>(senders)) t.interrupt();
        try {
            client.stop();
        } catch (Exception e) {
            log.warn("stopping the webhook client: {}", e.toString());
        }
    }

    /** One event for one receiver: its body is made on the sender's thread, never the crawl's. */
    private record Delivery(String job, JobKind kind, Webhook hook, WebhookEvent event, byte[] document,
                            String error, Instant at, String webhookId) {
        byte[] body() {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("success", event != WebhookEvent.FAILED);
            o.put("type", event.type(kind));
            o.put("id", job);
            o.put("webhookId", webhookId);
            o.put("timestamp", at.toString());
            if (error != null) o.put("error", error);
            o.set("metadata", hook.metadata());
            String head = o.toString();
            ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + 16
                    + (document == null ? 0 : document.length));
            out.writeBytes(head.substring(0, head.length() - 1).getBytes(StandardCharsets.UTF_8));
            out.writeBytes(",\"data\":[".getBytes(StandardCharsets.US_ASCII));
            if (document != null) out.writeBytes(document);
            out.writeBytes("]}".getBytes(StandardCharsets.US_ASCII));
            return out.toByteArray();
        }
    }

    /** A job's deliveries other than its last, so that its last waits for them; and its receiver's breaker. */
    private static final class Lane {
        final Breaker breaker = new Breaker();
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition empty = lock.newCondition();
        private int owed;

        void add() {
            lock.lock();
            try {
                owed++;
            } finally {
                lock.unlock();
            }
        }

        void done() {
            lock.lock();
            try {
                if (--owed == 0) empty.signalAll();
            } finally {
                lock.unlock();
            }
        }

        void awaitEmpty(Duration atMost) throws InterruptedException {
            long left = atMost.toNanos();
            lock.lock();
            try {
                while (owed > 0 && left > 0) left = empty.awaitNanos(left);
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * A job's receiver, up or down. After {@link #TRIP} failed attempts in a row it is down: deliveries are held
     * rather than each tried on its own (a thousand page events would be a thousand failing requests every few
     * seconds, CPU the crawl needs), and one of them at a time probes it, after 1, 2, 4... s (at most a minute
     * apart). A probe that succeeds sets it up again and lets the held ones go; a held delivery whose
     * {@code --webhook-retry-for} passes is given up without being tried. No lock is held while a delivery is sent.
     */
    static final class Breaker {
        /** Failed attempts in a row that set a receiver down. */
        static final int TRIP = 3;

        enum Turn { NONE, TRY, PROBE }

        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private int failures;
        private boolean down;
        private boolean probing;
        private long probeAt;
        private Duration probeWait = FIRST_WAIT;
        /** Deliveries given up since the receiver was last up: the first one logged, the others counted. */
        private int givenUpWhileDown;
        private int quiet;

        /**
         * When the delivery may be tried: at once while the receiver is up; while it is down, when it is this
         * delivery's turn to probe it or a probe set it up again; {@link Turn#NONE} when {@code deadline} (a
         * {@link System#nanoTime} value) comes first.
         */
        Turn admit(long deadline) throws InterruptedException {
            lock.lock();
            try {
                while (down) {
                    long now = System.nanoTime();
                    if (!probing && now - probeAt >= 0) {
                        probing = true;
                        return Turn.PROBE;
                    }
                    if (deadline - now <= 0) return Turn.NONE;
                    long until = probing ? deadline : (deadline - probeAt < 0 ? deadline : probeAt);
                    changed.awaitNanos(Math.max(1, until - now));
                }
                return Turn.TRY;
            } finally {
                lock.unlock();
            }
        }

        /** Counts a delivery given up while the receiver is down; true when one was already logged for it. */
        boolean quietGivenUp() {
            lock.lock();
            try {
                if (givenUpWhileDown++ == 0) return false;
                quiet++;
                return true;
            } finally {
                lock.unlock();
            }
        }

        /** The deliveries given up without a line of their own. */
        int quietCount() {
            lock.lock();
            try {
                return quiet;
            } finally {
                lock.unlock();
            }
        }

        void succeeded() {
            lock.lock();
            try {
                failures = 0;
                givenUpWhileDown = 0;
                down = false;
                probing = false;
                probeWait = FIRST_WAIT;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** An attempt failed; {@code probe}: it was the probe, whose failure schedules the next one. */
        void failed(boolean probe) {
            lock.lock();
            try {
                failures++;
                if (probe && probing) {
                    probing = false;
                    probeAt = System.nanoTime() + probeWait.toNanos();
                    probeWait = probeWait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT
                            : probeWait.multipliedBy(2);
                } else if (!down && failures >= TRIP) {
                    down = true;
                    probeAt = System.nanoTime() + probeWait.toNanos();
                }
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        boolean down() {
            lock.lock();
            try {
                return down;
            } finally {
                lock.unlock();
            }
        }
    }

    /** Resolves as the client would, then drops the addresses the server's guard refuses. */
    private record Guarded(SocketAddressResolver resolver, AddressGuard guard) implements SocketAddressResolver {
        @Override
        public void resolve(String host, int port, Map<String, Object> context,
                            Promise<List<InetSocketAddress>> promise) {
            resolver.resolve(host, port, context, new Promise<>() {
                @Override
                public void succeeded(List<InetSocketAddress> addresses) {
                    String why = null;
                    List<InetSocketAddress> allowed = new ArrayList<>();
                    for (InetSocketAddress a : addresses) {
                        String refusal = guard.refusal(host, port, a.getAddress());
                        if (refusal == null) allowed.add(a);
                        else why = refusal;
                    }
                    if (allowed.isEmpty()) {
                        promise.failed(new Refused(host + ": " + why));
                    } else {
                        promise.succeeded(allowed);
                    }
                }

                @Override
                public void failed(Throwable failure) {
                    promise.failed(failure);
                }
            });
        }
    }

    /** The guard refused every address of the receiver's host: not tried again. */
    private static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }
}
