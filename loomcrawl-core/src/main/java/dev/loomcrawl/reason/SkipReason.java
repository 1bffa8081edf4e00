package dev.loomcrawl.reason;

/** Why a queued URL was recorded without being fetched. Counted as {@code skip_LABEL}. */
public enum SkipReason implements Reason {
    /** robots.txt disallows it for the crawl's user-agent. */
    ROBOTS("robots"),
    /** robots.txt answered a server error or 429 each time it was tried: the site asks crawlers to wait. */
    ROBOTS_UNAVAILABLE("robots-unavailable");

    private final String label;

    SkipReason(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The reason spelled {@code label} (as a state store keeps it), or null for null. */
    public static SkipReason of(String label) {
        return label == null ? null : Labels.of(values(), label);
    }
}
