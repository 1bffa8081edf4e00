package dev.loomcrawl.extract;

import dev.loomcrawl.extract.OpenElements.Node;
import dev.loomcrawl.extract.TreeShadow.Mode;

import java.util.List;
import java.util.Set;

/**
 * The "in body" insertion mode of jsoup 1.24's tree builder ({@code HtmlTreeBuilderState.InBody}): which start
 * tags close a {@code <p>} or list item first, which are formatting elements, which switch the tokenizer to
 * text, which are ignored; and the end tags, including the adoption agency for misnested formatting
 * elements (only its simple case: a block inside the misnested element throws {@link Unsupported}).
 */
final class BodyRules {
    private static final Set<String> LI = Set.of("li");
    private static final Set<String> DD_DT = Set.of("dd", "dt");

    private final TreeShadow tb;

    BodyRules(TreeShadow tb) {
        this.tb = tb;
    }

    void text(Chars chars) {
        tb.reconstructFormatting();
        tb.insertText(chars);
    }

    void start(TagToken tag) {
        OpenElements open = tb.open;
        switch (tag.name) {
            case "a" -> {
                if (open.activeFormatting("a") != null) {
                    tb.processEnd("a");
                    if (open.find("a") != null) throw new Unsupported("nested <a> the adoption agency left open");
                }
                formatting(tag);
            }
            case "b", "big", "code", "em", "font", "i", "s", "small", "strike", "strong", "tt", "u" -> formatting(tag);
            case "nobr" -> {
                tb.reconstructFormatting();
                if (open.inScope("nobr")) {
                    tb.processEnd("nobr");
                    tb.reconstructFormatting();
                }
                open.pushFormatting(tb.insert(tag, HtmlTags.HTML));
            }
            case "span" -> {
                tb.reconstructFormatting();
                tb.insert(tag, HtmlTags.HTML);
            }
            case "li" -> listItem(tag, LI, 0);
            case "dd", "dt" -> listItem(tag, DD_DT, Math.max(0, open.size() - 1 - 24));
            case "html" -> {
                if (mergesLinks(tag) || tag.has("lang")) throw new Unsupported("attributes merged into <html>");
            }
            case "body" -> {
                if (open.size() >= 2 && open.get(1).is("body") && (mergesLinks(tag) || tag.has("background"))) {
                    throw new Unsupported("attributes merged into <body>");
                }
            }
            case "frameset" -> {
                if (open.size() >= 2 && open.get(1).is("body")) throw new Unsupported("frameset");
            }
            case "form" -> {
                if (tb.form != null) return;
                if (open.inButtonScope("p")) closeElement("p");
                tb.form = tb.insert(tag, HtmlTags.HTML);
            }
            case "plaintext" -> {
                closeP();
                tb.insert(tag, HtmlTags.HTML);
                tb.tokenizer.switchTo(HtmlTokenizer.TextMode.PLAINTEXT, tag.name);
            }
            case "button" -> {
                if (open.inButtonScope("button")) {
                    tb.processEnd("button");
                    tb.processStart(tag);
                } else {
                    tb.reconstructFormatting();
                    tb.insert(tag, HtmlTags.HTML);
                }
            }
            case "table" -> table(tag);
            case "input" -> {
                if (open.inScope("select")) tb.popToClose("select");
                tb.reconstructFormatting();
                tb.insertEmpty(tag);
            }
            case "hr" -> {
                closeP();
                if (open.inScope("select")) tb.generateImpliedEndTags(null);
                tb.insertEmpty(tag);
            }
            case "image" -> {
                tag.name = "img";
                tb.processStart(tag);
            }
            case "textarea" -> {
                tb.tokenizer.ignoreLeadingLf();
                tb.textElement(tag, HtmlTokenizer.TextMode.RCDATA);
            }
            case "xmp" -> {
                closeP();
                tb.reconstructFormatting();
                tb.textElement(tag, HtmlTokenizer.TextMode.RAWTEXT);
            }
            case "iframe", "noembed" -> tb.textElement(tag, HtmlTokenizer.TextMode.RAWTEXT);
            case "noscript" -> {
                tb.reconstructFormatting();
                tb.startNoscript(tag);
            }
            case "select" -> {
                if (open.inScope("select")) {
                    tb.popToClose("select");
                } else {
                    tb.reconstructFormatting();
                    tb.insert(tag, HtmlTags.HTML);
                }
            }
            case "math", "svg" -> {
                tb.reconstructFormatting();
                tb.insert(tag, tag.name.equals("svg") ? HtmlTags.SVG : HtmlTags.MATH);
                if (tag.selfClosing) tb.pop();
            }
            case "h1", "h2", "h3", "h4", "h5", "h6" -> {
                closeP();
                if (open.current() != null && open.current().ns == HtmlTags.HTML && open.current().has(HtmlTags.HEADING)) {
                    tb.pop();
                }
                tb.insert(tag, HtmlTags.HTML);
            }
            case "pre", "listing" -> {
                closeP();
                tb.insert(tag, HtmlTags.HTML);
                tb.tokenizer.ignoreLeadingLf();
            }
            case "option" -> {
                if (open.inScope("select")) tb.generateImpliedEndTags("optgroup");
                else if (open.currentIs("option")) tb.processEnd("option");
                tb.reconstructFormatting();
                tb.insert(tag, HtmlTags.HTML);
            }
            case "optgroup" -> {
                if (open.inScope("select")) tb.generateImpliedEndTags(null);
                else if (open.currentIs("option")) tb.processEnd("option");
                tb.reconstructFormatting();
                tb.insert(tag, HtmlTags.HTML);
            }
            case "rb", "rtc" -> {
                if (open.inScope("ruby")) tb.generateImpliedEndTags(null);
                tb.insert(tag, HtmlTags.HTML);
            }
            case "rp", "rt" -> {
                if (open.inScope("ruby")) tb.generateImpliedEndTags("rtc");
                tb.insert(tag, HtmlTags.HTML);
            }
            case "area", "br", "embed", "img", "keygen", "wbr" -> {
                tb.reconstructFormatting();
                tb.insertEmpty(tag);
            }
            default -> other(tag);
        }
    }

