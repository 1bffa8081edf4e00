package dev.loomcrawl.scrape;

import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jsoup.select.QueryParser;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CSS selector or an XPath expression, with an optional attribute to read instead of the text.
 * Written {@code css:EXPR} (the default when there is no prefix) or {@code xpath:EXPR}, then optionally
 * {@code @name} at the very end (outside any brackets) for an attribute: {@code a.next@href},
 * {@code xpath://a[@rel="next"]/@href}. Both run on jsoup (XPath through its W3C DOM bridge).
 */
public record Selector(Kind kind, String expression, String attribute) {

    public enum Kind { CSS, XPATH }

    private static final Pattern TRAILING_ATTRIBUTE = Pattern.compile("^(.*?)/?@([A-Za-z_:][\\w:.-]*)$", Pattern.DOTALL);

    /** Parses and validates a selector; throws IllegalArgumentException naming it when it does not parse. */
    public static Selector parse(String text) {
        String s = text.strip();
        Kind kind = Kind.CSS;
        if (s.startsWith("xpath:")) {
            kind = Kind.XPATH;
            s = s.substring(6).strip();
        } else if (s.startsWith("css:")) {
            s = s.substring(4).strip();
        }
        String attribute = null;
        Matcher m = TRAILING_ATTRIBUTE.matcher(s);
        if (m.matches() && balanced(m.group(1))) {
            attribute = m.group(2);
            s = m.group(1).strip();
        }
        if (s.isEmpty()) throw new IllegalArgumentException("empty selector: '" + text + "'");
        validate(kind, s, text);
        return new Selector(kind, s, attribute);
    }

    private static boolean balanced(String prefix) {
        int depth = 0;
        for (char c : prefix.toCharArray()) {
            if (c == '[' || c == '(') depth++;
            if (c == ']' || c == ')') depth--;
        }
        return depth == 0 && !prefix.isEmpty();
    }

    private static void validate(Kind kind, String expression, String original) {
        XPathExpression compiled;
        try {
            if (kind == Kind.CSS) {
                QueryParser.parse(expression);
                return;
            }
            compiled = XPathFactory.newInstance().newXPath().compile(expression);
        } catch (XPathExpressionException | IllegalArgumentException | IllegalStateException e) {
            throw new IllegalArgumentException("not a valid " + kind.name().toLowerCase(java.util.Locale.ROOT)
                    + " selector: '" + original + "'");
        }
        try { // on an empty document: an expression that selects nodes gives none, any other cannot be a node set
            compiled.evaluate(EMPTY, XPathConstants.NODESET);
        } catch (XPathExpressionException e) {
            throw new IllegalArgumentException("xpath selector '" + original + "' gives a number, a string or a "
                    + "boolean, not elements: a selector must select elements, such as xpath://dl or "
                    + "xpath://a/@href");
        }
    }

    /** An empty W3C document, to evaluate XPath expressions on without a page. */
    private static final org.w3c.dom.Document EMPTY = emptyDocument();

    private static org.w3c.dom.Document emptyDocument() {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot make a document", e);
        }
    }

    /** The elements matching under {@code root} (relative XPath such as {@code .//span} starts at root). */
    public Elements select(Element root) {
        return kind == Kind.CSS ? root.select(expression) : root.selectXpath(expression);
    }

    /** The first match's value: the attribute when one was named, else its whitespace-normalised text. */
    public String value(Element root) {
        Element first = kind == Kind.CSS ? root.selectFirst(expression) : first(root.selectXpath(expression));
        if (first == null) return null;
        if (attribute == null) return first.text();
        return first.hasAttr(attribute) ? first.attr(attribute) : null;
    }

    private static Element first(Elements elements) {
        return elements.isEmpty() ? null : elements.getFirst();
    }
}
