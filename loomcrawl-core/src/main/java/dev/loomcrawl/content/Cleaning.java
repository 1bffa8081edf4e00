package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

import java.util.Locale;

/**
 * Which elements inside a page's chosen blocks are boilerplate after all, decided from a {@link Tree}'s measures
 * alone: Readability's {@code _prepArticle} and byline checks. Always: share bars (a class or id naming share, under
 * 500 characters), author lines (named byline, author..., or {@code rel="author"}, under 100 characters) and h1 or h2
 * headings with a negative class weight. Conditionally (Readability's {@code _cleanConditionally}): forms, fieldsets,
 * tables, ul lists and divs that have a negative class weight, more list items or images than paragraphs, a short
 * text with links, a high link density, embeds, no text in text-holding elements, or nothing but an advertising or
 * "loading" label; but not data tables, what they hold, what holds them, or what is inside code.
 */
final class Cleaning {
    /** An author line is shorter than this (Readability's byline length). */
    private static final int BYLINE = 100;
    /** A share bar is shorter than this (Readability's share element threshold). */
    private static final int SHARE = 500;
    /** The words of the only elements that {@link #drops} may leave out when {@link #onlyNamed}, and headings. */
    static final int NAMED = ClassWords.SHARE | ClassWords.BYLINE;
    private final Tree t;
    private final boolean conditionally;
    /** Whether the article's lines are read ({@link ArticleLines}): on pages no documentation generator made. */
    private final ArticleLines lines;

    Cleaning(Tree t, boolean conditionally) {
        this.t = t;
        this.conditionally = conditionally;
        this.lines = t.nodes.generator == Generator.NONE ? new ArticleLines(t) : null;
    }

    /**
     * Whether {@link #drops} leaves out nothing but elements whose words are {@link #NAMED} and headings: when it
     * neither cleans conditionally nor reads the article's lines, as for a container taken whole on a page a known
     * generator made. Then a loop over the elements of a chosen block need not ask of the others, which are nearly
     * all of them (on the JDK docs, the call for each element was half of taking the container whole).
     */
    boolean onlyNamed() {
        return !conditionally && lines == null;
    }

    /** What the article's byline and dateline said (fields null where they said nothing), as far as cleaned. */
    Bylines.Said said() {
        return lines == null ? ArticleLines.NOTHING : lines.said();
    }

    /**
     * Whether element {@code i}, which {@link #drops} keeps, is left out of the plain text (the Markdown keeps it):
     * an image's caption, or the first heading that repeats the page's title.
     */
    boolean outOfText(int i) {
        return lines != null && lines.outOfText(i);
    }

    /**
     * Whether element {@code i} is left out; {@code below} when it is below a chosen block (not one itself),
     * {@code inDataTable} when a data table holds it.
     */
    boolean drops(int i, boolean below, boolean inDataTable) {
        int k = t.kind[i];
        if (below && (t.words[i] & ClassWords.SHARE) != 0 && t.chars[i] < SHARE) {
            return true;
        }
        if ((t.words[i] & ClassWords.BYLINE) != 0 && t.chars[i] < BYLINE) {
            if (lines != null) {
                lines.namedByline(i);
            }
            return true; // an author line: Readability takes it out as the byline
        }
        if (lines != null && below && lines.drops(i)) {
            return true;
        }
        if ((k & Tags.HEADING) != 0) {
            return t.weight[i] < 0 && (k & Tags.TOP_HEADING) != 0;
        }
        if (!conditionally) {
            return false;
        }
        // a div without blocks, or with a single paragraph, is a paragraph to Readability by now: not cleaned
        boolean div = (k & Tags.DIV) != 0 && (t.flags[i] & Tree.HAS_BLOCK) != 0 && (t.flags[i] & Tree.UNWRAPPED) == 0;
        boolean candidate = div || (k & (Tags.FORM | Tags.TABLE | Tags.UL)) != 0;
        return candidate && conditionallyOut(i, inDataTable);
    }

