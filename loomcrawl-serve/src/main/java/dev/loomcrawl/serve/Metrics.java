package dev.loomcrawl.serve;

import java.util.EnumMap;
import java.util.Map;

/** {@code /metrics}: Prometheus' text format: jobs by state, each job's pages, and pages made in all. */
final class Metrics {
    private Metrics() {}

    static String text(Jobs jobs, Scrapes scrapes) {
        Map<JobState, Integer> byState = new EnumMap<>(JobState.class);
        for (JobState s : JobState.values()) byState.put(s, 0);
        StringBuilder perJob = new StringBuilder();
        long pages = scrapes.pages.sum();
        for (Job job : jobs.all()) {
            JobRecord r = job.record();
            byState.merge(r.state(), 1, Integer::sum);
            int n = job.completed();
            pages += n;
            perJob.append("loomcrawl_serve_job_pages{job=\"").append(r.id()).append("\",kind=\"")
                    .append(r.kind().name().toLowerCase(java.util.Locale.ROOT)).append("\",state=\"")
                    .append(r.state().label()).append("\"} ").append(n).append('\n');
        }
        StringBuilder out = new StringBuilder();
        out.append("# HELP loomcrawl_serve_jobs Crawl and batch jobs kept, by state.\n");
        out.append("# TYPE loomcrawl_serve_jobs gauge\n");
        byState.forEach((s, n) -> out.append("loomcrawl_serve_jobs{state=\"").append(s.label()).append("\"} ")
                .append(n).append('\n'));
        out.append("# HELP loomcrawl_serve_job_pages Documents of each job kept.\n");
        out.append("# TYPE loomcrawl_serve_job_pages gauge\n");
        out.append(perJob);
        out.append("# HELP loomcrawl_serve_pages_total Documents made: the kept jobs' and every scrape's.\n");
        out.append("# TYPE loomcrawl_serve_pages_total counter\n");
        out.append("loomcrawl_serve_pages_total ").append(pages).append('\n');
        Webhooks w = jobs.webhooks();
        out.append("# HELP loomcrawl_serve_webhooks_total Webhook deliveries by outcome: delivered, given up after "
                + "their retries (or refused by the guard), dropped (page events past the bound of those owed).\n");
        out.append("# TYPE loomcrawl_serve_webhooks_total counter\n");
        out.append("loomcrawl_serve_webhooks_total{outcome=\"delivered\"} ").append(w.delivered.sum()).append('\n');
        out.append("loomcrawl_serve_webhooks_total{outcome=\"given_up\"} ").append(w.givenUp.sum()).append('\n');
        out.append("loomcrawl_serve_webhooks_total{outcome=\"dropped\"} ").append(w.dropped.sum()).append('\n');
        out.append("# HELP loomcrawl_serve_webhook_failed_attempts_total Delivery attempts without a 2xx answer.\n");
        out.append("# TYPE loomcrawl_serve_webhook_failed_attempts_total counter\n");
        out.append("loomcrawl_serve_webhook_failed_attempts_total ").append(w.failedAttempts.sum()).append('\n');
        out.append("# HELP loomcrawl_serve_webhooks_pending Webhook deliveries owed now.\n");
        out.append("# TYPE loomcrawl_serve_webhooks_pending gauge\n");
        out.append("loomcrawl_serve_webhooks_pending ").append(w.pending()).append('\n');
        return out.toString();
    }
}
