package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every line a command prints on an 80-column terminal fits it: a message longer than a line is broken between
 * words by loomcrawl, not cut mid-word by the terminal. Each command runs on a real pseudo-terminal of 80 x 24
 * (util-linux's {@code script}), and every line of the transcript is measured: the launcher's first-build message,
 * install's lines, check's summary, recrawl's {@code Pass 2:} line, {@code --output}'s format error, the local-path
 * error and serve's start-up lines.
 */
class EightyColumnsTest {
    @TempDir
    Path dir;

    /** The lines of a terminal's transcript as they are on the screen: after the last \r, without escapes. */
    static List<String> screenLines(String transcript) {
        List<String> lines = new ArrayList<>();
        for (String line : transcript.replace("\r\n", "\n").split("\n", -1)) {
            String shown = line.substring(line.lastIndexOf('\r') + 1).replaceAll("\u001b\\[[0-9;?]*[A-Za-z]", "");
            lines.add(shown);
        }
        return lines;
    }

    /** Asserts every line of {@code transcript} fits 80 columns, and that it holds each of {@code words}. */
    static void fits(String what, String transcript, String... words) {
        List<String> lines = screenLines(transcript);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean oneWord = !line.strip().contains(" "); // a path longer than a line cannot break between words
            // a command to copy, on a line of its own after the one that says so, is left whole (a path in it)
            boolean command = i > 0 && line.startsWith("  ") && lines.get(i - 1).endsWith(":");
            assertTrue(line.codePointCount(0, line.length()) <= 80 || oneWord || command,
                    what + ": a line of " + line.length() + " columns: " + line + "\n--- all of it:\n" + transcript);
        }
        String joined = String.join(" ", screenLines(transcript)).replaceAll("\\s+", " ");
        for (String w : words) assertTrue(joined.contains(w), what + ": no '" + w + "' in\n" + transcript);
    }

    private String onTerminal(int exit, String... args) throws Exception {
        LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 80, args);
        assertEquals(exit, p.exit(120), p.stdout() + p.stderr());
        return p.stdout();
    }

    @Test
    void errorsOfBadInputFit() throws Exception {
        fits("--output's format", onTerminal(2, "crawl", "--output", dir.resolve("x.xyz").toString(), "x.test"),
                "cannot tell the format of", "or add --format jsonl|csv|text");
        Path page = Files.writeString(dir.resolve("b.html"), "b");
        fits("a local path", onTerminal(2, "crawl", page.toString()), "is a local file, not a URL",
                "use 'loomcrawl check DIR')");
        fits("a number", onTerminal(2, "crawl", "--max-tasks", "a-great-many-tasks-please", "x.test"),
                "is not a whole number");
    }

    @Test
    void checksSummaryFits() throws Exception {
        Path site = Files.createDirectories(dir.resolve("public"));
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            String page = "a-page-with-a-long-name-" + i + ".html";
            index.append("<a href='").append(page).append("'>p</a>");
            Files.writeString(site.resolve(page), "<a href='missing-page.html'>m</a><a href='index.html#nowhere'>f</a>");
        }
        Files.writeString(site.resolve("index.html"), index.toString());
        fits("check's summary", onTerminal(1, "check", "--check-fragments", site.toString()), "8 broken links",
                "linked from 4 pages:", "URLs checked in");
    }

    @Test
    void recrawlsPassLineFits() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<a href=/a>a</a><a href=/b>b</a>").page("/a", "a")
                .page("/b", "b").start()) {
            String state = dir.resolve("s.db").toString();
            fits("crawl", onTerminal(0, "crawl", "--no-progress", "--state", state, site.url("/")));
            fits("recrawl", onTerminal(0, "recrawl", "--no-progress", "--min-age", "0s", state), "Pass 2:",
                    "not-revisited");
        }
    }

    @Test
    void serveStartUpLinesFit() throws Exception {
        int port = TestSite.freePort();
        Path data = dir.resolve("a-data-folder-with-a-rather-long-name/and-more");
        LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 80, "serve", "--listen", "127.0.0.1:" + port,
                "--data", data.toString());
        try {
            Await.until("serve says where it listens", () -> p.stdout().contains("listening on http://127.0.0.1:"
                    + port + "/"));
            Thread.sleep(300);
        } finally {
            p.process().destroy(); // SIGTERM to script, which hangs up its terminal: the server ends
            p.process().waitFor(30, TimeUnit.SECONDS);
        }
        fits("serve", p.stdout(), "listening on http://127.0.0.1:" + port, "webhooks are signed with a new key");
    }

    @Test
    void theLaunchersFirstBuildMessageFits() throws Exception {
        LauncherBuildTest.launcherCopy(dir);
        Path bin = standIn("mvn", "echo 'stand-in mvn' >&2; exit 1");
        fits("the launcher", script(bin, dir.resolve("loomcrawl") + " --version"), "loomcrawl: building",
                "loomcrawl: build failed");
    }

    @Test
    void installsLinesFit() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(root.resolve("scripts/install-cli")), "run from the module's directory");
        Path checkout = InstallTree.standInCheckout(root, dir.resolve("checkout"));
        Path prefix = dir.resolve("p");
        fits("install", script(dir, checkout.resolve("scripts/install-cli") + " --prefix " + prefix),
                "loomcrawl: installed " + prefix + "/bin/loomcrawl", "is not on your PATH");
    }

    /** A folder holding an executable {@code name} that runs {@code body} in sh. */
    private Path standIn(String name, String body) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve(name), "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(bin.resolve(name), PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    /** The transcript of {@code command} run by bash on an 80-column terminal, {@code bin} first on the PATH. */
    private static String script(Path bin, String command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("script", "-qefc", "stty cols 80 rows 24; " + command, "/dev/null")
                .redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("TERM", "xterm");
        Process p = pb.start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), said);
        return said;
    }
}
