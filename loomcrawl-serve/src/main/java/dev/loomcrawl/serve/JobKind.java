package dev.loomcrawl.serve;

/**
 * A crawl from one URL, or a batch scrape of a list of them, in their URL path's words; or a crawl of the native API
 * ({@code /v1/crawls}), made of the settings tree's own JSON, with its outputs ({@link NativeRun}).
 */
enum JobKind {
    CRAWL("crawl"), BATCH("batch/scrape"), NATIVE("crawls");

    private final String path;

    JobKind(String path) {
        this.path = path;
    }

    /** The job's path under /v2 ("crawl", "batch/scrape"); a native crawl's is under /v1. */
    String path() {
        return path;
    }
}
