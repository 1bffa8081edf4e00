package dev.loomcrawl.config;

import java.time.Duration;

/**
 * Which pages a crawl renders in a browser, and how: the rows of {@link SettingGroup#RENDER}, as given (null: not
 * given; the renderer's defaults apply). docs/rendering.md says what each does.
 *
 * @param mode    every HTML page, or those whose HTML shows they need it; null: those of {@code include}, if any
 * @param include only pages whose URL this regular expression is found in; null: none given
 */
public record RenderChoice(Mode mode, String include, Duration timeout, Integer scrolls, Integer tasks,
                           boolean resources) {
    public static final RenderChoice NONE = new RenderChoice(null, null, null, null, null, false);

    /** {@code --render}'s word. */
    public enum Mode {
        /** Every HTML page ({@code --render}). */
        ALL,
        /** The pages whose HTML shows they need it ({@code --render auto}). */
        AUTO
    }

    /** Whether any page is to be rendered. */
    public boolean any() {
        return mode != null || include != null;
    }
}
