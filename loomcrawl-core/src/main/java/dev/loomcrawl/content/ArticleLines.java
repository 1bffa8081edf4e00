package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

import java.util.Locale;

/**
 * The lines of an article that are about it rather than part of it, inside the blocks {@link Cleaning} keeps, on pages
 * that no documentation generator made (a generator's container is the document, headings included):
 * <ul>
 *   <li>left out of the content: photo credits (a class naming credit or copyright, or a line beginning "Credit",
 *       "Photo:", "©"..., under 100 characters: {@link Bylines#credit}); bylines and datelines ({@link Bylines}:
 *       "By Jane Doe", "Updated 3 March 2026", or a line that is one {@code time} element with a date), whose author
 *       and date are kept ({@link #said}); teaser lines, a short paragraph that is one link of 3 words or more to
 *       another page, alone or after a label ("Read more:", "Related", "See also"); a heading that repeats the
 *       page's title after the first;</li>
 *   <li>left out of the plain text but kept in the Markdown: the first heading that repeats the page's title
 *       ({@link Headline}), which the page's facts hold, and which the Markdown keeps as its title.</li>
 * </ul>
 * An image's descriptive caption stays in both: Mozilla's test pages keep captions in the article (measured in
 * docs/content.md), and in the Markdown it sits under its image. And an element whose text is mostly in blockquotes
 * is a post embedded from elsewhere with its wrapper, which the conditional cleaning does not take for a block of
 * links ({@link #embedsPost}).
 *
 * <p>Each test is on one element's measures first; a text is made only for short lines that pass them.
 */
final class ArticleLines {
    /** Nothing said. */
    static final Bylines.Said NOTHING = new Bylines.Said(null, null, null);
    /** A credit line is shorter than this. */
    private static final int CREDIT = 100;
    /** A teaser line is shorter than this, and its text outside its link at most {@link #LABEL} characters. */
    private static final int TEASER = 200;
    private static final int LABEL = 30;
    /** A heading repeating the title is shorter than this. */
    private static final int HEADLINE = 300;
    /** The share of an element's text in blockquotes that makes it an embedded post. */
    private static final double QUOTED = 0.8;
    /** Labels that introduce a link to another article, lower case, as a label's text begins. */
    private static final String[] TEASER_LABELS = {"read more", "read also", "also read", "read next", "related",
            "see also", "more on", "don't miss", "dont miss", "do not miss", "recommended", "must read", "watch",
            "listen", "more:", "also:", "next:", "lea", "lee también", "leia", "mire", "lesen sie", "mehr zum thema",
            "mehr dazu", "auch interessant", "weiterlesen", "siehe auch", "zum thema", "schon gelesen", "lire aussi",
            "à lire", "a lire", "voir aussi", "leggi anche", "lees ook", "czytaj"};
    /** Elements that are no line: text-level ones, lists, tables and their cells, code, forms. */
    private static final int NO_LINE = Tags.PHRASING | Tags.LIST | Tags.LI | Tags.TABLE | Tags.TD | Tags.CODE
            | Tags.FORM;

    private final Tree t;
    private final Headline headline;
    private boolean headlineSeen;
    private String author;
    private String published;
    private String modified;

    ArticleLines(Tree t) {
        this.t = t;
        this.headline = t.nodes.headline;
    }

    /** What the bylines and datelines left out said: the first author and dates found. */
    Bylines.Said said() {
        return author == null && published == null && modified == null ? NOTHING
                : new Bylines.Said(author, published, modified);
    }

    /** Element {@code i} is named as an author line (and left out as such): what it says, when it reads as one. */
    void namedByline(int i) {
        if (author != null || t.chars[i] == 0) {
            return;
        }
        String text = t.text(i);
        Bylines.Said said = Bylines.of(text);
        if (said == null && Bylines.nameLike(text.strip())) {
            said = new Bylines.Said(text.strip(), null, null);
        }
        keep(said);
    }

    /** Whether element {@code i}, below a chosen block, is left out as a line about the article. */
    boolean drops(int i) {
        int k = t.kind[i];
        int f = t.flags[i];
        int chars = t.chars[i];
        if ((t.words[i] & ClassWords.CREDIT) != 0 && chars < CREDIT && (f & Tree.IN_CODE) == 0) {
            return true;
        }
        if ((k & NO_LINE) != 0 || (f & (Tree.HAS_BLOCK | Tree.IN_CODE | Tree.IN_TABLE)) != 0 || chars == 0) {
            return false;
        }
        if ((k & Tags.TOP_HEADING) != 0 && headlineSeen && chars < HEADLINE && headline.repeatedBy(t.text(i))) {
            return true; // the title again: the Markdown keeps one
        }
        if (chars < Bylines.LONGEST && (k & Tags.HEADING) == 0 && byline(i)) {
            return true;
        }
        return (k & Tags.HEADING) == 0 && chars < TEASER && t.linkDensity(i) >= 0.5 && t.plain(i) <= LABEL && teaser(i);
    }

