package dev.loomcrawl.embed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Why a run at exit crashed, and that the model keeps it from happening (decision 45), in JVMs of their own
 * ({@link ExitProbe}): ONNX Runtime's Java binding releases its native environment in a shutdown hook, beside the
 * JVM's other hooks, so a session made (or run) during the exit finds it gone; with the model loaded, the environment
 * holds a reference of the model's and is still there.
 */
@Timeout(120)
class EnvironmentAtExitTest {

    private static String exit(Path dir, String mode) throws Exception {
        Path out = dir.resolve(mode + ".txt");
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx512m",
                "--enable-native-access=ALL-UNNAMED", "-XX:ErrorFile=" + dir.resolve("hs_err_pid%p.log"), "-cp",
                System.getProperty("java.class.path"), ExitProbe.class.getName(), mode)
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), mode);
        String said = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), said);
        try (var logs = Files.list(dir)) {
            assertEquals(List.of(), logs.filter(f -> f.getFileName().toString().startsWith("hs_err")).toList());
        }
        return said;
    }

    @Test
    void theBindingsShutdownHookReleasesTheRuntimesEnvironment(@TempDir Path dir) throws Exception {
        String said = exit(dir, "runtime");
        assertTrue(said.contains("environment gone"), said);
    }

    @Test
    void withTheModelLoadedTheEnvironmentOutlivesTheBindingsHook(@TempDir Path dir) throws Exception {
        String said = exit(dir, "model");
        assertTrue(said.contains("environment held"), said);
    }
}
