package dev.loomcrawl.reason;

/**
 * A budget that ends the whole crawl when it runs out, named as its option is ({@code --max-pages}...); or a focused
 * crawl's patience, run out.
 */
public enum Limit implements Reason {
    MAX_PAGES("max-pages"),
    MAX_BYTES("max-bytes"),
    MAX_TIME("max-time"),
    /** A focused crawl's last {@code focus-patience} pages added no passage more relevant than those found. */
    FOCUS_PATIENCE("focus-patience");

    private final String label;

    Limit(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The limit spelled {@code label} (as a state store keeps it), or null for null. */
    public static Limit of(String label) {
        return label == null ? null : Labels.of(values(), label);
    }
}
