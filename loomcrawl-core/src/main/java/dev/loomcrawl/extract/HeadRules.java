package dev.loomcrawl.extract;

import dev.loomcrawl.extract.TreeShadow.Mode;

/**
 * jsoup 1.24's "in head" and "after head" insertion modes: which elements belong in the head (and are put
 * there even when they come after {@code </head>}), which switch the tokenizer to text, and what implies the
 * body.
 */
final class HeadRules {
    private final TreeShadow tb;

    HeadRules(TreeShadow tb) {
        this.tb = tb;
    }

    void start(TagToken tag) {
        switch (tag.name) {
            case "html" -> tb.body.start(tag);
            case "base", "basefont", "bgsound", "link", "meta" -> tb.insertEmpty(tag);
            case "title" -> tb.textElement(tag, HtmlTokenizer.TextMode.RCDATA);
            case "noframes", "style" -> tb.textElement(tag, HtmlTokenizer.TextMode.RAWTEXT);
            case "noscript" -> tb.startNoscript(tag);
            case "script" -> tb.textElement(tag, HtmlTokenizer.TextMode.SCRIPT);
            case "head" -> { }
            case "template" -> throw new Unsupported("template");
            default -> {
                tb.processEnd("head");
                tb.processStart(tag);
            }
        }
    }

    void end(String name) {
        switch (name) {
            case "head" -> {
                tb.pop();
                tb.mode = Mode.AFTER_HEAD;
            }
            case "body", "html", "br" -> {
                tb.processEnd("head");
                tb.processEnd(name);
            }
            case "template" -> throw new Unsupported("template");
            default -> { }
        }
    }

    void afterHeadStart(TagToken tag) {
        if ((tag.htmlFlags() & HtmlTags.TO_HEAD) != 0) { // back into the head
            if (tb.head == null) throw new Unsupported("head element content with no head");
            if (tb.recorder != null && tb.recorder.hasLaterSibling(tb.head.index)) {
                // jsoup puts it in the head, before the whitespace recorded after the head (comments are not
                // recorded): the recorder writes nodes in the order they come, which would put it after that
                throw new Unsupported("an element put back into the head after a node that follows it");
            }
            tb.open.push(tb.head);
            start(tag);
            tb.open.remove(tb.head);
            return;
        }
        switch (tag.name) {
            case "html" -> tb.body.start(tag);
            case "body" -> {
                tb.insert(tag, HtmlTags.HTML);
                tb.mode = Mode.IN_BODY;
            }
            case "frameset" -> throw new Unsupported("frameset");
            case "head" -> { }
            default -> {
                tb.impliedBody();
                tb.processStart(tag);
            }
        }
    }
}
