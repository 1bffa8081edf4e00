package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.ServeSetting;
import dev.loomcrawl.serve.ServeSettings;

import java.time.Duration;
import java.util.List;

import static dev.loomcrawl.config.SettingKind.COUNT;
import static dev.loomcrawl.config.SettingKind.DURATION;
import static dev.loomcrawl.serve.ServeSetting.one;

/**
 * The MCP server's own settings, one row each, as {@link ServeSettings} has serve's: what bounds one tool call
 * ({@link McpOptions}). {@code loomcrawl mcp} takes its options from these and from serve's rows it shares.
 */
public final class McpSettings {
    private McpSettings() {}

    /** The rows, in the order help lists them. */
    public static final List<ServeSetting<Target>> ROWS = List.of(
            one("max-result-chars", COUNT, "N", "Characters of a tool's result at most; a longer one is cut with a "
                    + "cursor to go on.", true, t -> t.maxChars, (t, v) -> t.maxChars = Integer.parseInt(v)),
            ServeSetting.<Target>one("max-call-pages", COUNT, "N", "Pages one check_links call crawls at most.", true,
                    t -> t.callPages, (t, v) -> t.callPages = Long.parseLong(v)).asWide(),
            one("max-call-time", DURATION, "DURATION", "How long one call may work: check_links, crawl_status's "
                    + "wait.", true, t -> t.callTime, (t, v) -> t.callTime = Duration.parse(v)));

    /** The MCP server's settings being set, each at its default until set. */
    public static final class Target {
        int maxChars = McpOptions.DEFAULT_MAX_CHARS;
        long callPages = McpOptions.DEFAULT_CALL_PAGES;
        Duration callTime = McpOptions.DEFAULT_CALL_TIME;

        /** The options; a bad value is an {@link IllegalArgumentException} naming its option. */
        public McpOptions options() {
            return new McpOptions(maxChars, callPages, callTime);
        }
    }
}
