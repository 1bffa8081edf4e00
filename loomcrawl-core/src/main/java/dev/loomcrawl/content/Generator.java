package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

import java.util.Arrays;

/**
 * The documentation generator a page's {@code generator} meta names, when loomcrawl knows its markup: the generator's
 * own class names then say what a block is, where Readability's words would take them for parts of a web page.
 *
 * <ul>
 *   <li>The DocBook XSL stylesheets (the PostgreSQL and Boost docs) put the document in a division named for its kind
 *       ({@link Declared#division}), and name the words of a program's menus {@code guimenu}, {@code guimenuitem},
 *       {@code menuchoice}: text, not a menu (as is a {@code volumenum}).</li>
 *   <li>docutils (Sphinx: the Python docs) writes the topic and sidebar directives, footnotes and citations as
 *       {@code aside} elements (before docutils 0.18, {@code div}s) named {@code topic}, {@code sidebar},
 *       {@code footnote}, {@code citation}, with titles named {@code topic-title} and {@code sidebar-title}: an
 *       abstract, a worked example, a note of the text, where a web page's aside or sidebar is beside its content;
 *       docutils' {@code menuselection} is the text of a menu path in a program ({@code File > Open}), not a menu.</li>
 *   <li>javadoc calls a doc comment a comment: {@code deprecation-comment} and {@code preview-comment} hold what a
 *       deprecated or preview API says to use instead, where a web page's comments are its readers'.</li>
 *   <li>rustdoc (the Rust docs, meta {@code rustdoc}) puts its search form and the item's documentation in its
 *       {@code main}, the sidebar outside it.</li>
 * </ul>
 *
 * Inside the container the page declares as its main content, such a block is content (see {@link Nodes}), and ids
 * say nothing of what a block is: these generators make them from the text (a section titled "Comments" is
 * {@code id="comments"}, javadoc's related packages {@code id="related-package-summary"}).
 */
enum Generator {
    NONE, DOCBOOK, DOCUTILS, JAVADOC, RUSTDOC;

    /** The name of the meta that names the generator. */
    private static final char[] GENERATOR = "generator".toCharArray();

    /** The generator {@code page}'s generator meta names (in its head, as jsoup's doc.head() would find it). */
    static Generator of(PageTree page) {
        for (int html = page.firstChild(0); html >= 0; html = page.next(html)) {
            for (int head = page.firstChild(html); head >= 0; head = page.next(head)) {
                if (!page.is(head, "head")) {
                    continue;
                }
                for (int e = page.firstChild(head); e >= 0; e = page.next(e)) {
                    if (page.is(e, "meta") && namesGenerator(page, e)) {
                        String content = page.attr(e, "content");
                        if (content.startsWith("DocBook XSL")) return DOCBOOK;
                        if (content.startsWith("Docutils ")) return DOCUTILS;
                        if (content.startsWith("javadoc/")) return JAVADOC;
                        if (content.equals("rustdoc")) return RUSTDOC;
                    }
                }
            }
        }
        return NONE;
    }

    /**
     * Whether meta {@code e}'s name is "generator" (decoded), read from the page's characters unless they hold a
     * character reference: a page's head has several metas, whose names were each made a string (in a profile of
     * the JDK docs' --content crawl, 11 of the 25 samples in this method).
     */
    private static boolean namesGenerator(PageTree page, int e) {
        int a = page.attributeIndex(e, "name");
        if (a < 0) {
            return false;
        }
        if (page.valueHasReference(e, a)) {
            return page.attributeValue(e, a).equals("generator");
        }
        int from = page.valueStart(e, a);
        return from >= 0 && Arrays.equals(page.attributeChars(), from, page.valueEnd(e, a), GENERATOR, 0,
                GENERATOR.length);
    }

    /**
     * Whether an element whose class attribute is {@code classValue} is a block of the document in this generator's
     * markup (see above), whatever Readability's class words say of it.
     */
    boolean documentBlock(String classValue) {
        return switch (this) {
            case DOCUTILS -> switch (firstWord(classValue)) {
                case "topic", "topic-title", "sidebar", "sidebar-title", "sidebar-subtitle", "footnote", "footnote-list",
                     "citation", "citation-list", "menuselection" -> true;
                default -> false;
            };
            case DOCBOOK -> switch (firstWord(classValue)) {
                case "guimenu", "guisubmenu", "guimenuitem", "menuchoice", "volumenum" -> true;
                default -> false;
            };
            case JAVADOC -> classValue.equals("deprecation-comment") || classValue.equals("preview-comment");
            default -> false;
        };
    }

    /**
     * Whether this generator puts nothing but the document in the main element it declares (javadoc's and rustdoc's
     * {@code main}, docutils' {@code div[role=main]} in Sphinx's themes), but for what is never content (rustdoc's
     * search form is a {@code nav} and a {@code form}): navigation, sidebars and footers stay outside it. Then the
     * declared container is the content whole, as a DocBook division is, and Readability's article is not tried.
     */
    boolean mainIsTheDocument() {
        return this == JAVADOC || this == DOCUTILS || this == RUSTDOC;
    }

    private static String firstWord(String classValue) {
        String s = classValue.strip();
        int space = 0;
        while (space < s.length() && !MarkdownSyntax.isHtmlSpace(s.charAt(space))) space++;
        return s.substring(0, space);
    }
}
