package dev.loomcrawl.serve;

import java.util.Locale;

/** What a webhook tells: a job started, made a page, completed, or failed (a cancelled job failed too). */
enum WebhookEvent {
    STARTED, PAGE, COMPLETED, FAILED;

    /** The name a request's {@code webhook.events} lists: {@code page}. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The delivery's {@code type} for a job of {@code kind}, as Firecrawl names it: {@code crawl.page}. */
    String type(JobKind kind) {
        return (kind == JobKind.BATCH ? "batch_scrape." : "crawl.") + label();
    }

    /** Whether it ends the job's deliveries (sent after every other event of the job is delivered or given up). */
    boolean last() {
        return this == COMPLETED || this == FAILED;
    }

    static WebhookEvent ofLabel(String label) {
        for (WebhookEvent e : values()) {
            if (e.label().equals(label)) return e;
        }
        return null;
    }
}
