package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.result.PageKind;
import dev.loomcrawl.result.PageText;

import java.util.List;
import java.util.Locale;

/**
 * Decides a page's {@link PageKind}, in this order, the first rule that holds:
 * <ol>
 *   <li>its status: 401, 403, 407, 429 and 451 (the server refuses us the page) are {@code blocked}, and so is a 503
 *       that says it is a challenge; any other status of 400 or more is an {@code error};</li>
 *   <li>a short page (under {@value #SHORT} characters of main text) whose title or first heading says it is a
 *       challenge, that access is denied, or asks for consent before the page ({@link #BLOCKED}) is {@code blocked},
 *       and so is a very short one (under {@value #VERY_SHORT}) whose text says so; not a page a documentation
 *       generator made, as a wall is a server's or a service's page. A short page whose title or heading says it was
 *       not found ({@link #NOT_FOUND}), or a very short one, not documentation, whose text says the page was not found
 *       ({@link #PAGE_NOT_FOUND}), is an {@code error} (a soft 404). Documentation says "not found" of files and
 *       credentials (Python's {@code linecache}, javadoc's {@code CredentialNotFoundException}'s uses); a page that is
 *       only a wall or an error says so in a few sentences and in its title;</li>
 *   <li>fewer than {@value #EMPTY} characters of main text: {@code empty};</li>
 *   <li>{@value #NAVIGATION_PERCENT}% or more of the main text is link text, or it has {@value #MANY_LINKS} links or
 *       more, one in fewer than every {@value #LINK_SPACING} characters: {@code navigation} (an index, a table of
 *       contents, a site map; Python's index by letter is links and the bars between them), unless it has
 *       {@value #PROSE} characters or more of prose (paragraph text not in links: Python's {@code c-api/stable.html}
 *       explains the stable ABI in sentences, then lists its hundreds of functions); and whatever its links, a page
 *       of less prose that is a search page (its main content holds a search box) or an index of entries (a table
 *       of {@value #INDEX_ROWS} rows or more, four in five starting with a link: Python's module index) is
 *       {@code navigation} too: such pages are tools to find content, not content;</li>
 *   <li>a documentation generator's {@code generator} meta ({@link #DOC_GENERATORS}): {@code documentation} (Sphinx
 *       makes a section's heading a link back to the table of contents, which the next rule would take for a
 *       teaser's);</li>
 *   <li>three or more {@code article} elements in the main content, or four or more headings, three quarters of them
 *       links: a {@code listing}, unless its {@code og:type} says it is an article;</li>
 *   <li>else an {@code article}.</li>
 * </ol>
 * The phrases are what such pages say in general (English), not a list of sites; they are looked for only in a short
 * page, so that a long article about captchas or 404 pages stays an article.
 */
public final class PageKinds {
    /** Main text shorter than this (in characters) may be a wall or an error page, as its title or heading says. */
    static final int SHORT = 2000;
    /** Main text shorter than this may be a wall or an error page, as its text says. */
    static final int VERY_SHORT = 500;
    /** Main text shorter than this is no content. */
    static final int EMPTY = 20;
    /** Link text at least this share of the main text makes it navigation. */
    static final int NAVIGATION_PERCENT = 60;
    /** So many links or more, each with fewer than {@link #LINK_SPACING} characters of text, make it navigation. */
    static final int MANY_LINKS = 20;
    static final int LINK_SPACING = 16;
    /** So many characters of paragraph text outside links make a page content, however many links it has. */
    static final int PROSE = 2000;
    /** An index of entries has at least so many table rows, four in five starting with a link. */
    static final int INDEX_ROWS = 20;

    /** What challenges, access refusals and consent walls say. */
    static final List<String> BLOCKED = List.of(
            "just a moment", "checking your browser", "checking if the site connection is secure",
            "verify you are human", "verify that you are human", "verifying you are human", "are you a robot",
            "not a robot", "complete the captcha", "solve the captcha", "enable javascript and cookies to continue",
            "attention required", "unusual traffic", "access denied", "access to this page has been denied",
            "access forbidden", "403 forbidden", "you don't have permission to access",
            "you do not have permission to access", "you have been blocked", "request blocked",
            "before you continue", "we value your privacy", "cookie consent", "consent to cookies",
            "accept all cookies", "accept cookies to continue", "your privacy choices");

    /** What a page's title or heading says when the page asked for is not there. */
    static final List<String> NOT_FOUND = List.of(
            "not found", "error 404", "404 error", "does not exist", "doesn't exist", "no longer exists",
            "no longer available", "could not be found", "couldn't be found", "can't be found", "cannot be found",
            "nothing was found", "nothing found");

