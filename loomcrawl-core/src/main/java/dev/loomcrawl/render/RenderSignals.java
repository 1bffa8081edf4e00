package dev.loomcrawl.render;

import dev.loomcrawl.extract.PageTree;

import java.util.Locale;
import java.util.Set;

/**
 * What a page's HTML, as the server sent it, says about whether it needs a browser ({@code --render auto};
 * docs/rendering.md, "Rendering only what needs it"). Read in one pass over the page's tree.
 *
 * @param text         characters of text a reader sees in the body: not whitespace, and not inside {@code script},
 *                     {@code style}, {@code template} or {@code noscript}
 * @param links        links the page's HTML has (as the link pass found them, in the crawl's scope or not)
 * @param scripts      {@code script} elements, in the head or the body
 * @param appRoot      an element that script frameworks mount an application on (a {@code div} at the top of the
 *                     body with an id such as {@code root}, {@code app} or {@code __next}; an element with an
 *                     {@code ng-app} or {@code data-reactroot} attribute; an {@code app-root} element) holds fewer
 *                     than {@link #LITTLE_TEXT} characters of text
 * @param noscriptAsks a {@code noscript} element says JavaScript is needed ("enable JavaScript", "requires
 *                     JavaScript"...)
 */
public record RenderSignals(int text, int links, int scripts, boolean appRoot, boolean noscriptAsks) {
    /** Text below which a page, or an application's root, says little by itself. */
    public static final int LITTLE_TEXT = 200;

    /** Ids that Create React App, Vue, Next.js, Nuxt, Gatsby, SvelteKit, Angular and Quasar apps mount on. */
    private static final Set<String> ROOT_IDS = Set.of("root", "app", "__next", "__nuxt", "___gatsby", "svelte",
            "react-root", "app-root", "application", "main-app", "q-app");
    /** Attributes that mark an application's root whatever its id. */
    private static final String[] ROOT_ATTRIBUTES = {"ng-app", "ng-version", "data-reactroot", "data-v-app", "id"};
    private static final int ID = ROOT_ATTRIBUTES.length - 1;
    /**
     * Words that, with "javascript", make a noscript text a request to turn it on. Not "disabled": every javadoc page
     * says "JavaScript is disabled on your browser." and works without it.
     */
    private static final String[] ASKING = {"enable", "required", "requires", "need", "turn on", "must",
            "activate", "allow", "switch on", "please"};

    /** The signals of the page whose tree is {@code tree} and whose HTML has {@code links} links. */
    public static RenderSignals of(PageTree tree, int links) {
        int text = 0;
        int scripts = 0;
        boolean appRoot = false;
        boolean noscriptAsks = false;
        int body = -1; // the body element, once met
        for (int n = 1; n < tree.size(); ) {
            if (tree.isText(n)) {
                if (body >= 0 && n < tree.end(body)) text += visible(tree, n);
                n++;
                continue;
            }
            String name = tree.name(n);
            switch (name) {
                case "body" -> body = n;
                case "script" -> scripts++;
                case "noscript" -> noscriptAsks |= asksForJavaScript(tree, n);
                default -> { }
            }
            if (hidesText(name)) {
                n = tree.end(n); // nothing a reader sees as the body's text
                continue;
            }
            if (!appRoot && isAppRoot(tree, n) && visibleText(tree, n) < LITTLE_TEXT) appRoot = true;
            n++;
        }
        return new RenderSignals(text, links, scripts, appRoot, noscriptAsks);
    }

    /**
     * Whether element n is where an application is mounted: by its name or a framework's attribute anywhere, by its
     * id only for a {@code div} at the top of the body (its child or grandchild), as apps are mounted; a javadoc
     * page's {@code <section id="root">} is the documentation of a field named root.
     */
    private static boolean isAppRoot(PageTree tree, int n) {
        if (tree.name(n).equals("app-root")) return true;
        int count = tree.attributes(n);
        for (int i = 0; i < count; i++) {
            int which = tree.attributeNameIn(n, i, ROOT_ATTRIBUTES);
            if (which < 0) continue;
            if (which != ID) return true;
            if (tree.name(n).equals("div") && nearBody(tree, n)
                    && ROOT_IDS.contains(tree.attributeValue(n, i).trim().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** Whether element n is a child or a grandchild of the body. */
    private static boolean nearBody(PageTree tree, int n) {
        int parent = tree.parent(n);
        return parent > 0 && (tree.name(parent).equals("body")
                || tree.parent(parent) > 0 && "body".equals(tree.name(tree.parent(parent))));
    }

    /** The visible text in element n's subtree, as {@link #text} counts it. */
    private static int visibleText(PageTree tree, int n) {
        int text = 0;
        for (int m = n + 1; m < tree.end(n); ) {
            if (tree.isText(m)) {
                text += visible(tree, m);
                m++;
            } else if (hidesText(tree.name(m))) {
                m = tree.end(m);
            } else {
                m++;
            }
        }
        return text;
    }

    private static boolean hidesText(String name) {
        return name.equals("script") || name.equals("style") || name.equals("template") || name.equals("noscript");
    }

    /** Characters of text node n that are not whitespace. */
    private static int visible(PageTree tree, int n) {
        char[] c = tree.text();
        int count = 0;
        for (int i = tree.textStart(n); i < tree.textEnd(n); i++) {
            if (!Character.isWhitespace(c[i]) && c[i] != '\u00a0') count++;
        }
        return count;
    }

    /** Whether noscript element n's text asks for JavaScript. */
    private static boolean asksForJavaScript(PageTree tree, int n) {
        StringBuilder text = new StringBuilder();
        for (int m = n + 1; m < tree.end(n) && text.length() < 2_000; m++) {
            if (tree.isText(m)) text.append(tree.textOf(m)).append(' ');
        }
        String t = text.toString().toLowerCase(Locale.ROOT);
        if (!t.contains("javascript")) return false;
        for (String word : ASKING) {
            if (t.contains(word)) return true;
        }
        return false;
    }
}
