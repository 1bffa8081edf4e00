package dev.loomcrawl.result;

import java.util.List;

/**
 * How a focused crawl ({@code --focus}) went: its question, whether it stopped early because the last
 * {@code patience} pages added no passage more relevant than the best found, the pages it read, and its most
 * relevant pages with their relevance (the share of the question's words in their best passage, 0 to 1).
 */
public record FocusReport(String question, boolean settled, int patience, long pagesRead, List<Page> best) {
    public FocusReport {
        best = List.copyOf(best);
    }

    /** A page and its relevance to the question. */
    public record Page(String url, double relevance) {}

    /** The report's lines: why the crawl stopped (if early) and its best pages. */
    public List<String> lines() {
        StringBuilder b = new StringBuilder("Focus: \"" + question + "\": " + pagesRead + " pages read");
        if (settled) b.append("; stopped early: the last ").append(patience)
                .append(" pages added no passage more relevant than those found");
        java.util.List<String> lines = new java.util.ArrayList<>();
        lines.add(b.toString());
        for (Page p : best) lines.add(String.format(java.util.Locale.ROOT, "  %.2f %s", p.relevance(), p.url()));
        return lines;
    }
}
