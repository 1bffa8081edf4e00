package dev.loomcrawl.output;

import dev.loomcrawl.testkit.ChromiumProfile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Real headless Chromium (Debian's /usr/bin/chromium), run on a local file with a fresh profile and its
 * background network features off: what a person opening the report would see.
 */
public final class Chromium {
    static final Path BINARY = Path.of("/usr/bin/chromium");

    private Chromium() {}

    public static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** The DOM after the page loaded, serialised. */
    public static String dumpDom(Path page) throws Exception {
        return run(page, "--dump-dom");
    }

    /** A PNG of the page at 1280 by {@code height} CSS pixels. */
    public static void screenshot(Path page, Path png, int height) throws Exception {
        run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=1280," + height, "--hide-scrollbars");
    }

    private static String run(Path page, String... action) throws Exception {
        Path profile = Files.createTempDirectory("loomcrawl-chromium");
        try {
            List<String> cmd = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox",
                    "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
            cmd.addAll(List.of(action));
            cmd.add(page.toUri().toString());
            Path out = Files.createTempFile(profile, "out", ".txt");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            // its child processes, seen while it runs: they can outlive it by a moment, writing into the profile
            List<ProcessHandle> children = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            try {
                while (!p.waitFor(50, TimeUnit.MILLISECONDS)) {
                    p.descendants().filter(c -> !children.contains(c)).forEach(children::add);
                    if (System.nanoTime() > deadline) {
                        p.destroyForcibly();
                        throw new AssertionError("chromium did not finish in 90 s");
                    }
                }
            } finally {
                ChromiumProfile.awaitEnd(children);
            }
            if (p.exitValue() != 0) throw new AssertionError("chromium exited with " + p.exitValue());
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            ChromiumProfile.delete(profile);
        }
    }
}
