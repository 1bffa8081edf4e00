package dev.loomcrawl.pdf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A PDF's lines as Markdown and as plain text. Each page starts with a {@code <!-- page N -->} line in the Markdown
 * (invisible when shown, and a chunk's text says which page it came from) and a form feed between pages in the text.
 * Headings come from the document's outline when it has one (an entry's title on the page it points to, at the
 * entry's depth; an entry whose title no line of its page shows is put at the top of that page), else from font
 * sizes: a line set at least 1.2 times the body's size (the size most of the text is set in) is a heading, the
 * largest size level 1. Other lines make paragraphs, where PDFBox saw one start (a drop, an indent), their lines
 * joined by spaces.
 */
final class PdfMarkdown {
    /** An outline entry: its title, its depth (0 at the top) and the page it points to (from 1). */
    record Entry(String title, int depth, int page) {}

    /** The document's text and Markdown. */
    record Written(String text, String markdown) {}

    private static final float HEADING_RATIO = 1.2f;
    private static final int MAX_HEADING_CHARS = 200;

    private PdfMarkdown() {
    }

    static Written write(List<PdfLines.Line> lines, List<Entry> outline) {
        Map<Float, Integer> levels = outline.isEmpty() ? sizeLevels(lines) : Map.of();
        Map<Integer, List<Entry>> entries = new HashMap<>();
        for (Entry e : outline) entries.computeIfAbsent(e.page(), p -> new ArrayList<>()).add(e);
        StringBuilder md = new StringBuilder();
        StringBuilder text = new StringBuilder();
        StringBuilder paragraph = new StringBuilder();
        int page = 0;
        List<Entry> pending = List.of();
        for (int i = 0; i < lines.size(); i++) {
            PdfLines.Line line = lines.get(i);
            if (line.page() != page) {
                flush(paragraph, md, text);
                page = line.page();
                if (!md.isEmpty()) text.append('\f');
                block(md, "<!-- page " + page + " -->");
                pending = new ArrayList<>(entries.getOrDefault(page, List.of()));
                for (Entry e : unmatched(pending, lines, i)) heading(md, text, e.depth() + 1, e.title());
            }
            Entry entry = take(pending, line.text());
            Integer level = entry != null ? Integer.valueOf(entry.depth() + 1)
                    : line.text().length() <= MAX_HEADING_CHARS ? levels.get(line.size()) : null;
            if (level != null) {
                flush(paragraph, md, text);
                // a heading set over two lines is one heading
                String title = line.text();
                while (entry == null && i + 1 < lines.size() && lines.get(i + 1).page() == page
                        && level.equals(levels.get(lines.get(i + 1).size()))
                        && title.length() + lines.get(i + 1).text().length() < MAX_HEADING_CHARS) {
                    title += " " + lines.get(++i).text();
                }
                heading(md, text, level, title);
                continue;
            }
            if (line.paragraphStart()) flush(paragraph, md, text);
            if (!paragraph.isEmpty()) paragraph.append(' ');
            paragraph.append(line.text());
        }
        flush(paragraph, md, text);
        return new Written(text.toString().strip(), md.toString().strip());
    }

    /** The font sizes of headings, each with its level: the largest 1; sizes of the body and below none. */
    static Map<Float, Integer> sizeLevels(List<PdfLines.Line> lines) {
        Map<Float, Integer> charsBySize = new HashMap<>();
        for (PdfLines.Line l : lines) charsBySize.merge(l.size(), l.text().length(), Integer::sum);
        float body = 0;
        int most = -1;
        for (Map.Entry<Float, Integer> e : charsBySize.entrySet()) {
            if (e.getValue() > most || e.getValue() == most && e.getKey() < body) {
                body = e.getKey();
                most = e.getValue();
            }
        }
        TreeSet<Float> larger = new TreeSet<>();
        for (Float s : charsBySize.keySet()) if (s >= body * HEADING_RATIO) larger.add(s);
        Map<Float, Integer> levels = new HashMap<>();
        int level = 1;
        for (Float s : larger.descendingSet()) levels.put(s, Math.min(6, level++));
        return levels;
    }

    /** The entries of a page that no line of it shows, taken out of {@code pending}: they head the page. */
    private static List<Entry> unmatched(List<Entry> pending, List<PdfLines.Line> lines, int first) {
        List<Entry> missing = new ArrayList<>();
        for (Entry e : pending) {
            boolean shown = false;
            for (int i = first; i < lines.size() && lines.get(i).page() == lines.get(first).page() && !shown; i++) {
                shown = same(lines.get(i).text(), e.title());
            }
            if (!shown) missing.add(e);
        }
        pending.removeAll(missing);
        return missing;
    }

    private static Entry take(List<Entry> pending, String text) {
        for (int i = 0; i < pending.size(); i++) {
            if (same(text, pending.get(i).title())) return pending.remove(i);
        }
        return null;
    }

    private static boolean same(String a, String b) {
        return squeeze(a).equals(squeeze(b));
    }

    private static String squeeze(String s) {
        return s.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static void heading(StringBuilder md, StringBuilder text, int level, String title) {
        block(md, "#".repeat(Math.min(6, level)) + " " + escape(title.strip(), false));
        block(text, title.strip());
    }

    private static void flush(StringBuilder paragraph, StringBuilder md, StringBuilder text) {
        if (paragraph.isEmpty()) return;
        block(md, escape(paragraph.toString(), true));
        block(text, paragraph.toString());
        paragraph.setLength(0);
    }

    private static void block(StringBuilder out, String block) {
        if (!out.isEmpty() && out.charAt(out.length() - 1) != '\f') out.append("\n\n");
        out.append(block);
    }

    /**
     * {@code s} as CommonMark text: the characters that would start emphasis, code, links or HTML escaped, and, at
     * the start of a paragraph, what would make it a heading, a quote, a list item or a rule.
     */
    static String escape(String s, boolean paragraph) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c == '`' || c == '*' || c == '_' || c == '[' || c == ']' || c == '<' || c == '|') {
                out.append('\\');
            }
            out.append(c);
        }
        if (paragraph && !out.isEmpty()) {
            char first = out.charAt(0);
            if (first == '#' || first == '>' || first == '-' || first == '+' || first == '=' || first == '~') {
                out.insert(0, '\\');
            } else if (Character.isDigit(first)) {
                int d = 0;
                while (d < out.length() && Character.isDigit(out.charAt(d))) d++;
                if (d < out.length() && (out.charAt(d) == '.' || out.charAt(d) == ')')) out.insert(d, '\\');
            }
        }
        return out.toString();
    }
}
