package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loomcrawl.DocSets;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * What {@link Nodes} and {@link Tree#lengths} count lazily against what counting everything gives: a page whose
 * generator is known has its text counted only when Readability is tried ({@link Nodes#countAll}), and its declared
 * container, taken whole, measures only its share bars and author lines; the class values a page repeats are read
 * once ({@link ClassWords}). Checked on random pages made to have many of those, and on the four doc sets.
 */
class NodesTest {
    private static final int SHARE_OR_BYLINE = ClassWords.SHARE | ClassWords.BYLINE;
    private static final String[] TAGS = {"div", "p", "span", "a", "section", "ul", "li", "pre", "code", "nav", "table",
            "td", "h2", "blockquote", "aside"};
    private static final String[] CLASSES = {"share", "byline", "author", "sharedaddy x", "x", "sidebar", "content",
            "social-share", "menu", "block", "col-first even-row-color", "", "Share", "p-author", "a&amp;b",
            "widget", "banner"}; // negative weights, which leave a heading out
    private static final String TEXT = "  \n\t,\u00a0ab,\uff0c\u060cxyz é";

    @Test
    void theLengthsOfAContainerTakenWholeAreThoseOfTheWholeMeasure() {
        Random random = new Random(20261127);
        int measured = 0;
        int whole = 0;
        for (int p = 0; p < 3000; p++) {
            PageTree page = PageTree.parse(randomPage(random).getBytes(StandardCharsets.UTF_8), "UTF-8",
                    "https://example.org/p.html");
            int[] counts = compare(page);
            measured += counts[0];
            whole += counts[1];
        }
        // the random pages hold what the lazy lengths measure: many share bars and bylines, over and under the limits
        assertTrue(measured > 5000, "measured " + measured);
        assertTrue(whole > 1000, "whole " + whole);
    }

    @Test
    void countingLaterCountsAsReadingDoes() {
        Random random = new Random(20261128);
        for (int p = 0; p < 3000; p++) {
            PageTree page = PageTree.parse(randomPage(random).getBytes(StandardCharsets.UTF_8), "UTF-8",
                    "https://example.org/p.html");
            checkCounts(page);
        }
    }

    @TestFactory
    Stream<DynamicTest> docSetPagesMeasureAsTheWholeMeasure() {
        return DocSets.ALL.stream().map(set -> DynamicTest.dynamicTest(set.name(), () -> {
            List<Path> pages = set.pages();
            int whole = 0;
            for (int i = 0; i < pages.size(); i += 10) {
                PageTree page = PageTree.parse(DocSets.read(pages.get(i)), "UTF-8", "https://docs.example.org/p.html");
                whole += compare(page)[1];
                checkCounts(page);
            }
            assertTrue(whole > 0, set.name() + ": no container taken whole");
        }));
    }

    @Test
    void keptClassValuesHaveTheAutomatonsWords() {
        Random random = new Random(20261129);
        String[] parts = {"share", "menu", "body", "x", "-", " ", "col", "first", "admonition", "&", ".", "ad", "_",
                "Sidebar", "summary-table", "author", "a", "b"};
        StringBuilder chars = new StringBuilder();
        List<int[]> values = new ArrayList<>();
        for (int v = 0; v < 2000; v++) {
            int from = chars.length();
            for (int k = random.nextInt(6); k >= 0; k--) {
                chars.append(parts[random.nextInt(parts.length)]);
            }
            values.add(new int[] {from, chars.length()});
        }
        // two pages' characters, the same ranges holding other values in each: the values kept are shared by pages
        char[][] pages = new char[2][];
        pages[0] = chars.toString().toCharArray();
        pages[1] = chars.reverse().toString().toCharArray();
        for (int n = 0; n < 100_000; n++) {
            int[] v = values.get(random.nextInt(random.nextBoolean() ? 40 : values.size())); // a few often
            char[] c = pages[n / 100 % 2];
            assertEquals(ClassWords.of(c, v[0], v[1]), Nodes.classWordsOf(c, v[0], v[1]),
                    () -> new String(c, v[0], v[1] - v[0]));
        }
    }

    /**
     * {@link Nodes#nameOf}, which tells a name by its length and first letter and one comparison, against comparing
     * it with every name read: on names as a page writes them (any case, in the streaming parser's tree), and names
     * alike in length and first letter, or in the first character's low bits ('#' and 'c', '(' and 'h').
     */
    @Test
    void attributeNamesAreToldAsComparingEveryNameTellsThem() {
        List<String> names = new ArrayList<>();
        for (String read : Nodes.READ) {
            names.add(read);
            names.add(read.toUpperCase(Locale.ROOT));
            names.add(Character.toUpperCase(read.charAt(0)) + read.substring(1));
            names.add(read.substring(0, read.length() - 1) + 'x'); // alike but for the last character
            names.add(read.charAt(0) + "x" + read.substring(2));
            names.add((char) (read.charAt(0) & 31 | 32) + read.substring(1)); // '#', '(', ')', '3', '2', '!'
            names.add((char) (read.charAt(0) & 31 | 64) + read.substring(1)); // upper case
            names.add((char) (read.charAt(0) & 31 | 0x60) + read.substring(1));
            names.add(read + "s");
            names.add(read.substring(1));
        }
        names.addAll(List.of("title", "a", "data-class-and-something-long", "clAss", "aria-hiddEn", "ïd", "ıd"));
        StringBuilder html = new StringBuilder("<html><body>");
        for (String name : names) {
            html.append("<p ").append(name).append("=\"v\" data-x ").append(name).append("-y>x</p>");
        }
        PageTree page = new StreamingLinkExtractor().extract(html.append("</body></html>").toString()
                .getBytes(StandardCharsets.UTF_8), "UTF-8", WebUrl.parse("https://example.org/"), true).tree();
        int told = 0;
        for (int n = 0; n < page.size(); n++) {
            for (int a = 0; a < page.attributes(n); a++) {
                int expected = page.attributeNameIn(n, a, Nodes.READ);
                assertEquals(expected, Nodes.nameOf(page, n, a), page.attributeName(n, a));
                told += expected >= 0 ? 1 : 0;
            }
        }
        // each name read as written, in upper case, capitalized, and again by the low bits' upper and lower case;
        // clAss and aria-hiddEn
        assertEquals(Nodes.READ.length * 5 + 2, told);
    }

    /**
     * The lengths tree of {@code page} against the whole measure of the same tree: the chars Cleaning reads, the
     * container, and what taking it whole leaves out. Returns how many elements were measured and 1 when a container
     * was taken whole.
     */
    private static int[] compare(PageTree page) {
        Generator generator = Generator.of(page);
        if (generator == Generator.NONE) {
            return new int[2];
        }
        Nodes nodes = Nodes.read(page, body(page), generator);
        assertNull(nodes.ownChars, "counted before Readability asked");
        Tree lengths = Tree.lengths(nodes);
        Tree all = Tree.scan(nodes, true, true);
        assertEquals(all.size, lengths.size);
        int measured = 0;
        for (int i = 0; i < all.size; i++) {
            if (!all.removed(i) && (all.words[i] & SHARE_OR_BYLINE) != 0) {
                assertEquals(all.chars[i], lengths.chars[i], "element " + i);
                measured++;
            }
        }
        Declared declared = Declared.in(lengths);
        assertEquals(Declared.in(all), declared);
        if (declared == null || !declared.whole()) {
            return new int[] {measured, 0};
        }
        Article lazy = Article.whole(lengths, declared.index(), false);
        Article full = Article.whole(all, declared.index(), false);
        assertArrayEquals(full.leftOut, lazy.leftOut);
        assertArrayEquals(full.leftOutOfText, lazy.leftOutOfText);
        assertArrayEquals(leftOutAskingEach(all, declared.index()), lazy.leftOut);
        return new int[] {measured, 1};
    }

    /**
     * What taking container {@code c} whole leaves out, {@link Cleaning#drops} asked of every element in it: as
     * {@link Article} does but for its shortcut, which asks only of headings and elements named as share bars or
     * bylines ({@link Cleaning#onlyNamed}). Null when nothing is.
     */
    private static boolean[] leftOutAskingEach(Tree t, int c) {
        Cleaning cleaning = new Cleaning(t, false);
        boolean table = (t.flags[c] & Tree.DATA_TABLE) != 0;
        boolean dropped = cleaning.drops(c, false, table);
        boolean[] leftOut = null;
        int dataTableEnd = table ? t.end[c] : -1;
        for (int i = c + 1; i < t.end[c]; ) {
            if (i >= dataTableEnd && (t.flags[i] & Tree.DATA_TABLE) != 0) {
                dataTableEnd = t.end[i];
            }
            if (t.removed(i) || !dropped && cleaning.drops(i, true, i < dataTableEnd)) {
                leftOut = leftOut == null ? new boolean[t.nodes.page.size()] : leftOut;
                leftOut[t.node[i]] = true;
                i = t.end[i];
            } else {
                i++;
            }
        }
        return leftOut;
    }

    /** Each element's own text length and commas, as counted later, against a count of the page's text here. */
    private static void checkCounts(PageTree page) {
        Nodes nodes = Nodes.read(page, body(page), Generator.of(page));
        nodes.countAll();
        assertNotNull(nodes.ownChars);
        for (int i = 0; i < nodes.size; i++) {
            int[] expected = (nodes.flags[i] & Tree.REMOVED) != 0 ? new int[2] : ownText(page, nodes.node[i]);
            assertEquals(expected[0], nodes.ownChars[i], "chars of element " + i);
            assertEquals(expected[1], nodes.ownCommas[i], "commas of element " + i);
        }
    }

    /** The length (whitespace runs after a character counted as one) and commas of the text directly in {@code n}. */
    private static int[] ownText(PageTree page, int n) {
        int chars = 0;
        int commas = 0;
        for (int c = page.firstChild(n); c >= 0; c = page.next(c)) {
            if (!page.isText(c)) {
                continue;
            }
            String text = page.textOf(c);
            boolean afterSpace = true;
            for (int k = 0; k < text.length(); k++) {
                char ch = text.charAt(k);
                boolean space = " \n\t\r\f\u00a0".indexOf(ch) >= 0;
                if (!space || !afterSpace) {
                    chars++;
                }
                afterSpace = space;
                if (",\uff0c\u060c\ufe50\ufe10\ufe11\u2e41\u2e34\u2e32".indexOf(ch) >= 0) {
                    commas++;
                }
            }
        }
        return new int[] {chars, commas};
    }

    private static int body(PageTree page) {
        for (int html = page.firstChild(0); html >= 0; html = page.next(html)) {
            for (int child = page.firstChild(html); child >= 0; child = page.next(child)) {
                if (page.is(child, "body")) {
                    return child;
                }
            }
        }
        return 0;
    }

    /** A javadoc page (mostly) of random blocks, a main among them (sometimes two, or none), and random text. */
    private static String randomPage(Random random) {
        StringBuilder b = new StringBuilder("<html><head>");
        String[] generators = {"javadoc/17", "javadoc/17", "javadoc/17", "rustdoc", "Docutils 0.19", "DocBook XSL"};
        b.append("<meta name=\"generator\" content=\"").append(generators[random.nextInt(generators.length)])
                .append("\"></head><body>");
        children(b, random, 2);
        int mains = random.nextInt(10) == 0 ? random.nextInt(3) : 1;
        for (int m = 0; m < mains; m++) {
            boolean role = random.nextInt(4) == 0;
            b.append(role ? "<div role=\"main\">" : "<main>");
            children(b, random, 0);
            b.append(role ? "</div>" : "</main>");
        }
        children(b, random, 3);
        return b.append("</body></html>").toString();
    }

    private static void children(StringBuilder b, Random random, int depth) {
        for (int k = random.nextInt(depth < 4 ? 6 : 3); k > 0; k--) {
            if (depth > 6 || random.nextInt(3) == 0) {
                int length = random.nextInt(8) == 0 ? 200 + random.nextInt(500) : random.nextInt(60);
                for (int c = 0; c < length; c++) {
                    b.append(TEXT.charAt(random.nextInt(TEXT.length())));
                }
                continue;
            }
            String tag = TAGS[random.nextInt(TAGS.length)];
            b.append('<').append(tag);
            if (random.nextInt(3) > 0) {
                b.append(" class=\"").append(CLASSES[random.nextInt(CLASSES.length)]).append('"');
            }
            if (random.nextInt(12) == 0) {
                b.append(random.nextBoolean() ? " style=\"display:none\"" : " id=\"author\"");
            }
            if (tag.equals("a")) {
                b.append(random.nextBoolean() ? " href=\"#x\"" : " href=\"/y\"");
            }
            b.append('>');
            children(b, random, depth + 1);
            b.append("</").append(tag).append('>');
        }
    }
}
