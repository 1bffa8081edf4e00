package dev.loomcrawl.render.chromium;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * No browser outlives the JVM that started it, however that JVM ends: a renderer closed as a crawl's end closes it,
 * and a JVM stopped by Ctrl-C (SIGINT), SIGTERM or {@code kill -9} without closing it. Nor does its temporary
 * profile directory.
 */
class OrphanBrowserTest {
    @BeforeAll
    static void needsChromium() {
        assumeTrue(ChromiumRenderer.find() != null, "Chromium is not installed (scripts/test-deps.sh installs it)");
    }

    @Test
    void closingTheRendererEndsTheBrowserAndEveryProcessItStarted() throws InterruptedException {
        ChromiumRenderer renderer = ChromiumRenderer.start(RenderSettings.everyPage());
        ProcessHandle browser = ProcessHandle.of(renderer.browserPid()).orElseThrow();
        List<ProcessHandle> tree = treeOnceGrown(browser);
        assertTrue(tree.size() > 1, "a browser starts processes of its own: " + tree.size());
        Path profile = profile(browser);
        renderer.close();
        assertGone(tree);
        assertDeleted(profile);
    }

    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM", "KILL"})
    void aJvmStoppedWithoutClosingTheRendererTakesItsBrowserWithIt(String signal) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process jvm = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                BrowserHolder.class.getName()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long pid;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(),
                    StandardCharsets.UTF_8))) {
                pid = Long.parseLong(out.readLine().trim());
            }
            ProcessHandle browser = ProcessHandle.of(pid).orElseThrow();
            List<ProcessHandle> tree = treeOnceGrown(browser);
            assertTrue(tree.size() > 1, "a browser starts processes of its own: " + tree.size());
            Path profile = profile(browser);
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(jvm.pid())).start().waitFor());
            assertTrue(jvm.waitFor(30, TimeUnit.SECONDS), "the JVM ended");
            assertGone(tree);
            assertDeleted(profile);
        } finally {
            jvm.destroyForcibly();
        }
    }

    /**
     * The browser and its descendants once it has started one (within 20 s): on a loaded machine a browser whose
     * DevTools already answer may not have forked its helpers yet, and a tree of one would be checked for nothing.
     */
    private static List<ProcessHandle> treeOnceGrown(ProcessHandle browser) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        List<ProcessHandle> tree = withDescendants(browser);
        while (tree.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(50);
            tree = withDescendants(browser);
        }
        return tree;
    }

    /** The browser's profile directory, from its command line; it exists. */
    private static Path profile(ProcessHandle browser) {
        String flag = "--user-data-dir=";
        Path profile = Stream.of(browser.info().arguments().orElseThrow()).filter(a -> a.startsWith(flag))
                .map(a -> Path.of(a.substring(flag.length()))).findFirst().orElseThrow();
        assertTrue(Files.isDirectory(profile), profile + " exists while the browser runs");
        // and its temporary files are made in it, deleted with it (Chromium makes a directory there at start)
        try {
            String environment = Files.readString(Path.of("/proc", Long.toString(browser.pid()), "environ"));
            assertTrue(List.of(environment.split("\0")).contains("TMPDIR=" + profile.resolve("tmp")), environment);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return profile;
    }

    /** Waits up to 10 s for the directory to be gone. */
    private static void assertDeleted(Path dir) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && Files.exists(dir)) {
            Thread.sleep(100);
        }
        assertFalse(Files.exists(dir), "left behind: " + dir);
    }

    private static List<ProcessHandle> withDescendants(ProcessHandle p) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(p), p.descendants()).toList();
    }

    /** Waits up to 10 s for every one of the processes to be gone. */
    private static void assertGone(List<ProcessHandle> processes) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && processes.stream().anyMatch(ProcessHandle::isAlive)) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        assertFalse(processes.stream().anyMatch(ProcessHandle::isAlive), "left running: " + processes.stream()
                .filter(ProcessHandle::isAlive).map(h -> h.pid() + " " + h.info().command().orElse("?")).toList());
    }
}
