package dev.loomcrawl.extract;

/**
 * The charset prescan's element sink: stops at the first {@code <meta http-equiv=content-type>} or
 * {@code <meta charset>} that names a charset, in document order, with jsoup's loop over
 * {@code meta[http-equiv=content-type], meta[charset]}.
 */
final class MetaCharsets implements ElementSink {
    /** Ends the prescan early: the charset is known. */
    static final class Found extends RuntimeException {
        Found() {
            super(null, null, false, false);
        }
    }

    String charset;

    @Override
    public boolean wantsFirstComment() {
        return true; // an XML declaration's encoding
    }

    @Override
    public void element(String name, int ns, TagToken attrs, Inserted el) {
        if (!name.equals("meta") || !attrs.hasAttributes()) return;
        String httpEquiv = attrs.get("http-equiv");
        String charsetAttr = attrs.get("charset");
        boolean contentType = httpEquiv != null && HtmlTags.lowerAscii(httpEquiv).equals("content-type");
        if (!contentType && charsetAttr == null) return;
        String found = null;
        if (httpEquiv != null) found = PageCharset.fromContentType(attrs.attr("content"));
        if (found == null && charsetAttr != null) found = charsetAttr;
        if (found != null) {
            charset = found;
            throw new Found();
        }
    }
}
