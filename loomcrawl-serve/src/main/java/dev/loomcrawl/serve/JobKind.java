package dev.loomcrawl.serve;

/** A crawl from one URL, or a batch scrape of a list of them: the two kinds of job, in their URL path's words. */
enum JobKind {
    CRAWL("crawl"), BATCH("batch/scrape");

    private final String path;

    JobKind(String path) {
        this.path = path;
    }

    /** The job's path under /v2 ("crawl", "batch/scrape"). */
    String path() {
        return path;
    }
}
