package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Assumptions;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Node.js program of the test resources ({@code /firecrawl/NAME.mjs}) run against a real {@code loomcrawl serve}
 * and a test site, with the npm packages {@code scripts/firecrawl/setup} installs (skipped when node or npm is
 * missing and cannot be installed): what it printed last, as JSON, and the serve it ran against.
 */
record NodeClient(JsonNode result, ServeProcess serve) {

    /** Runs {@code script} with the packages of {@code setup ARGS...}, against a new serve of {@code dir}. */
    static NodeClient run(Path dir, String script, TestSite site, String... setupArgs) throws Exception {
        return run(dir, script, site.url("").replaceAll("/$", ""), setupArgs);
    }

    /**
     * As {@link #run(Path, String, TestSite, String...)}, the program given {@code siteRoot} as the site's address;
     * the serve is stopped when the program fails.
     */
    static NodeClient run(Path dir, String script, String siteRoot, String... setupArgs) throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> setupCommand = new ArrayList<>(List.of(root.resolve("scripts/firecrawl/setup").toString()));
        setupCommand.addAll(List.of(setupArgs));
        Process setup = new ProcessBuilder(setupCommand).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String cache = new String(setup.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int code = setup.waitFor();
        Assumptions.assumeTrue(code != 3, "node and npm are missing and could not be installed");
        assertEquals(0, code, "scripts/firecrawl/setup failed");
        Path keys = Files.writeString(dir.resolve("keys"), "test-key\n");
        ServeProcess serve = ServeProcess.start(dir, TestSite.freePort(), "--data", dir.resolve("data").toString(),
                "--allow-private", "--api-key-file", keys.toString());
        try {
            Path program = Path.of(NodeClient.class.getResource("/firecrawl/" + script).toURI());
            Process node = new ProcessBuilder("node", program.toString(), cache, serve.base(), "test-key", siteRoot)
                    .redirectError(dir.resolve("node-stderr.txt").toFile()).start();
            String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(node.waitFor(300, TimeUnit.SECONDS));
            String err = Files.readString(dir.resolve("node-stderr.txt"));
            assertEquals(0, node.exitValue(), "node: " + err + "\nserve: " + serve.process().stderr());
            return new NodeClient(ServeProcess.JSON.readTree(out.lines().reduce((a, b) -> b).orElseThrow()), serve);
        } catch (Exception | AssertionError e) {
            serve.process().process().destroy();
            throw e;
        }
    }
}
