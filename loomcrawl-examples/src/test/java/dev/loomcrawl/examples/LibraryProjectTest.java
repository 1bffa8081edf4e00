package dev.loomcrawl.examples;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The README's library project ("As a library") builds and runs as printed, with the real Maven: its files, its two
 * commands and the output it shows are taken from the README's text. The first command, {@code scripts/install}, runs
 * in a copy of the checkout (the build in progress keeps its own {@code target} directories) and installs loomcrawl
 * into a Maven repository of the test's own, never into the shared {@code ~/.m2}; the second builds and runs the
 * project with the address of a site on 127.0.0.1 in place of the README's {@code https://example.com/}.
 *
 * <p>Both builds get their settings from a {@code .mvn/maven.config} beside them, so the commands run unchanged:
 * the test's repository is their local repository, and the repository of the build running this test (its
 * {@code settings.localRepository}) is read as a remote one, first, so that what that build has already
 * downloaded is copied from disk, not fetched again. They are offline when that build is ({@code mvn -o}), reading
 * only that repository then; else what it lacks (the exec plugin on a fresh machine) comes from Maven Central.
 * Maven is the one running this build ({@code maven.home}), else {@code mvn} on {@code PATH}; the JDK is the
 * one running this test.
 */
class LibraryProjectTest {
    /** The address the README's command and output use; the test puts its site's in its place. */
    private static final String EXAMPLE_ROOT = "https://example.com/";
    /** A file of the project: its name in backquotes and a colon, then a fenced block. */
    private static final Pattern FILE = Pattern.compile("`(my-crawler/[^`]+)`:\\n\\n```\\w+\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern FENCE = Pattern.compile("```(\\w*)\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");
    /** The README's MAVEN_OPTS for JDK 24 or newer, on which Maven 3.8 warns about its own use of sun.misc.Unsafe. */
    private static final String UNSAFE_QUIET = "--sun-misc-unsafe-memory-access=allow";

    @TempDir
    static Path dir;

    private static Map<String, String> files;   // path under the project's parent -> text, as printed
    private static List<String> commands;       // the shell block's two lines
    private static List<String> output;         // the output block's lines
    private static Path settings;

    @BeforeAll
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // a fresh machine downloads a few plugins from Maven Central
    static void installLoomcrawlAsTheReadmeSays() throws Exception {
        String section = section(Files.readString(root().resolve("README.md")), "## As a library\n");
        files = new LinkedHashMap<>();
        for (Matcher m = FILE.matcher(section); m.find(); ) files.put(m.group(1), m.group(2));
        assertEquals(Set.of("my-crawler/pom.xml", "my-crawler/src/main/java/example/FirstCrawl.java"),
                files.keySet(), "the files the README's library section prints");
        commands = fence(section, "sh").lines().filter(l -> !l.isBlank()).toList();
        assertEquals(2, commands.size(), "the README's commands: scripts/install, then the project's mvn");
        assertEquals("scripts/install", commands.get(0));
        assertTrue(commands.get(1).contains(EXAMPLE_ROOT), "the mvn command crawls " + EXAMPLE_ROOT);
        output = fence(section, "text").lines().toList();

        settings = dir.resolve("settings.xml");
        Path outerRepo = Path.of(System.getProperty("loomcrawl.maven.repo",
                System.getProperty("user.home") + "/.m2/repository"));
        Files.writeString(settings, """
                <settings>
                  <localRepository>%s</localRepository>
                  <profiles><profile><id>outer</id>
                    <repositories><repository><id>outer</id><url>%s</url>
                      <snapshots><enabled>false</enabled></snapshots></repository></repositories>
                    <pluginRepositories><pluginRepository><id>outer</id><url>%s</url>
                      <snapshots><enabled>false</enabled></snapshots></pluginRepository></pluginRepositories>
                  </profile></profiles>
                  <activeProfiles><activeProfile>outer</activeProfile></activeProfiles>
                </settings>
                """.formatted(dir.resolve("repository"), outerRepo.toUri(), outerRepo.toUri()));

        Path checkout = dir.resolve("loomcrawl");
        copyCheckout(root(), checkout);
        Run install = run(checkout, commands.get(0), System.getProperty("java.home"));
        assertEquals(0, install.exit, "scripts/install failed:\n" + install);
        assertTrue(Files.isDirectory(dir.resolve("repository/dev/loomcrawl/loomcrawl-core")),
                "scripts/install installed loomcrawl-core in the test's repository:\n" + install);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void theProjectBuildsAndPrintsWhatTheReadmeShows() throws Exception {
        Path work = project("run");
        try (TestSite site = TestSite.builder()
                .page("/", "<html><body><a href=\"/a\">a</a> <a href=\"/b\">b</a>"
                        + " <a href=\"https://elsewhere.example/\">elsewhere</a></body></html>")
                .page("/a", "<html><body><a href=\"/\">home</a> <a href=\"/b\">b</a></body></html>")
                .page("/b", "<html><body>the end</body></html>")
                .start()) {
            String command = commands.get(1).replace(EXAMPLE_ROOT, site.url("/"));
            Run run = run(work, command, System.getProperty("java.home"));
            assertEquals(0, run.exit, command + " failed:\n" + run);
            assertFalse(run.all().contains("SLF4J"), "no SLF4J warning:\n" + run);
            assertEquals("", run.err, "nothing on standard error:\n" + run);

            List<String> expected = output.stream().map(l -> l.replace(EXAMPLE_ROOT, site.url("/"))).toList();
            List<String> printed = run.out.lines().toList();
            // a line per URL in the order they finish, then the count
            assertEquals(expected.size(), printed.size(), "the lines the README shows:\n" + run);
            assertEquals(expected.getLast(), printed.getLast(), "the last line:\n" + run);
            assertEquals(expected.subList(0, expected.size() - 1).stream().sorted().toList(),
                    printed.subList(0, printed.size() - 1).stream().sorted().toList(), "a line per URL:\n" + run);
        }
    }

    /** "on an older one the compile stops with `error: release version 21 not supported`" */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void onAnOlderJdkTheCompileStopsWithTheErrorTheReadmeNames() throws Exception {
        Path old = olderJdk();
        assumeTrue(old != null, "no JDK older than 21 in /usr/lib/jvm");
        String error = "error: release version 21 not supported";
        assertTrue(section(Files.readString(root().resolve("README.md")), "## As a library\n").contains(error));
        Run run = run(project("old"), commands.get(1), old.toString());
        assertNotEquals(0, run.exit, "the build on " + old + " must fail:\n" + run);
        assertTrue(run.all().contains(error), "the build on " + old + " says why:\n" + run);
    }

    /** Writes the README's files into a directory of their own; returns where its commands run (its parent). */
    private static Path project(String name) throws IOException {
        Path work = dir.resolve(name);
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = work.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue());
        }
        return work;
    }

    /** Runs one command line of the README with bash in {@code where}, with Maven's settings of the test. */
    private static Run run(Path where, String command, String javaHome) throws Exception {
        for (Path base : List.of(where, where.resolve("my-crawler"))) {
            if (Files.isRegularFile(base.resolve("pom.xml"))) mavenConfig(base);
        }
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(where.toFile());
        Map<String, String> env = builder.environment();
        env.put("JAVA_HOME", javaHome);
        String mavenHome = System.getProperty("loomcrawl.maven.home", "");
        env.put("PATH", javaHome + "/bin" + (Files.isExecutable(Path.of(mavenHome, "bin", "mvn"))
                ? ":" + mavenHome + "/bin" : "") + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        env.remove("MAVEN_OPTS");
        if (Runtime.version().feature() >= 24 && javaHome.equals(System.getProperty("java.home"))) {
            env.put("MAVEN_OPTS", UNSAFE_QUIET); // as the README says, for Maven's own warnings on JDK 24+
        }
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            int exit = process.waitFor();
            return new Run(command, exit, plain(Files.readString(out)), plain(Files.readString(err)));
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private record Run(String command, int exit, String out, String err) {
        String all() {
            return out + err;
        }

        @Override
        public String toString() {
            return "$ " + command + "\n(exit " + exit + ")\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** Maven's arguments for a build under {@code base}, one per line, read by both Maven 3.8 and 3.9. */
    private static void mavenConfig(Path base) throws IOException {
        List<String> args = new ArrayList<>(List.of("-s", settings.toString()));
        if ("offline=true".equals(System.getProperty("loomcrawl.maven.offline"))) {
            args.add("-o");
            args.add("-Daether.offline.protocols=file"); // offline, but reading the outer build's repository
        }
        args.forEach(a -> assertFalse(a.contains(" "), "Maven 3.8 splits maven.config at spaces: " + a));
        Path config = Files.createDirectories(base.resolve(".mvn")).resolve("maven.config");
        String theirs = Files.isRegularFile(config) ? Files.readString(config) : "";
        if (!theirs.contains(settings.toString())) Files.writeString(config, String.join("\n", args) + "\n" + theirs);
    }

    /** Text without blank lines and with no terminal colours (Maven 3.8 sends a reset even to a file). */
    private static String plain(String text) {
        StringBuilder lines = new StringBuilder();
        ANSI.matcher(text).replaceAll("").lines().filter(l -> !l.isBlank()).forEach(l -> lines.append(l).append('\n'));
        return lines.toString();
    }

    /** The section from {@code heading} to the next heading of its level. */
    private static String section(String text, String heading) {
        int start = text.indexOf(heading);
        assertTrue(start >= 0, "README.md has no " + heading.strip());
        int end = text.indexOf("\n## ", start + heading.length());
        return text.substring(start, end < 0 ? text.length() : end);
    }

    /** The one fenced block of the given language in the text. */
    private static String fence(String text, String language) {
        List<String> found = new ArrayList<>();
        for (Matcher m = FENCE.matcher(text); m.find(); ) if (m.group(1).equals(language)) found.add(m.group(2));
        assertEquals(1, found.size(), "the library section's ```" + language + " blocks");
        return found.getFirst();
    }

