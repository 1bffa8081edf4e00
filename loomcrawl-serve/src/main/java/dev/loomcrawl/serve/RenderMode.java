package dev.loomcrawl.serve;

import dev.loomcrawl.render.chromium.RenderSettings;

/**
 * Which of a request's pages are rendered in headless Chromium before they are read: none (the default), those whose
 * HTML shows they need JavaScript ({@code --render auto}), or every HTML page ({@code --render}).
 */
public enum RenderMode {
    NEVER("never"),
    AUTO("auto"),
    ALWAYS("always");

    private final String label;

    RenderMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The mode spelled {@code label}, or null. */
    public static RenderMode ofLabel(String label) {
        for (RenderMode m : values()) if (m.label.equals(label)) return m;
        return null;
    }

    /** How the browser renders, with RenderSettings' defaults (tabs, timeout); null for {@link #NEVER}. */
    RenderSettings settings() {
        return switch (this) {
            case NEVER -> null;
            case AUTO -> RenderSettings.automatic();
            case ALWAYS -> RenderSettings.everyPage();
        };
    }
}
