package dev.loomcrawl.redis;

import java.util.List;

/**
 * A shared crawl as it stands now, over every process ({@code loomcrawl status}).
 *
 * @param done       visits completed (one record each)
 * @param queued     visits queued
 * @param inFlight   visits leased to a process
 * @param errors     completed visits that failed or answered 4xx/5xx
 * @param createdMs  when the crawl was created (epoch ms)
 * @param finishedMs when it was seen to be over (epoch ms), or -1 while it runs
 * @param nowMs      Redis's clock when this was read (epoch ms)
 * @param processes  every process that joined it, in the order they joined
 */
public record CrawlStatus(long done, long queued, long inFlight, long errors, long createdMs, long finishedMs,
                          long nowMs, List<ProcessStatus> processes) {
    public CrawlStatus {
        processes = List.copyOf(processes);
    }

    public boolean finished() {
        return finishedMs >= 0;
    }

    /**
     * Whether there is no more to see: the crawl is over and every process has said its last word (ended, or gone
     * silent), or {@link ProcessStatus#GONE_AFTER} has passed since it finished. The crawl is seen to be over before
     * its last processes have written their outputs and closed their frontiers, so a view at that moment still shows
     * them alive, with counts a beat old.
     */
    public boolean settled() {
        return finished() && (processes.stream().noneMatch(p -> p.state().equals("alive"))
                || nowMs - finishedMs > ProcessStatus.GONE_AFTER.toMillis());
    }

    /** Pages a second since the crawl was created (until it finished). */
    public double pagesPerSecond() {
        long ms = (finished() ? finishedMs : nowMs) - createdMs;
        return ms <= 0 ? 0 : done * 1000.0 / ms;
    }
}
