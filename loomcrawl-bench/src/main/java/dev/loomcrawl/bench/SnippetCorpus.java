package dev.loomcrawl.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * trafilatura's evaluation corpus (its repository's {@code tests/}: {@code evaldata.json}, and the pages under
 * {@code eval/} and {@code cache/}): for each page, text segments a good extraction holds ("with") and boilerplate
 * segments it must leave out ("without"). An extraction is scored as trafilatura's {@code tests/eval_common.py}
 * does: whitespace collapsed on both sides, a "with" segment found is a true positive (else a false negative), a
 * "without" segment found a false positive (else a true negative), counted over the whole corpus.
 */
final class SnippetCorpus {
    /** One annotated page. */
    record Page(String url, Path file, List<String> with, List<String> without) {}

    /** Counts over the corpus. */
    record Counts(int tp, int fp, int fn, int tn) {
        Counts plus(Counts o) {
            return new Counts(tp + o.tp, fp + o.fp, fn + o.fn, tn + o.tn);
        }

        double precision() {
            return tp + fp == 0 ? 0 : tp / (double) (tp + fp);
        }

        double recall() {
            return tp + fn == 0 ? 0 : tp / (double) (tp + fn);
        }

        double accuracy() {
            return (tp + tn) / (double) (tp + fp + fn + tn);
        }

        double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }
    }

    private SnippetCorpus() {}

    /**
     * Scores {@code extractors} on the corpus under {@code dir} and prints a Markdown table: precision, recall,
     * accuracy and F1 over all segments, and the mean time per page (one pass, no warm-up). Each page is decoded as
     * jsoup detects its charset; boilerpipe is given that decoded HTML.
     */
    static void evaluate(Path dir, List<Extractors.Extractor> extractors, boolean perPage) throws IOException {
        List<Page> pages = read(dir);
        int e = extractors.size();
        Counts[] total = new Counts[e];
        Arrays.fill(total, new Counts(0, 0, 0, 0));
        double[] millis = new double[e];
        int[] failures = new int[e];
        double parse = 0;
        for (Page page : pages) {
            byte[] bytes = Files.readAllBytes(page.file());
            String html = null;
            StringBuilder row = new StringBuilder("| " + page.file().getFileName() + " |");
            for (int x = 0; x < e; x++) {
                long t0 = System.nanoTime();
                Document doc = Jsoup.parse(new ByteArrayInputStream(bytes), null, page.url());
                long t1 = System.nanoTime();
                parse += (t1 - t0) / 1e6 / e;
                if (html == null) {
                    html = new String(bytes, doc.charset());
                }
                String text = extractors.get(x).run(html, doc, page.url());
                millis[x] += (System.nanoTime() - t1) / 1e6;
                if (text == null) {
                    failures[x]++;
                    text = "";
                }
                Counts c = count(page, text);
                total[x] = total[x].plus(c);
                row.append(String.format(Locale.ROOT, " %d/%d %d/%d |", c.tp(), c.tp() + c.fn(), c.fp(),
                        c.fp() + c.tn()));
            }
            if (perPage) {
                System.out.println(row);
            }
        }
        System.out.printf(Locale.ROOT, "%ntrafilatura's evaluation corpus (%s): %d pages, %d text and %d boilerplate "
                + "segments; a segment is found when it is a substring of the text, whitespace collapsed on both "
                + "sides; "
                + "counts over the corpus; time per page in one pass, no warm-up.%n%n", dir, pages.size(),
                total[0].tp() + total[0].fn(), total[0].fp() + total[0].tn());
        System.out.println("| extractor | precision | recall | accuracy | F1 | ms/page | failed |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (int x = 0; x < e; x++) {
            Extractors.Extractor ex = extractors.get(x);
            System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | **%.3f** | %.2f%s | %d |%n", ex.name(),
                    total[x].precision(), total[x].recall(), total[x].accuracy(), total[x].f1(),
                    millis[x] / pages.size(), ex.givenDocument() ? "" : " (with its own parse)", failures[x]);
        }
        System.out.printf(Locale.ROOT, "| (jsoup's parse with charset detection, which the others are given) | | | | "
                + "| %.2f | |%n", parse / pages.size());
    }

    /** The pages of the corpus under {@code dir}, in URL order; pages whose file is missing are skipped. */
    static List<Page> read(Path dir) throws IOException {
        List<Page> pages = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(dir.resolve("evaldata.json").toFile())) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String url = p.currentName();
                expect(p.nextToken(), JsonToken.START_OBJECT);
                String file = null;
                List<String> with = new ArrayList<>();
                List<String> without = new ArrayList<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken value = p.nextToken();
                    switch (field) {
                        case "file" -> file = p.getText();
                        case "with" -> strings(p, with);
                        case "without" -> strings(p, without);
                        default -> p.skipChildren();
                    }
                    if (value == null) {
                        throw new IOException("evaldata.json ends early");
                    }
                }
                Path path = resolve(dir, file);
                if (path != null) {
                    pages.add(new Page(url, path, with, without));
                }
            }
        }
        pages.sort((a, b) -> a.url().compareTo(b.url()));
        return pages;
    }

    /** The counts for one page's extracted text (empty when the extractor gave nothing). */
    static Counts count(Page page, String text) {
        String result = collapse(text);
        int tp = 0;
        int fp = 0;
        for (String w : page.with()) {
            if (result.contains(collapse(w))) {
                tp++;
            }
        }
        for (String w : page.without()) {
            if (result.contains(collapse(w))) {
                fp++;
            }
        }
        return new Counts(tp, fp, page.with().size() - tp, page.without().size() - fp);
    }

    /** Whitespace runs as one space, trimmed: Python's {@code re.sub(r"\s+", " ", text).strip()}. */
    static String collapse(String text) {
        StringBuilder b = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                space = true;
            } else {
                if (space && !b.isEmpty()) {
                    b.append(' ');
                }
                space = false;
                b.append(c);
            }
        }
        return b.toString();
    }

    private static Path resolve(Path dir, String file) {
        if (file == null) {
            return null;
        }
        for (String sub : new String[] {"cache", "eval"}) {
            Path p = dir.resolve(sub).resolve(file);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    private static void strings(JsonParser p, List<String> into) throws IOException {
        expect(p.currentToken(), JsonToken.START_ARRAY);
        while (p.nextToken() == JsonToken.VALUE_STRING) {
            into.add(p.getText());
        }
    }

    private static void expect(JsonToken got, JsonToken wanted) throws IOException {
        if (got != wanted) {
            throw new IOException("evaldata.json: expected " + wanted + ", got " + got);
        }
    }
}
