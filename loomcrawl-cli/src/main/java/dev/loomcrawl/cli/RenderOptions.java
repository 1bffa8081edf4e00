package dev.loomcrawl.cli;

import dev.loomcrawl.config.RenderChoice;
import dev.loomcrawl.render.chromium.RenderSettings;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

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

    /**
     * What the crawl job's render settings (these options, or a configuration file's) ask for, or null (neither
     * render nor render-include); a bad value names itself.
     */
    static RenderSettings settings(RenderChoice c) {
        boolean all = c.mode() != null;
        boolean auto = c.mode() == RenderChoice.Mode.AUTO;
        if (!all && c.include() == null) {
            if (c.timeout() != null || c.scrolls() != null || c.tasks() != null || c.resources()) {
                throw new IllegalArgumentException("--render-timeout, --render-scroll, --render-tasks and "
                        + "--render-resources need --render or --render-include");
            }
            return null;
        }
        if (all && c.include() != null) {
            throw new IllegalArgumentException((auto ? "--render auto decides for" : "--render renders")
                    + " every page: give it or --render-include, not both");
        }
        Pattern pattern;
        try {
            pattern = c.include() == null ? null : Pattern.compile(c.include());
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--render-include is not a valid regular expression: " + c.include());
        }
        if (c.timeout() != null && !c.timeout().isPositive()) {
            throw new IllegalArgumentException("--render-timeout must be a positive duration, got " + c.timeout());
        }
        if (c.scrolls() != null && (c.scrolls() < 0 || c.scrolls() > 1000)) {
            throw new IllegalArgumentException("--render-scroll must be between 0 and 1000, got " + c.scrolls());
        }
        if (c.tasks() != null && (c.tasks() < 1 || c.tasks() > 64)) {
            throw new IllegalArgumentException("--render-tasks must be between 1 and 64, got " + c.tasks());
        }
        return new RenderSettings(pattern, c.timeout() == null ? RenderSettings.TIMEOUT : c.timeout(),
                c.scrolls() == null ? 0 : c.scrolls(), c.tasks() == null ? RenderSettings.TASKS : c.tasks(),
                c.resources(), auto);
    }
}
