package dev.loomcrawl.serve;

/** Where a crawl or batch job is, in Firecrawl's words ({@link #label()}). A queued job is already scraping. */
enum JobState {
    SCRAPING("scraping"), COMPLETED("completed"), FAILED("failed"), CANCELLED("cancelled");

    private final String label;

    JobState(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    boolean finished() {
        return this != SCRAPING;
    }

    static JobState ofLabel(String label) {
        for (JobState s : values()) {
            if (s.label.equals(label)) return s;
        }
        throw new IllegalArgumentException("unknown job state '" + label + "'");
    }
}