    private boolean conditionallyOut(int i, boolean inDataTable) {
        int k = t.kind[i];
        int f = t.flags[i];
        int chars = t.chars[i];
        boolean list = (k & Tags.LIST) != 0 || chars > 0 && t.listChars[i] / (double) chars > 0.9;
        if ((f & Tree.DATA_TABLE) != 0 || inDataTable || (f & Tree.IN_CODE) != 0 || (f & Tree.HAS_DATA_TABLE) != 0) {
            return false;
        }
        int weight = t.weight[i];
        if (weight < 0) {
            return lines == null || !lines.embedsPost(i);
        }
        if (t.commas[i] >= 10) {
            return false;
        }
        // the label last, as it needs the text made
        return outByMeasures(i, list, weight) && !(lines != null && lines.embedsPost(i))
                || chars < 40 && mayBeLabel(t.nodes.page, t.node[i]) && label(t.text(i));
    }

    /**
     * False when page element {@code n}'s text cannot be a {@link #label}: its first visible character is ASCII
     * and begins none of the labels (an a, c, l, p or w in either case); true otherwise, and then the text is made.
     * Saves making the text of most short blocks (on the JDK docs, a crawl's samples in that text went from 59 to
     * 25). The characters looked past are those jsoup's text and label's trimming drop or trim (whitespace, no-break
     * and zero-width spaces, soft hyphens), and those that no label begins with, so it never says false of a label.
     */
    static boolean mayBeLabel(PageTree page, int n) {
        char[] text = page.text();
        for (int d = n + 1, stop = page.end(n); d < stop; d++) {
            if (!page.isText(d)) continue;
            for (int k = page.textStart(d), end = page.textEnd(d); k < end; k++) {
                char c = text[k];
                if (c <= ' ' || JsoupText.space(c) || JsoupText.invisible(c) || Character.isWhitespace(c)) {
                    continue;
                }
                if (c >= 128) return true;
                char lower = (char) (c | 0x20); // ASCII letters to lower case; other characters begin no label anyway
                return lower == 'a' || lower == 'c' || lower == 'l' || lower == 'p' || lower == 'w';
            }
        }
        return true; // no visible character: the text made says
    }

    /** Readability's checks of what an element holds: images, items, headings, links, embeds, text. */
    private boolean outByMeasures(int i, boolean list, int weight) {
        int f = t.flags[i];
        int chars = t.chars[i];
        int p = t.paragraphs[i];
        int img = t.images[i];
        int li = t.items[i] - 100;
        int embeds = t.embeds[i];
        double links = t.linkDensity(i);
        double headings = chars == 0 ? 0 : t.headingChars[i] / (double) chars;
        double textish = chars == 0 ? 0 : t.textishChars[i] / (double) chars;
        boolean figure = (f & Tree.IN_FIGURE) != 0;
        boolean out = !figure && img > 1 && p / (double) img < 0.5
                || !list && li > p
                || !list && !figure && headings < 0.9 && chars < 25 && (img == 0 || img > 2) && links > 0
                || !list && weight < 25 && links > 0.2
                || weight >= 25 && links > 0.5
                || embeds == 1 && chars < 75 || embeds > 1
                || img == 0 && textish == 0;
        if (out && list) {
            // Readability keeps a simple list of images: every item one child, and as many images as items
            for (int c = i + 1; c < t.end[i]; c = t.end[c]) {
                if (t.children[c] > 1) {
                    return true;
                }
            }
            return t.items[i] != img;
        }
        return out;
    }

    /** Whether {@code text} is nothing but an advertising or a loading label (Readability's adWords, loadingWords). */
    static boolean label(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.endsWith("…")) {
            s = s.substring(0, s.length() - 1);
        } else if (s.endsWith("...")) {
            s = s.substring(0, s.length() - 3);
        }
        return switch (s) {
            case "ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама",
                 "anuncio", "loading", "正在加载", "загрузка", "chargement", "cargando" -> true;
            default -> false;
        };
    }
}
