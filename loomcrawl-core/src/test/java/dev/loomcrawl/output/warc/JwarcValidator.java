package dev.loomcrawl.output.warc;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs jwarc's own validator, {@code org.netpreserve.jwarc.tools.ValidateTool} (what {@code jwarc validate}
 * runs), on WARC files in a child JVM: it ends with System.exit. It checks every record's headers against the
 * WARC 1.1 rules, parses the HTTP messages, and verifies block and payload digests and Content-Length.
 */
final class JwarcValidator {
    record Result(int exit, String output) {
        boolean valid() {
            return exit == 0;
        }
    }

    private JwarcValidator() {}

    static Result validate(List<Path> files) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "org.netpreserve.jwarc.tools.ValidateTool", "-v"));
        for (Path f : files) cmd.add(f.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the validator did not finish");
        }
        return new Result(p.exitValue(), out);
    }
}