    private void other(TagToken tag) {
        int flags = tag.htmlFlags();
        if ((flags & HtmlTags.TO_HEAD) != 0) {
            tb.inHeadStart(tag);
        } else if ((flags & HtmlTags.RCDATA) != 0) {
            tb.textElement(tag, HtmlTokenizer.TextMode.RCDATA);
        } else if ((flags & HtmlTags.DATA) != 0) {
            tb.textElement(tag, HtmlTokenizer.TextMode.RAWTEXT);
        } else if ((flags & HtmlTags.P_CLOSER) != 0) {
            closeP();
            tb.insert(tag, HtmlTags.HTML);
        } else if ((flags & HtmlTags.APPLET) != 0) {
            tb.reconstructFormatting();
            tb.insert(tag, HtmlTags.HTML);
            tb.open.formatting.add(OpenElements.MARKER);
        } else if (tag.name.equals("param") || tag.name.equals("source") || tag.name.equals("track")) {
            tb.insertEmpty(tag);
        } else if ((flags & HtmlTags.DROPPED) == 0) {
            tb.reconstructFormatting();
            tb.insert(tag, HtmlTags.HTML);
        }
    }

    private void formatting(TagToken tag) {
        tb.reconstructFormatting();
        tb.open.pushFormatting(tb.insert(tag, HtmlTags.HTML));
    }

    /** li, dd, dt: close an open item of the same kind unless a special element (but address, div, p) is nearer. */
    private void listItem(TagToken tag, Set<String> kinds, int lowest) {
        OpenElements open = tb.open;
        for (int i = open.size() - 1; i >= Math.max(lowest, tag.name.equals("li") ? 1 : 0); i--) {
            Node el = open.get(i);
            if (el.ns == HtmlTags.HTML && kinds.contains(el.name)) {
                tb.processEnd(el.name);
                break;
            }
            if (el.has(HtmlTags.SPECIAL) && !(el.is("address") || el.is("div") || el.is("p"))) break;
        }
        closeP();
        tb.insert(tag, HtmlTags.HTML);
    }

    private void table(TagToken tag) {
        if (tb.open.inButtonScope("p")) {
            if (tb.quirks == TreeShadow.Quirks.UNKNOWN) throw new Unsupported("table in p with an unusual doctype");
            if (tb.quirks == TreeShadow.Quirks.NO) tb.processEnd("p");
        }
        tb.insert(tag, HtmlTags.HTML);
        tb.mode = Mode.IN_TABLE;
    }

