package dev.loomcrawl.cli;

import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.state.Setting;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Options for pages that need JavaScript: rendered in headless Chromium (docs/rendering.md). A crawl with
 * {@code --state} keeps them beside its configuration ({@code cli.render*} settings), so each resume renders too.
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

    /** The render options of a command that has them ({@code crawl}), or null when it renders nothing. */
    static RenderSettings of(CommandLine.Model.CommandSpec spec) {
        CommandLine.Model.CommandSpec mixin = spec.mixins().get("render");
        if (mixin == null || !(mixin.userObject() instanceof RenderOptions options)) return null;
        try {
            return options.settings();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

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

    /** What these options ask for, or null (neither --render nor --render-include); a bad value names itself. */
    RenderSettings settings() {
        boolean all = mode != null;
        boolean auto = "auto".equals(mode);
        if (!all && include == null) {
            if (timeout != null || scrolls != null || tasks != null || resources) {
                throw new IllegalArgumentException("--render-timeout, --render-scroll, --render-tasks and "
                        + "--render-resources need --render or --render-include");
            }
            return null;
        }
        if (all && include != null) {
            throw new IllegalArgumentException((auto ? "--render auto decides for" : "--render renders")
                    + " every page: give it or --render-include, not both");
        }
        Pattern pattern;
        try {
            pattern = include == null ? null : Pattern.compile(include);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--render-include is not a valid regular expression: " + include);
        }
        if (timeout != null && !timeout.isPositive()) {
            throw new IllegalArgumentException("--render-timeout must be a positive duration, got " + timeout);
        }
        if (scrolls != null && (scrolls < 0 || scrolls > 1000)) {
            throw new IllegalArgumentException("--render-scroll must be between 0 and 1000, got " + scrolls);
        }
        if (tasks != null && (tasks < 1 || tasks > 64)) {
            throw new IllegalArgumentException("--render-tasks must be between 1 and 64, got " + tasks);
        }
        return new RenderSettings(pattern, timeout == null ? RenderSettings.TIMEOUT : timeout,
                scrolls == null ? 0 : scrolls, tasks == null ? RenderSettings.TASKS : tasks, resources, auto);
    }

    /** The settings a state file keeps for {@code render} (nothing when null). */
    static List<Setting> encode(RenderSettings render, String prefix) {
        List<Setting> out = new ArrayList<>();
        if (render == null) return out;
        out.add(new Setting(prefix + "render", render.include() == null ? "" : render.include().pattern()));
        out.add(new Setting(prefix + "render-timeout", render.timeout().toString()));
        out.add(new Setting(prefix + "render-scroll", String.valueOf(render.scrolls())));
        out.add(new Setting(prefix + "render-tasks", String.valueOf(render.tasks())));
        out.add(new Setting(prefix + "render-resources", String.valueOf(render.resources())));
        if (render.auto()) out.add(new Setting(prefix + "render-auto", "true"));
        return out;
    }

    /**
     * The render settings among {@code byName} (name without prefix to its one value), removed from it; null when
     * the crawl renders nothing.
     */
    static RenderSettings decode(Map<String, String> byName) {
        String include = byName.remove("render");
        String timeout = byName.remove("render-timeout");
        String scrolls = byName.remove("render-scroll");
        String tasks = byName.remove("render-tasks");
        String resources = byName.remove("render-resources");
        String auto = byName.remove("render-auto");
        if (include == null) return null;
        return new RenderSettings(include.isEmpty() ? null : Pattern.compile(include),
                timeout == null ? RenderSettings.TIMEOUT : Duration.parse(timeout),
                scrolls == null ? 0 : Integer.parseInt(scrolls),
                tasks == null ? RenderSettings.TASKS : Integer.parseInt(tasks),
                Boolean.parseBoolean(resources), Boolean.parseBoolean(auto));
    }
}
