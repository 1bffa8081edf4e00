package dev.loomcrawl.render.chromium;

import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * One headless Chromium process and its DevTools connection. It is started with a fresh profile, no sandbox (it
 * runs as root in containers), none of its background traffic, and no network of its own: its host resolver
 * maps every name to nothing and its proxy is a closed port. The renderer answers every request it intercepts;
 * the shut network is a precaution for what the DevTools Fetch domain does not intercept (WebSockets, for one).
 *
 * <p>No browser outlives the crawler: it runs under a small shell watchdog ({@link #WATCHDOG}), in a process group
 * of its own, and the watchdog kills that group as soon as the JVM that started it is gone (the watchdog's parent
 * changes), whether it ended, was stopped by Ctrl-C or SIGTERM without closing the renderer, or was killed with
 * {@code kill -9}: within a second (docs/rendering.md, "A crashed or hung browser").
 */
final class Chromium implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Chromium.class);
    private static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-dev-shm-usage",
            "--mute-audio", "--hide-scrollbars", "--remote-debugging-port=0",
            // a crawler never goes back: no page is kept alive for it; and no renderer for the address bar's menu of
            // the window each tab's browser context opens (about 60 MB each on Chromium 156, two in a crawl of two
            // tabs: RenderCrawlTest); the first or second name alone, or two of the names, left them running
            "--disable-features=BackForwardCache,PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,"
                    + "WebUIOmniboxAimPopup,MediaRouter", // and no Cast discovery (mDNS and SSDP over UDP)
            // no network of its own: every request it may make is intercepted and fetched by the crawl
            "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://127.0.0.1:9",
            "--proxy-bypass-list=<-loopback>");

    /**
     * The fresh profile's preferences (its {@code Default/Preferences}, which the tabs' browser contexts inherit).
     * WebRTC sends UDP (STUN, TURN, to peers) to any address a page names, past the host resolver and the proxy;
     * with no UDP but through the proxy, which is a closed port, it gets nowhere. Set here because the switch for
     * it ({@code --force-webrtc-ip-handling-policy=disable_non_proxied_udp}) changed nothing on Chromium 156:
     * RenderCrawlTest.aPagesWebRtcSendsNoPacket saw 8 packets reach a STUN server on loopback with the switch, as
     * without it, and none with these preferences. DNS over HTTPS is off too (names resolve to nothing anyway).
     */
    static final String PREFERENCES = """
            {"webrtc": {"ip_handling_policy": "disable_non_proxied_udp", "multiple_routes_enabled": false,
             "nonproxied_udp_enabled": false},
             "dns_over_https": {"mode": "off"}}
            """;

    /**
     * Runs the browser ("$@") in a session and process group of its own, and kills that group (the browser and every
     * process it started) once the JVM is gone: when this shell's parent is no longer the JVM ($1), checked each
     * second, or when the shell is told to stop. Otherwise it ends when the browser does, with its status. Either way
     * it then deletes the browser's profile directory ($2, a temporary directory of loomcrawl's own): a JVM that
     * closes the renderer deletes it itself, after killing this shell.
     */
    static final String WATCHDOG = """
            jvm=$1; profile=$2; shift 2
            setsid "$@" &
            browser=$!
            forget() {
              case "$profile" in */loomcrawl-chromium-*) rm -rf -- "$profile" 2>/dev/null;; esac
            }
            stop() {
              kill -9 -"$browser" 2>/dev/null
              wait "$browser" 2>/dev/null
              forget
            }
            trap 'stop; exit 143' TERM INT HUP
            while kill -0 "$browser" 2>/dev/null; do
              read -r _ _ _ parent _ < /proc/$$/stat
              if [ "$parent" != "$jvm" ]; then stop; exit 0; fi
              sleep 1
            done
            wait "$browser"
            status=$?
            forget
            exit $status
            """;

    /** The watchdog shell; the browser is its child. */
    private final Process process;
    private final Path profile;
    final DevTools devTools;
    /** Pages given to it, pages in it now, whether it takes no more, and whether it was ended. Guarded by this. */
    private int pages;
    private int open;
    private boolean retired;
    private boolean ended;
    /** Tabs whose page is done, on about:blank, for the next pages. Guarded by this. */
    private final Deque<Tab> tabs = new ArrayDeque<>();

    private Chromium(Process process, Path profile, DevTools devTools) {
        this.process = process;
        this.profile = profile;
        this.devTools = devTools;
    }

    /**
     * Starts the browser at {@code executable} for {@code tabs} pages at once, each tab kept with its renderer
     * process from page to page ({@code --renderer-process-limit}: without it, Chromium started about one renderer
     * process a page); an IOException says why it did not start.
     */
    static Chromium start(Path executable, Duration timeout, int tabs) throws IOException {
        Path profile = Files.createTempDirectory("loomcrawl-chromium-");
        Files.writeString(Files.createDirectory(profile.resolve("Default")).resolve("Preferences"), PREFERENCES);
        List<String> command = Stream.of(Stream.of("/bin/sh", "-c", WATCHDOG, "loomcrawl-chromium-watchdog",
                        Long.toString(ProcessHandle.current().pid()), profile.toString(), executable.toString(),
                        "--user-data-dir=" + profile),
                FLAGS.stream(), Stream.of("--renderer-process-limit=" + tabs)).flatMap(x -> x).toList();
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        // Chromium's own temporary directory (an org.chromium.Chromium.* it makes at start) goes inside the profile,
        // deleted with it: in the machine's it stayed behind at every kill
        builder.environment().put("TMPDIR", Files.createDirectory(profile.resolve("tmp")).toString());
        Process process = builder.start();
        CompletableFuture<URI> endpoint = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("loomcrawl-chromium-stderr").start(() -> drain(process, endpoint));
        try {
            URI uri = endpoint.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            DevTools devTools = DevTools.connect(uri, timeout);
            closeStartPages(devTools, timeout);
            return new Chromium(process, profile, devTools);
        } catch (ExecutionException | TimeoutException | IOException e) {
            kill(process, profile);
            throw new IOException(executable + " did not start: " + (e instanceof ExecutionException x ? x.getCause()
                    .getMessage() : e.toString()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(process, profile);
            throw new IOException("interrupted starting " + executable, e);
        }
    }

    /**
     * Closes the blank page the browser opens at start: pages are rendered in tabs of their own ({@link Tab}), and
     * it would keep a renderer process (about 50 MB) for nothing.
     */
    private static void closeStartPages(DevTools devTools, Duration timeout) {
        for (JsonNode target : devTools.call(null, "Target.getTargets", null, timeout).path("targetInfos")) {
            if (target.path("type").asText().equals("page")) {
                devTools.call(null, "Target.closeTarget", DevTools.JSON.createObjectNode()
                        .put("targetId", target.path("targetId").asText()), timeout);
            }
        }
    }

    /** Reads the browser's standard error for its DevTools address, then on (to debug logging) until it ends. */
    private static void drain(Process process, CompletableFuture<URI> endpoint) {
        try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                int at = line.indexOf("ws://");
                if (line.startsWith("DevTools listening on ") && at > 0) {
                    endpoint.complete(URI.create(line.substring(at)));
                } else {
                    log.debug("chromium: {}", line);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // the process is gone
        }
        endpoint.completeExceptionally(new IOException("it exited (status " + exitStatus(process) + ")"));
    }

    private static String exitStatus(Process process) {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? String.valueOf(process.exitValue()) : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /**
     * The browser's process id (the watchdog's child started with this profile), or the watchdog's when the browser
     * is gone. Not simply its first child: the watchdog's {@code sleep 1} is a child too, and comes first in the
     * process list once process ids have wrapped around (32,768 on this machine), which a test suite's thousands of
     * processes make happen (two render tests failed so: the "browser" had no processes and no profile).
     */
    long pid() {
        String flag = "--user-data-dir=" + profile;
        return process.children().filter(c -> c.info().arguments().map(a -> List.of(a).contains(flag)).orElse(false))
                .findFirst().map(ProcessHandle::pid).orElse(process.pid());
    }

    /**
     * Gives this browser a page, unless it was retired; the page that makes {@code limit} retires it (it takes no
     * more, and ends when its last page is {@link #done}). Returns false when retired.
     */
    synchronized boolean take(int limit) {
        if (retired) return false;
        open++;
        if (++pages >= limit) retired = true;
        return true;
    }

    /** Whether it takes no more pages. */
    synchronized boolean retired() {
        return retired;
    }

    /** Retires it now (it failed): it takes no more pages. */
    synchronized void retire() {
        retired = true;
    }

    /** One of its pages is done; returns whether it was the last of a retired browser, which is to be ended now. */
    synchronized boolean done() {
        open--;
        return retired && open == 0;
    }

    /** A tab kept from an earlier page, or a new one. */
    Tab tab(Duration timeout) {
        synchronized (this) {
            Tab kept = tabs.poll();
            if (kept != null) return kept;
        }
        return Tab.open(devTools, timeout);
    }

    /** Keeps a tab that is back on about:blank for the next page; a retired or ended browser's is closed. */
    void keep(Tab tab) {
        synchronized (this) {
            if (!retired && !ended) {
                tabs.push(tab);
                return;
            }
        }
        tab.close();
    }

    /** Whether it still runs and its connection is open. */
    boolean alive() {
        return process.isAlive() && devTools.isOpen();
    }

    /** Ends the browser (and its child processes) at once and deletes its profile; once. */
    @Override
    public void close() {
        synchronized (this) {
            if (ended) return;
            ended = true;
        }
        devTools.close();
        kill(process, profile);
    }

    /**
     * Kills the browser and every process it started, waits until the browser is gone, then ends the watchdog shell.
     * In that order because the shell, the browser's parent, reaps it: killed first, the shell would leave the browser
     * to the init process, which in some containers never reaps, and a process not reaped still counts as running.
     */
    private static void kill(Process process, Path profile) {
        List<ProcessHandle> browser = process.children().toList();
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        try {
            for (ProcessHandle b : browser) b.onExit().get(5, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            log.debug("browser {} still there 5 s after it was killed", browser);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!Files.exists(profile)) return; // the watchdog deleted it: the browser ended before
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) { // the watchdog may be deleting it too
            log.debug("could not delete {}: {}", profile, e.toString());
        }
    }
}
