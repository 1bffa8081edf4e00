package dev.loomcrawl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The end of a test's Chromium: its child processes (the network service writes {@code Network Persistent State}
 * into the profile) can outlive the browser by a moment, and a walk of the profile that met one of their files going
 * away threw (6 of a browser's 8 children were found alive right after it exited). So the children are waited for,
 * and the profile's walk is made again when it meets a file going away.
 */
public final class ChromiumProfile {
    private static final int ATTEMPTS = 5;

    private ChromiumProfile() {}

    /** Waits up to 10 s for each process to end, then ends it forcibly. */
    public static void awaitEnd(List<ProcessHandle> processes) throws InterruptedException {
        for (ProcessHandle p : processes) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                p.destroyForcibly();
            }
        }
    }

    /**
     * Deletes the profile folder: a walk that meets a file going away ({@link UncheckedIOException}) or a folder that
     * gained one is made again, up to five times; the last failure is thrown.
     */
    public static void delete(Path profile) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> walk = Files.walk(profile)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
                return;
            } catch (UncheckedIOException | DirectoryNotEmptyException e) {
                if (attempt == ATTEMPTS) throw e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
                Thread.sleep(100);
            }
        }
    }
}
