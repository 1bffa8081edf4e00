package dev.loomcrawl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real loomcrawl process on this test's class path, for what only a process shows: SIGKILL, SIGINT, and
 * everything it writes to standard error. Standard output goes to a file, since reports can be long.
 */
record LoomcrawlProcess(Process process, Path out, Path err) {

    /**
     * Where sqlite-jdbc copies its native library in the processes started here (it deletes it at a JVM's exit, not
     * at a kill -9, which many of these processes get): the module's target directory, not the machine's /tmp.
     */
    private static String sqliteTmpdir() throws IOException {
        return "-Dorg.sqlite.tmpdir=" + Files.createDirectories(Path.of("target", "sqlite-tmp")).toAbsolutePath();
    }

    /**
     * The collector and JIT that {@code scripts/run-jar.sh} (the launcher) gives {@code command}'s JVM, so that these
     * processes run as users' do: the serial collector, and C1 alone but for {@code serve}, which lets C2 in
     * (decision 12). A crawl of 300 pages took 2.3 times the CPU with the JDK's defaults (G1 and C2).
     */
    static List<String> launcherOptions(String command) {
        return command.equals("serve") ? List.of("-XX:+UseSerialGC")
                : List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    }

    static LoomcrawlProcess start(Path dir, String... args) throws IOException {
        return startWithHeap("256m", dir, args);
    }

    /** A process whose heap is at most {@code maxHeap} (-Xmx's syntax). */
    static LoomcrawlProcess startWithHeap(String maxHeap, Path dir, String... args) throws IOException {
        return startWith(maxHeap, java.util.Map.of(), dir, args);
    }

    /** A process whose heap is at most {@code maxHeap}, with {@code env} added to this one's environment. */
    static LoomcrawlProcess startWith(String maxHeap, java.util.Map<String, String> env, Path dir, String... args)
            throws IOException {
        return startWith(maxHeap, List.of(), env, dir, args);
    }

    /** As {@link #startWith(String, java.util.Map, Path, String...)}, with {@code jvmOptions} given to the JVM. */
    static LoomcrawlProcess startWith(String maxHeap, List<String> jvmOptions, java.util.Map<String, String> env,
                                      Path dir, String... args) throws IOException {
        List<String> cmd = command(maxHeap, jvmOptions, args);
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        return new LoomcrawlProcess(pb.start(), out, err);
    }

    /**
     * The command line of a loomcrawl process with {@code args}: this JVM with the launcher's collector and JIT for
     * the command ({@link #launcherOptions}), then {@code jvmOptions}, this class path.
     */
    static List<String> command(String maxHeap, List<String> jvmOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx" + maxHeap, "--enable-native-access=ALL-UNNAMED", sqliteTmpdir()));
        cmd.addAll(launcherOptions(args.length > 0 ? args[0] : ""));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * A process on a terminal of {@code columns} x 24 (a pseudo-terminal from util-linux's {@code script}): its
     * standard output and error both go to the terminal, whose transcript is {@link #stdout()}.
     */
    static LoomcrawlProcess startOnTerminal(Path dir, int columns, String... args) throws IOException {
        return onTerminal(dir, "stty cols " + columns + " rows 24; exec", args);
    }

    /** A process whose standard output alone is a terminal of {@code columns} x 24: its standard error is dropped. */
    static LoomcrawlProcess startWithStdoutOnTerminal(Path dir, int columns, String... args) throws IOException {
        return onTerminal(dir, "stty cols " + columns + " rows 24; exec 2>/dev/null", args);
    }

    /**
     * A process on a terminal of {@code columns} x 24, as {@link #startOnTerminal}, that narrows to {@code narrowed}
     * columns once the file {@code resize} exists, as a window resized by hand: {@code stty} on the terminal, which
     * sends the process SIGWINCH. Then {@code resize} + ".done" is created. The resizer gives up after 60 s.
     */
    static LoomcrawlProcess startOnResizedTerminal(Path dir, int columns, Path resize, int narrowed, String... args)
            throws IOException {
        return onTerminal(dir, "stty cols " + columns + " rows 24; (i=0; while [ ! -e " + quoted(resize.toString())
                + " ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done; stty cols " + narrowed + " </dev/tty; touch "
                + quoted(resize + ".done") + ") & exec", args);
    }

    /** The loomcrawl command run by sh after {@code prefix} inside util-linux's {@code script}, on its terminal. */
    private static LoomcrawlProcess onTerminal(Path dir, String prefix, String... args) throws IOException {
        List<String> cmd = command("256m", List.of(), args);
        StringBuilder shell = new StringBuilder(prefix);
        for (String word : cmd) shell.append(' ').append(quoted(word));
        Path out = Files.createTempFile(dir, "terminal", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder("script", "-qefc", shell.toString(), "/dev/null")
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("TERM", "xterm");
        return new LoomcrawlProcess(pb.start(), out, err);
    }

    /** A word for sh, in single quotes. */
    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** Waits for the exit code (failing the test if it takes longer than {@code seconds}). */
    int exit(int seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            String threads = threadDump();
            process.destroyForcibly();
            throw new AssertionError("loomcrawl did not end within " + seconds + " s; stderr: " + stderr()
                    + "\nits threads then:\n" + threads);
        }
        return process.exitValue();
    }

    /** What each thread of the process is doing (jcmd's Thread.print), to say why it did not end. */
    private String threadDump() {
        try {
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return dump;
        } catch (IOException | InterruptedException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    String stdout() {
        return read(out);
    }

    String stderr() {
        return read(err);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
