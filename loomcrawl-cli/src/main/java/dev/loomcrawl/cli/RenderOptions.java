package dev.loomcrawl.cli;

import dev.loomcrawl.config.RenderChoice;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * Options for pages that need JavaScript: rendered in headless Chromium (docs/rendering.md). Each is a row of the
 * settings table ({@link RenderChoice}); a crawl with {@code --state} keeps them, so each resume renders too.
 */
final class RenderOptions {
    @Option(names = "--render", arity = "0", parameterConsumer = Mode.class, paramLabel = "auto",
            description = "Load every HTML page in headless Chromium and take its links, items, record and content "
                    + "from the DOM its scripts built; --render auto: only the pages whose HTML shows they need it.")
    String mode;

    @Option(names = "--render-include", paramLabel = "REGEX",
            description = "Render only the HTML pages whose URL contains a match of REGEX.")
    String include;

    @Option(names = "--render-timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "Longest wait for a page's load and network idle, and after each scroll (default: 15s).")
    Duration timeout;

    @Option(names = "--render-scroll", paramLabel = "N",
            description = "Scroll each rendered page to its bottom N times, waiting for network idle each time "
                    + "(infinite scroll; default: 0).")
    Integer scrolls;

    @Option(names = "--render-tasks", paramLabel = "N",
            description = "Pages rendered at once, apart from --max-tasks (default: 2).")
    Integer tasks;

    @Option(names = "--render-resources", description = "Let rendered pages load images, media and fonts "
            + "(blocked by default).")
    boolean resources;

    /**
     * Reads {@code --render}'s optional word: {@code auto} when the next argument is exactly that (or it is given as
     * {@code --render=auto}), else nothing, so that {@code --render https://example.com/} still takes the URL as a
     * root rather than as a mode.
     */
    static final class Mode implements CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(java.util.Stack<String> args, CommandLine.Model.ArgSpec argSpec,
                                      CommandLine.Model.CommandSpec commandSpec) {
            String mode = "all";
            if (!args.isEmpty() && args.peek().equals("auto")) mode = args.pop();
            argSpec.setValue(mode);
        }
    }
}