    /** What a page's text says when the page asked for is not there: of the page, not of a file or a name. */
    static final List<String> PAGE_NOT_FOUND = List.of(
            "page not found", "404 not found", "error 404", "404 error", "page does not exist", "page doesn't exist",
            "page no longer exists", "page could not be found", "page couldn't be found", "page cannot be found",
            "page can't be found", "can't find the page", "cannot find the page", "couldn't find the page",
            "could not find the page", "the page you requested", "the page you are looking for",
            "the page you're looking for");

    /** Generators of documentation, by how their {@code generator} meta starts (in lower case). */
    static final List<String> DOC_GENERATORS = List.of(
            "docutils", "sphinx", "javadoc", "rustdoc", "docbook", "mkdocs", "docusaurus", "doxygen", "vitepress",
            "vuepress", "mdbook", "antora", "gitbook", "hugo-book", "pdoc", "typedoc", "godoc");

    private PageKinds() {}

    /**
     * The kind of a page answered with {@code status}, whose main content is {@code main} (its text {@code text})
     * and whose facts are {@code facts}.
     */
    public static PageKind of(int status, MainContent.Result main, PageText text, PageFacts facts) {
        String[] head = KindSignals.head(main.tree());
        return of(status, KindSignals.of(main, head[0], head[1], listing(head[0])), text, facts);
    }

    /**
     * Whether a page with this {@code generator} meta ("" for none) may be a listing: its headings and articles are
     * counted ({@link KindSignals}) unless a documentation generator made it.
     */
    static boolean listing(String generator) {
        return !documentation(generator);
    }

    static PageKind of(int status, KindSignals s, PageText text, PageFacts facts) {
        boolean documentation = documentation(s.generator());
        String heads = s.chars() < SHORT ? lower(facts.title()) + " \n " + lower(facts.h1()) : "";
        String says = s.chars() < VERY_SHORT && !documentation ? words(text.toString()) : "";
        // a wall is a server's or a service's page, never one a documentation generator made
        boolean blocked = !documentation && (says(heads, BLOCKED) || says(says, BLOCKED));
        if (status >= 400) {
            return switch (status) {
                case 401, 403, 407, 429, 451 -> PageKind.BLOCKED;
                default -> status == 503 && blocked ? PageKind.BLOCKED : PageKind.ERROR;
            };
        }
        if (blocked) return PageKind.BLOCKED;
        if (says(heads, NOT_FOUND) || says(says, PAGE_NOT_FOUND)) return PageKind.ERROR;
        if (s.chars() < EMPTY) return PageKind.EMPTY;
        boolean linked = s.linkChars() * 100L >= (long) s.chars() * NAVIGATION_PERCENT
                || s.links() >= MANY_LINKS && s.chars() < s.links() * LINK_SPACING;
        boolean finder = s.searchForm() || s.rows() >= INDEX_ROWS && s.linkRows() * 5L >= s.rows() * 4L;
        if (s.prose() < PROSE && (linked || finder)) return PageKind.NAVIGATION;
        if (documentation) return PageKind.DOCUMENTATION;
        boolean oneArticle = s.ogType().strip().equalsIgnoreCase("article"); // the page says it is one
        if (!oneArticle && (s.articles() >= 3 || s.headings() >= 4 && s.linkedHeadings() * 4 >= s.headings() * 3)) {
            return PageKind.LISTING;
        }
        return PageKind.ARTICLE;
    }

    /** A page fact (its whitespace made single spaces already) in lower case, its apostrophes straight; "" for null. */
    private static String lower(String fact) {
        return fact == null ? "" : fact.toLowerCase(Locale.ROOT).replace('\u2019', '\'');
    }

    /** {@code b} in lower case, its whitespace made single spaces, its apostrophes straight; "" for null. */
    private static String words(String b) {
        if (b == null) return "";
        StringBuilder out = new StringBuilder(b.length());
        boolean space = false;
        for (int i = 0; i < b.length(); i++) {
            char c = b.charAt(i);
            // a curly apostrophe is a straight one: "don’t" is "don't"
            if (c == '\u2019') c = '\'';
            if (Character.isWhitespace(c) || c == '\u00a0') {
                space = true;
            } else {
                if (space && !out.isEmpty()) out.append(' ');
                space = false;
                out.append(Character.toLowerCase(c));
            }
        }
        return out.toString();
    }

    private static boolean documentation(String generator) {
        if (generator.isEmpty()) return false;
        String g = generator.strip().toLowerCase(Locale.ROOT);
        for (String d : DOC_GENERATORS) {
            if (g.startsWith(d)) return true;
        }
        return false;
    }

    private static boolean says(String words, List<String> phrases) {
        if (words.isEmpty()) return false;
        for (String p : phrases) {
            if (words.contains(p)) return true;
        }
        return false;
    }
}
