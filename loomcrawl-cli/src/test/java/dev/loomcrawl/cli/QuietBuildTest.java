package dev.loomcrawl.cli;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Maven that the launcher's first build, {@code scripts/install} and the other scripts run (set up by
 * {@code scripts/maven.sh}, which they all source) says nothing when quiet: no "[0m[0m", the colour resets Maven
 * 3.8 wrote as it exited, batch mode and {@code -Dstyle.color=never} notwithstanding.
 */
class QuietBuildTest {
    @Test
    void aQuietMavenRunPrintsNothing() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(root.resolve("scripts/maven.sh")), "run from the module's directory");
        assumeTrue(new ProcessBuilder("sh", "-c", "command -v mvn").start().waitFor() == 0, "needs mvn");
        // what the scripts run, on the parent project alone (its validate phase: the enforcer), offline
        Process p = new ProcessBuilder("bash", "-c", "source scripts/java.sh && source scripts/maven.sh "
                + "&& mvn -q -B -o -N validate").directory(root.toFile()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), said);
        assertEquals("", said, "nothing, no escape sequence: " + said.replace("\033", "ESC"));
    }
}