    private void closeP() {
        if (tb.open.inButtonScope("p")) tb.processEnd("p");
    }

    private void closeElement(String name) {
        tb.generateImpliedEndTags(name);
        tb.popToClose(name);
    }

    void end(String name) {
        OpenElements open = tb.open;
        switch (name) {
            case "template" -> throw new Unsupported("template");
            case "li" -> {
                if (open.inListItemScope(name)) closeElement(name);
            }
            case "body" -> {
                if (open.inScope("body")) tb.mode = Mode.AFTER_BODY;
            }
            case "html" -> {
                if (open.find("body") != null) {
                    tb.mode = Mode.AFTER_BODY;
                    tb.processEnd(name);
                }
            }
            case "form" -> endForm();
            case "p" -> {
                if (!open.inButtonScope(name)) {
                    tb.processStart("p");
                    tb.processEnd(name);
                } else {
                    closeElement(name);
                }
            }
            case "dd", "dt" -> {
                if (open.inScope(name)) closeElement(name);
            }
            case "h1", "h2", "h3", "h4", "h5", "h6" -> {
                if (open.headingInScope()) {
                    tb.generateImpliedEndTags(name);
                    while (open.size() > 0) {
                        Node el = tb.pop();
                        if (el.ns == HtmlTags.HTML && el.has(HtmlTags.HEADING)) break;
                    }
                }
            }
            case "br" -> tb.processStart("br");
            case "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u" ->
                    adoptionAgency(name);
            default -> {
                int flags = HtmlTags.flags(name, HtmlTags.HTML);
                if ((flags & HtmlTags.END_CLOSER) != 0) {
                    if (open.inScope(name)) {
                        tb.generateImpliedEndTags(null);
                        tb.popToClose(name);
                    }
                } else if ((flags & HtmlTags.APPLET) != 0) {
                    if (open.inScope("name") || !open.inScope(name)) return; // sic: jsoup checks "name"
                    tb.generateImpliedEndTags(null);
                    tb.popToClose(name);
                    open.clearFormattingToMarker();
                } else {
                    anyOtherEndTag(name);
                }
            }
        }
    }

    private void endForm() {
        Node current = tb.form;
        tb.form = null;
        if (current == null || !tb.open.inScope("form")) return;
        tb.generateImpliedEndTags(null);
        if (tb.open.current() != current) throw new Unsupported("</form> with elements still open inside it");
        tb.pop();
    }

    void anyOtherEndTag(String name) {
        OpenElements open = tb.open;
        if (open.find(name) == null) return;
        for (int i = open.size() - 1; i >= 0; i--) {
            Node el = open.get(i);
            if (el.name.equals(name)) {
                tb.generateImpliedEndTags(name);
                tb.popToClose(name);
                return;
            }
            if (el.has(HtmlTags.SPECIAL)) return;
        }
    }

    /** The adoption agency, as far as it keeps the tree in document order (no block inside the element). */
    private void adoptionAgency(String subject) {
        OpenElements open = tb.open;
        Node current = open.current();
        if (current != null && current.is(subject)) {
            List<Node> active = open.formatting;
            int last = active.size() - 1;
            if (last >= 0 && active.get(last) == current) { // the usual case, as the steps below would end it
                tb.pop();
                active.remove(last);
                return;
            }
            if (!open.isFormatting(current)) {
                tb.pop();
                return;
            }
        }
        Node formatting = open.activeFormatting(subject);
        if (formatting == null) {
            anyOtherEndTag(subject);
            return;
        }
        if (!open.contains(formatting)) {
            open.removeFormatting(formatting);
            return;
        }
        if (!open.inScope(formatting)) return;
        boolean below = false;
        for (int i = 0; i < open.size(); i++) {
            Node el = open.get(i);
            if (el == formatting) below = true;
            else if (below && el.has(HtmlTags.SPECIAL)) throw new Unsupported("misnested <" + subject + "> around a block");
        }
        while (open.current() != formatting) tb.pop();
        tb.pop();
        open.removeFormatting(formatting);
    }

    /**
     * Whether a second {@code <html>} or {@code <body>} tag brings attributes that hold links: jsoup merges
     * them into the element opened earlier, so their links belong at that element's place in document order.
     */
    private static boolean mergesLinks(TagToken tag) {
        return tag.has("srcset") || tag.styleIfLinks() != null;
    }
}
