package dev.loomcrawl.extract;

/** Two sinks fed the same elements, each in turn: the streaming pass's links and facts. */
record SinkPair(ElementSink first, ElementSink second) implements ElementSink {
    @Override
    public void element(String name, int ns, TagToken attrs, Inserted el) {
        first.element(name, ns, attrs, el);
        second.element(name, ns, attrs, el);
    }

    @Override
    public void elementEnd(String name, int ns) {
        first.elementEnd(name, ns);
        second.elementEnd(name, ns);
    }

    @Override
    public void styleText(String css) {
        first.styleText(css);
        second.styleText(css);
    }

    @Override
    public void scriptText(Chars data) {
        first.scriptText(data);
        second.scriptText(data);
    }

    @Override
    public boolean wantsFirstComment() {
        return first.wantsFirstComment() || second.wantsFirstComment();
    }
}
