package dev.loomcrawl.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code loomcrawl install} says what bash completion needs when the bash-completion package is missing;
 * {@code loomcrawl uninstall} removes what {@code loomcrawl install} put down, and nothing else: the real
 * {@code scripts/install-cli} (over a stand-in distribution of the same shape, {@link InstallTree}) installs under a
 * prefix that already holds a file of the user's, then the installed command uninstalls itself.
 */
class UninstallTest {
    @TempDir
    Path dir;

    private static String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), said);
        assertEquals(0, p.exitValue(), said);
        return said;
    }

    /** Every file and link under {@code root}, relative to it. */
    private static TreeSet<String> tree(Path root) throws Exception {
        try (Stream<Path> all = Files.walk(root)) {
            TreeSet<String> files = new TreeSet<>();
            all.filter(p -> !Files.isDirectory(p) || Files.isSymbolicLink(p))
                    .forEach(p -> files.add(root.relativize(p).toString()));
            return files;
        }
    }

    @Test
    void uninstallRemovesWhatInstallPutDownAndNothingElse() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(root.resolve("scripts/install-cli")), "run from the module's directory");
        Path checkout = InstallTree.standInCheckout(root, dir.resolve("checkout"));
        Path prefix = Files.createDirectories(dir.resolve("prefix"));
        Files.createDirectories(prefix.resolve("bin"));
        Files.writeString(prefix.resolve("bin/other-tool"), "mine");
        Files.createDirectories(prefix.resolve("share/man/man1"));
        Files.writeString(prefix.resolve("share/man/man1/other-tool.1"), "mine");
        TreeSet<String> before = tree(prefix);

        String install = run(List.of(checkout.resolve("scripts/install-cli").toString(), "--prefix", prefix.toString()));
        boolean loader = Files.exists(Path.of("/usr/share/bash-completion/bash_completion"))
                || Files.exists(Path.of("/etc/bash_completion"));
        // without the bash-completion package nothing reads the completion file: install says what it needs
        assertEquals(!loader, install.replaceAll("\\s+", " ").contains("loomcrawl: bash completion needs the "
                + "bash-completion package (sudo apt-get install bash-completion), or this line in ~/.bashrc: source "
                + prefix + "/share/bash-completion/completions/loomcrawl"), install);
        TreeSet<String> installed = tree(prefix);
        assertTrue(installed.contains("bin/loomcrawl") && installed.contains("share/man/man1/loomcrawl-crawl.1")
                && installed.contains("share/bash-completion/completions/loomcrawl")
                && installed.contains("lib/loomcrawl/lib/loomcrawl.jar"), installed.toString());

        String said = run(List.of(prefix.resolve("bin/loomcrawl").toString(), "uninstall"));
        assertEquals("loomcrawl: uninstalled from " + prefix + " (5 files and " + prefix + "/lib/loomcrawl removed)",
                said.replaceAll("\\s+", " ").strip()); // broken between words for 80 columns
        assertEquals(before, tree(prefix), "what was there before, and nothing more");
        assertFalse(Files.exists(prefix.resolve("lib/loomcrawl")));

        // again: nothing is installed, and it says so
        Process again = new ProcessBuilder(root.resolve("scripts/uninstall-cli").toString(), "--prefix",
                prefix.toString()).redirectErrorStream(true).start();
        String twice = new String(again.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, again.waitFor());
        assertEquals("loomcrawl uninstall: nothing installed under " + prefix + " (no " + prefix
                + "/lib/loomcrawl/installed-files)\n", twice);
    }
}
