package dev.loomcrawl.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The checkout's launcher, {@code ./loomcrawl}, on its first run: it says it builds, and how long that takes,
 * before the silent build. Run on a copy of the launcher and its scripts over a source tree with no jar yet, with
 * a stand-in {@code mvn} first on the PATH (the real build takes a minute): what it prints first is the launcher's.
 */
class LauncherBuildTest {
    @Test
    void theFirstRunSaysItBuildsAndHowLong(@TempDir Path dir) throws Exception {
        launcherCopy(dir);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho 'stand-in mvn' >&2\nexit 1\n");
        Files.setPosixFilePermissions(bin.resolve("mvn"), PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder("bash", dir.resolve("loomcrawl").toString(), "--version")
                .redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = pb.start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), said);
        assertEquals("loomcrawl: building (first run or sources changed; a minute the first time)...",
                said.lines().findFirst().orElse(""), said);
        assertTrue(said.contains("loomcrawl: build failed"), said); // the stand-in's
    }

    /**
     * The JVM options the launcher picks by command: a crawl runs C1 alone, {@code serve} (a server that runs for days)
     * lets C2 in, and {@code LOOMCRAWL_JAVA_OPTS} overrides both. The launcher is the real one over a built jar; the
     * JDK it finds is a stand-in whose {@code java} prints the arguments it was given.
     */
    @Test
    void serveLetsC2InWhereACrawlRunsC1Alone(@TempDir Path dir) throws Exception {
        standIn(dir);
        String crawl = launched(dir, null, "crawl", "http://127.0.0.1:1/");
        assertTrue(crawl.startsWith("-Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "), crawl);
        String serve = launched(dir, null, "serve", "--listen", "127.0.0.1:0");
        assertTrue(serve.startsWith("-Xmx512m -XX:+UseSerialGC "), serve);
        assertFalse(serve.contains("TieredStopAtLevel"), serve);
        assertTrue(launched(dir, "-Xmx64m", "serve").startsWith("-Xmx64m "));
        // the loomcrawl processes the tests start get the same collector and JIT (LoomcrawlProcess.launcherOptions)
        assertEquals(collectorAndJit(crawl), java.util.Set.copyOf(LoomcrawlProcess.launcherOptions("crawl")), crawl);
        assertEquals(collectorAndJit(serve), java.util.Set.copyOf(LoomcrawlProcess.launcherOptions("serve")), serve);
    }

    /** The options of a JVM command line that pick its collector or its compilers. */
    private static java.util.Set<String> collectorAndJit(String commandLine) {
        return java.util.Arrays.stream(commandLine.split(" "))
                .filter(o -> o.matches("-XX:[+-]Use\\w+GC|-XX:TieredStopAtLevel=\\d+|-XX:[+-]TieredCompilation"))
                .collect(java.util.stream.Collectors.toSet());
    }

    /**
     * The heap in transparent huge pages where the kernel gives them when asked ("madvise"), and not where it never
     * does ("never": the JVM would print its warning on standard out, into an MCP session or a JSON output) or does
     * unasked ("always"); {@code LOOMCRAWL_JAVA_OPTS} overrides it as it does the rest.
     */
    @Test
    void theHeapIsInHugePagesWhereTheKernelGivesThemWhenAsked(@TempDir Path dir) throws Exception {
        standIn(dir);
        Path setting = dir.resolve("enabled");
        java.util.Map<String, String> env = java.util.Map.of("LOOMCRAWL_THP_FILE", setting.toString());
        Files.writeString(setting, "always [madvise] never\n");
        assertTrue(launched(dir, null, env, "crawl", "x").contains(" -XX:+UseTransparentHugePages "));
        assertTrue(launched(dir, null, env, "serve").contains(" -XX:+UseTransparentHugePages "));
        assertFalse(launched(dir, "-Xmx64m", env, "crawl", "x").contains("TransparentHugePages"));
        Files.writeString(setting, "always madvise [never]\n");
        assertFalse(launched(dir, null, env, "crawl", "x").contains("TransparentHugePages"));
        Files.writeString(setting, "[always] madvise never\n");
        assertFalse(launched(dir, null, env, "crawl", "x").contains("TransparentHugePages"));
        Files.delete(setting); // a kernel without them
        assertFalse(launched(dir, null, env, "crawl", "x").contains("TransparentHugePages"));
    }

    /**
     * The real launcher in {@code dir} over a built jar, with a stand-in JDK whose {@code java} prints the arguments
     * it was given.
     */
    private static void standIn(Path dir) throws Exception {
        launcherCopy(dir);
        Path jdk = Files.createDirectories(dir.resolve("jdk/bin"));
        Files.writeString(dir.resolve("jdk/release"), "JAVA_VERSION=\"21\"\n");
        for (String tool : new String[] {"java", "javac", "jar"}) {
            Files.writeString(jdk.resolve(tool), tool.equals("java") ? "#!/bin/sh\necho \"$@\"\n" : "#!/bin/sh\n");
            Files.setPosixFilePermissions(jdk.resolve(tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path jar = Files.createDirectories(dir.resolve("loomcrawl-cli/target")).resolve("loomcrawl.jar");
        Files.writeString(jar, "");
        assertTrue(jar.toFile().setLastModified(System.currentTimeMillis() + 60_000)); // newer than the sources
    }

    /** What the stand-in JVM was given when the launcher in {@code dir} ran {@code args}. */
    private static String launched(Path dir, String javaOpts, String... args) throws Exception {
        return launched(dir, javaOpts, java.util.Map.of(), args);
    }

    /** {@link #launched(Path, String, String...)} with {@code env} added to the launcher's environment. */
    private static String launched(Path dir, String javaOpts, java.util.Map<String, String> env, String... args)
            throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", dir.resolve("loomcrawl").toString()).redirectErrorStream(true);
        pb.command().addAll(java.util.List.of(args));
        pb.environment().putAll(env);
        pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
        pb.environment().put("LOOMCRAWL_AOT", "off");
        if (javaOpts == null) pb.environment().remove("LOOMCRAWL_JAVA_OPTS");
        else pb.environment().put("LOOMCRAWL_JAVA_OPTS", javaOpts);
        Process p = pb.start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), said);
        assertEquals(0, p.exitValue(), said);
        assertTrue(said.endsWith(String.join(" ", args)), said);
        return said;
    }

    /**
     * Copies the launcher and the scripts it runs into {@code dir}, over a source tree with no jar yet (so that it
     * builds first); skipped when the tests do not run from the module's directory.
     */
    static void launcherCopy(Path dir) throws java.io.IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(root.resolve("loomcrawl")), "run from the module's directory");
        Files.createDirectories(dir.resolve("scripts"));
        Files.copy(root.resolve("loomcrawl"), dir.resolve("loomcrawl"));
        for (String script : new String[] {"java.sh", "java-version.sh", "maven.sh", "run-jar.sh"}) {
            Files.copy(root.resolve("scripts").resolve(script), dir.resolve("scripts").resolve(script));
        }
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("src/A.java"), "class A {}");
    }
}
