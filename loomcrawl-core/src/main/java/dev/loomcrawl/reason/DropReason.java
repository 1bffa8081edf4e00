package dev.loomcrawl.reason;

/**
 * Why a newly seen URL was not queued: a limit on where the crawl goes ({@code --max-depth}...) or a trap guard
 * ({@code trap-...}, see the limits package's TrapGuards). Counted as {@code dropped_LABEL}.
 */
public enum DropReason implements Reason {
    MAX_DEPTH("max-depth"),
    MAX_URL_LENGTH("max-url-length"),
    MAX_PAGES_PER_HOST("max-pages-per-host"),
    /** More sitemaps than a crawl fetches (the crawler's MAX_SITEMAPS). */
    MAX_SITEMAPS("max-sitemaps"),
    TRAP_DEEP_PATH("trap-deep-path"),
    TRAP_REPEATED_SEGMENT("trap-repeated-segment"),
    TRAP_MANY_PARAMETERS("trap-many-parameters"),
    TRAP_LONG_QUERY("trap-long-query"),
    TRAP_REPEATED_PARAMETER("trap-repeated-parameter"),
    TRAP_REPEATED_SEGMENT_IN_QUERY("trap-repeated-segment-in-query"),
    TRAP_URL_SHAPE("trap-url-shape");

    private final String label;

    DropReason(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The reason spelled {@code label} (as a state store keeps it), or null for null. */
    public static DropReason of(String label) {
        return label == null ? null : Labels.of(values(), label);
    }
}