    /** Whether element {@code i}, which is kept, is left out of the plain text only: the first headline. */
    boolean outOfText(int i) {
        if ((t.kind[i] & Tags.TOP_HEADING) != 0 && !headlineSeen && t.chars[i] < HEADLINE
                && (t.flags[i] & Tree.IN_CODE) == 0 && headline.repeatedBy(t.text(i))) {
            headlineSeen = true;
            return true;
        }
        return false;
    }

    /** Whether element {@code i} is a byline or a dateline; what it says is kept. */
    private boolean byline(int i) {
        PageTree page = t.nodes.page;
        int n = t.node[i];
        char first = firstVisible(page, n);
        String time = onlyTime(page, n);
        if (time != null) {
            keep(new Bylines.Said(null, time, null));
            return true;
        }
        if (first == 0 || !Bylines.mayBegin(first)) {
            return false;
        }
        String text = t.text(i);
        Bylines.Said said = Bylines.of(text);
        if (said == null) {
            return Bylines.credit(text);
        }
        keep(said);
        return true;
    }

    private void keep(Bylines.Said said) {
        if (said == null) {
            return;
        }
        if (author == null) {
            author = said.author();
        }
        if (published == null) {
            published = said.published();
        }
        if (modified == null) {
            modified = said.modified();
        }
    }

    /**
     * The date of page element {@code n} when all its text is in one {@code time} element whose {@code datetime} is
     * a date: that; else null.
     */
    private String onlyTime(PageTree page, int n) {
        int time = -1;
        for (int d = n + 1, stop = page.end(n); d < stop; d++) {
            if (page.isText(d)) {
                if ((time < 0 || d >= page.end(time)) && !blank(page, d)) {
                    return null; // text outside a time element
                }
            } else if (page.is(d, "time")) {
                if (time >= 0 && d >= page.end(time)) {
                    return null; // a second one
                }
                time = time < 0 ? d : time;
            }
        }
        if (time < 0) {
            return null;
        }
        // a date, not a duration ("PT30M") or a time of day: its datetime begins with a year
        String datetime = page.attr(time, "datetime").strip();
        return datetime.length() >= 4 && Character.isDigit(datetime.charAt(0)) && Character.isDigit(datetime.charAt(3))
                ? datetime : null;
    }

    private static boolean blank(PageTree page, int d) {
        char[] text = page.text();
        for (int k = page.textStart(d), end = page.textEnd(d); k < end; k++) {
            char c = text[k];
            if (!(c <= ' ' || JsoupText.space(c) || JsoupText.invisible(c) || Character.isWhitespace(c))) {
                return false;
            }
        }
        return true;
    }

    /** The first visible character of page element {@code n}'s text; 0 for none. */
    private static char firstVisible(PageTree page, int n) {
        char[] text = page.text();
        for (int d = n + 1, stop = page.end(n); d < stop; d++) {
            if (!page.isText(d)) continue;
            for (int k = page.textStart(d), end = page.textEnd(d); k < end; k++) {
                char c = text[k];
                if (!(c <= ' ' || JsoupText.space(c) || JsoupText.invisible(c) || Character.isWhitespace(c))) {
                    return c;
                }
            }
        }
        return 0;
    }

    /**
     * Whether element {@code i} (short, mostly a link) is a teaser line: one link, not to a place on this page, with
     * at least 3 words, and beside it no text or a label ("Read more:", "Related", a word and a colon).
     */
    private boolean teaser(int i) {
        int link = -1;
        for (int j = i + 1; j < t.end[i]; j++) {
            if ((t.kind[j] & Tags.A) != 0 && !t.removed(j)) {
                if (link >= 0 || (t.flags[j] & Tree.IN_HASH_LINK) != 0 || !t.nodes.page.hasAttr(t.node[j], "href")) {
                    return false;
                }
                link = j;
                j = t.end[j] - 1;
            }
        }
        if (link < 0) {
            return false;
        }
        String linkText = t.text(link).strip();
        if (linkText.split(" ").length < 3) {
            return false; // a word or two ("here", "Download"), or an address written out
        }
        String text = t.text(i).strip();
        int at = text.indexOf(linkText);
        if (at < 0) {
            return false;
        }
        String label = (text.substring(0, at) + " " + text.substring(at + linkText.length())).strip();
        return label.isEmpty() || label(label);
    }

    /** Whether {@code label}, the text beside a teaser's link, introduces it. */
    private static boolean label(String label) {
        String lower = label.toLowerCase(Locale.ROOT);
        if (lower.endsWith(":") || lower.endsWith(": »") || lower.endsWith("»") || lower.endsWith(">>")) {
            return true;
        }
        for (String l : TEASER_LABELS) {
            if (lower.startsWith(l)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether element {@code i}'s text is mostly ({@link #QUOTED}) in blockquotes: a post embedded from elsewhere,
     * which holds its author's name and links, with what wraps it.
     */
    boolean embedsPost(int i) {
        if (t.chars[i] == 0) {
            return false;
        }
        int quoted = 0;
        for (int j = i + 1; j < t.end[i]; ) {
            if ((t.kind[j] & Tags.QUOTE) != 0 && !t.removed(j)) {
                quoted += t.chars[j];
                j = t.end[j];
            } else {
                j++;
            }
        }
        return quoted >= QUOTED * t.chars[i];
    }
}
