package dev.loomcrawl.scrape;

import dev.loomcrawl.extract.JsoupLinkExtractor;
import dev.loomcrawl.setting.BadSetting;
import dev.loomcrawl.url.WebUrl;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line's scraper: {@code --item} picks the elements that become items (one per match, or the
 * whole page when absent), {@code --field NAME=SELECTOR} picks each field relative to the item, and
 * {@code --follow} restricts the links followed to those on the elements it matches.
 */
public final class SelectorScraper implements PageHandler {

    /** A named field and its selector. */
    public record Field(String name, Selector selector) {
        /** Parses {@code NAME=SELECTOR}. */
        public static Field parse(String spec) {
            int eq = spec.indexOf('=');
            if (eq <= 0) throw new BadSetting("field", "must be NAME=SELECTOR, got '" + spec + "'");
            return new Field(spec.substring(0, eq).strip(), Selector.parse(spec.substring(eq + 1)));
        }
    }

    private final Selector item;
    private final List<Field> fields;
    private final Selector follow;

    /** @param item null for one item per page; @param follow null to follow every link in scope */
    public SelectorScraper(Selector item, List<Field> fields, Selector follow) {
        this.item = item;
        this.fields = List.copyOf(fields);
        this.follow = follow;
    }

    /** Whether pages give items (an item selector or fields), rather than only links to follow. */
    public boolean scrapesItems() {
        return !fields.isEmpty() || item != null;
    }

    @Override
    public void handle(Page page) {
        Document doc = page.document();
        if (!fields.isEmpty() || item != null) {
            List<Element> roots = item == null ? List.of(doc) : item.select(doc);
            for (Element root : roots) {
                Map<String, String> values = new LinkedHashMap<>();
                for (Field f : fields) values.put(f.name(), f.selector().value(root));
                if (fields.isEmpty()) values.put("text", root.text());
                page.emit(values);
            }
        }
        if (follow != null) page.follow(followed(page, doc));
    }

    /** The links on the elements {@code --follow} matches: the named attribute, or href/src. */
    private List<WebUrl> followed(Page page, Document doc) {
        WebUrl base = JsoupLinkExtractor.baseOf(doc, page.url());
        List<WebUrl> urls = new ArrayList<>();
        for (Element el : follow.select(doc)) {
            for (Element link : el.is("[href],[src]") ? List.of(el) : el.select("[href],[src]")) {
                String value = follow.attribute() != null ? link.attr(follow.attribute())
                        : link.hasAttr("href") ? link.attr("href") : link.attr("src");
                WebUrl url = value.isBlank() ? null : base.resolve(value);
                if (url != null) urls.add(url);
            }
        }
        return urls;
    }
}
