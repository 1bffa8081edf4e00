package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.content.EmbedderStopped;
import dev.loomcrawl.result.Printable;
import dev.loomcrawl.store.sqlite.ChunkIndex;
import dev.loomcrawl.store.sqlite.ChunkIndexException;
import dev.loomcrawl.store.sqlite.Embedder;
import dev.loomcrawl.store.sqlite.SearchMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl search CRAWL "question"}: a crawl's chunks best matching a question, ranked by BM25 and by meaning
 * (the embedding model of {@code loomcrawl-embed}), fused; each hit with its URL, headings, passage, scores and the
 * WARC capture it cites. The index is caught up with the chunks first, and chunks without a vector are embedded
 * (on standard error, how many): after the crawl, not during it (decision 36).
 */
@Command(name = "search", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Search a crawl's chunks (--chunks) for a question.",
                "Ranks the passages by BM25 and by meaning (an embedding model, in process), fused by reciprocal "
                        + "rank, and prints the best: each with its page's URL, the headings it falls under, the "
                        + "passage, its scores, and the WARC capture it cites (open it with 'loomcrawl captures "
                        + "--url').",
                "CRAWL is the chunks file a crawl wrote (--chunks FILE), its index (FILE.index, made beside it at "
                        + "the first search), the crawl's state file (--state), or a WACZ written with --chunks.",
                "Chunks are embedded at the first search after they were written (a few dozen a second on two "
                        + "cores); --index does it without searching."},
        footerHeading = "%nExamples:%n",
        footer = {"  # a crawl made with: loomcrawl crawl --chunks chunks.jsonl --warc w URL",
                "  loomcrawl search chunks.jsonl \"keep a list ordered by a custom key\"",
                "  loomcrawl search --json --limit 10 crawl.wacz \"socket timeout\"",
                "  loomcrawl search --index crawl.state",
                "",
                "Exit codes: 0 searched (found or not), 1 CRAWL missing, unreadable or without chunks, "
                        + "2 usage error."})