    /** The checkout's files, without build output, version control or caches. */
    private static void copyCheckout(Path from, Path to) throws IOException {
        Set<String> skipped = Set.of("target", ".git", ".cache", "node_modules", ".idea", ".vscode");
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                if (!d.equals(from) && skipped.contains(d.getFileName().toString())) return FileVisitResult.SKIP_SUBTREE;
                Files.createDirectories(to.resolve(from.relativize(d).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile()) {
                    Files.copy(f, to.resolve(from.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** A JDK older than 21 in /usr/lib/jvm (its release file says its version), or null. */
    private static Path olderJdk() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) return null;
        try (Stream<Path> all = Files.list(jvms)) {
            return all.filter(jdk -> Files.isExecutable(jdk.resolve("bin/javac")))
                    .filter(jdk -> {
                        int version = feature(jdk);
                        return version > 0 && version < 21;
                    })
                    .sorted().findFirst().orElse(null);
        }
    }

    private static int feature(Path jdk) {
        try {
            for (String line : Files.readAllLines(jdk.resolve("release"))) {
                Matcher m = Pattern.compile("^JAVA_VERSION=\"(?:1\\.)?(\\d+)").matcher(line);
                if (m.find()) return Integer.parseInt(m.group(1));
            }
            return -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** The repository's root: the module runs its tests in its own directory. */
    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve("README.md")) && Files.exists(here.resolve("docs")) ? here : here.getParent();
    }
}