final class SearchCommand implements Callable<Integer> {
    static final int WIDTH = 80;
    private static final JsonFactory JSON = new JsonFactory();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CRAWL", description = "The crawl's chunks file, its index, its state file, "
            + "or a WACZ holding its chunks.")
    Path crawl;

    @Parameters(index = "1", paramLabel = "QUESTION", arity = "0..1", description = "What to look for, in words.")
    String question;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "5",
            description = "Hits at most, 1 to " + ChunkIndex.MAX_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--mode", paramLabel = "MODE", description = "fused (BM25 and meaning; the default when the "
            + "model is there), lexical (BM25 alone, nothing embedded), or dense (meaning alone).")
    String mode;

    @Option(names = "--json", description = "One JSON object: the query, the ranking made, the counts, and the hits "
            + "with their scores and citations.")
    boolean json;

    @Option(names = "--index", description = "Bring the index up to date (and embed its chunks) without searching.")
    boolean indexOnly;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        Logging.configure(0);
        CommandLine cli = spec.commandLine();
        SearchMode asked = null;
        try {
            if (mode != null) asked = SearchMode.of(mode.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cli, "--mode: " + e.getMessage());
        }
        if (limit < 1 || limit > ChunkIndex.MAX_LIMIT) {
            throw new CommandLine.ParameterException(cli, "--limit: " + limit + " is not between 1 and "
                    + ChunkIndex.MAX_LIMIT);
        }
        if (question == null && !indexOnly) throw new CommandLine.ParameterException(cli, "QUESTION is missing");
        if (question != null && indexOnly) throw new CommandLine.ParameterException(cli, "--index takes no QUESTION");
        if (question != null && question.isBlank()) throw new CommandLine.ParameterException(cli, "QUESTION is blank");
        PrintWriter out = cli.getOut();
        PrintWriter err = cli.getErr();
        CrawlChunks where;
        try {
            where = CrawlChunks.of(crawl);
        } catch (CrawlChunks.NoChunks e) {
            err.println("loomcrawl: " + Printable.line(e.getMessage()));
            return Main.FAILED;
        }
        Embedder model = asked == SearchMode.LEXICAL ? null : model(err);
        try (ChunkIndex index = ChunkIndex.open(where.index(), model)) {
            if (where.chunks() != null) index.catchUp(where.chunks());
            if (model != null) embed(index, err);
            if (indexOnly) {
                err.println("loomcrawl: " + where.index() + " is up to date");
                return Main.FINISHED;
            }
            ChunkIndex.Page page = index.search(question, limit, null, asked);
            if (page.note() != null && !json) err.println("loomcrawl: " + page.note());
            if (json) {
                json(page, out);
            } else {
                text(page, out);
            }
            out.flush();
            return Main.FINISHED;
        } catch (ChunkIndexException e) {
            err.println("loomcrawl: " + Printable.line(e.getMessage()));
            return Main.FAILED;
        } finally {
            if (where.temporary()) delete(where.chunks());
        }
    }

    /** The embedding model, or null (said in one line) when it cannot be loaded on this machine. */
    private static Embedder model(PrintWriter err) {
        try {
            return Embedder.find().orElse(null);
        } catch (java.util.ServiceConfigurationError | LinkageError | RuntimeException e) {
            if (EmbedderStopped.causedBy(e)) return null; // the JVM exits (a signal): nothing to say
            err.println("loomcrawl: the embedding model cannot be loaded (" + Printable.line(String.valueOf(
                    e.getMessage())) + "); searching by BM25 alone");
            return null;
        }
    }

    private static void embed(ChunkIndex index, PrintWriter err) {
        long missing = index.unembedded();
        if (missing == 0) return;
        err.println("loomcrawl: embedding " + missing + " chunks (once; interrupted, it goes on next time)...");
        err.flush();
        long start = System.nanoTime();
        index.embed(Long.MAX_VALUE, done -> {});
        double seconds = (System.nanoTime() - start) / 1e9;
        err.printf(Locale.ROOT, "loomcrawl: embedded %d chunks in %.1f s (%.1f a second)%n", missing, seconds,
                missing / Math.max(seconds, 1e-9));
    }

    /** The hits for a person: 80 columns, a header line each, its URL, its headings, three lines of passage. */
    static void text(ChunkIndex.Page page, PrintWriter out) {
        if (page.hits().isEmpty()) {
            out.println("No passage matches (" + page.indexedChunks() + " searched).");
            return;
        }
        int rank = 0;
        for (ChunkIndex.Hit h : page.hits()) {
            rank++;
            String title = h.title() == null || h.title().isBlank() ? h.url() : h.title();
            out.println(cut(rank + ". " + Printable.line(title), WIDTH));
            out.println("   " + Printable.url(h.url()));
            if (!h.headings().isEmpty()) {
                out.println(cut("   § " + Printable.line(String.join(" > ", h.headings())), WIDTH));
            }
            out.println("   " + scores(page.mode(), h));
            for (String line : wrap(Printable.line(h.markdown().replaceAll("\\s+", " ").strip()), WIDTH - 3, 3)) {
                out.println("   " + line);
            }
            if (h.citation() != null) {
                out.println(cut("   capture: " + h.citation().warcFile() + " @" + h.citation().offset() + " "
                        + h.citation().captured(), WIDTH));
            }
            out.println();
        }
        out.println(page.hits().size() + " of " + page.indexedChunks() + " passages, ranked " + page.mode().label()
                + (page.mode() == SearchMode.LEXICAL ? "" : " (" + page.embeddedChunks() + " embedded)") + ".");
    }

    private static String scores(SearchMode mode, ChunkIndex.Hit h) {
        ChunkIndex.Scores s = h.scores();
        StringBuilder b = new StringBuilder();
        if (s.fused() != null) b.append(String.format(Locale.ROOT, "fused %.4f", s.fused()));
        if (s.bm25() != null) {
            if (!b.isEmpty()) b.append(", ");
            b.append(String.format(Locale.ROOT, "bm25 %.2f (#%d)", s.bm25(), s.bm25Rank()));
        }
        if (s.cosine() != null) {
            if (!b.isEmpty()) b.append(", ");
            b.append(String.format(Locale.ROOT, "cosine %.3f (#%d)", s.cosine(), s.cosineRank()));
        }
        return b.toString();
    }

    private static String cut(String s, int width) {
        return s.codePointCount(0, s.length()) <= width ? s
                : s.substring(0, s.offsetByCodePoints(0, width - 1)) + "…";
    }

    /**
     * {@code text} in lines of at most {@code width} characters, broken between words as every line loomcrawl prints
     * ({@link WrappedLines#wrap}), at most {@code lines} of them (the last cut, and each longer word).
     */
    static java.util.List<String> wrap(String text, int width, int lines) {
        String flat = text.replaceAll(" +", " ").strip();
        if (flat.isEmpty()) return java.util.List.of();
        java.util.List<String> all = WrappedLines.wrap(flat, 0, width, "").lines().toList();
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < Math.min(lines, all.size()); i++) {
            boolean more = i == lines - 1 && all.size() > lines;
            out.add(cut(more ? all.get(i) + " " + all.get(i + 1) : all.get(i), width));
        }
        return out;
    }

    static void json(ChunkIndex.Page page, PrintWriter out) {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(s)) {
            g.writeStartObject();
            g.writeStringField("mode", page.mode().label());
            if (page.note() != null) g.writeStringField("note", page.note());
            g.writeNumberField("indexed", page.indexedChunks());
            g.writeNumberField("embedded", page.embeddedChunks());
            g.writeArrayFieldStart("hits");
            for (ChunkIndex.Hit h : page.hits()) {
                g.writeStartObject();
                g.writeStringField("url", h.url());
                g.writeStringField("title", h.title());
                g.writeArrayFieldStart("headings");
                for (String heading : h.headings()) g.writeString(heading);
                g.writeEndArray();
                g.writeStringField("passage", h.markdown());
                g.writeNumberField("score", h.score());
                g.writeObjectFieldStart("scores");
                ChunkIndex.Scores sc = h.scores();
                number(g, "fused", sc.fused());
                number(g, "bm25", sc.bm25());
                if (sc.bm25Rank() != null) g.writeNumberField("bm25_rank", sc.bm25Rank());
                number(g, "cosine", sc.cosine());
                if (sc.cosineRank() != null) g.writeNumberField("cosine_rank", sc.cosineRank());
                g.writeEndObject();
                if (h.citation() == null) {
                    g.writeNullField("capture");
                } else {
                    g.writeObjectFieldStart("capture");
                    g.writeStringField("warc_file", h.citation().warcFile());
                    g.writeNumberField("warc_offset", h.citation().offset());
                    g.writeStringField("warc_record_id", h.citation().recordId());
                    g.writeStringField("captured", h.citation().captured());
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        out.println(s);
    }

    private static void number(JsonGenerator g, String name, Double value) throws IOException {
        if (value != null) g.writeNumberField(name, value);
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file beside the WACZ, hidden
        }
    }
}
