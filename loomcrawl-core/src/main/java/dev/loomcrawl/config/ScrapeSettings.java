package dev.loomcrawl.config;

import dev.loomcrawl.scrape.Selector;
import dev.loomcrawl.scrape.SelectorScraper;

import java.util.List;

/**
 * What a crawl scrapes with selectors ({@link dev.loomcrawl.scrape.SelectorScraper}): the rows of
 * {@link SettingGroup#SCRAPE}. Each selector is CSS, or XPath after {@code xpath:}; null or empty when not given.
 *
 * @param item   the elements that become items, one item per match; null: one item per page
 * @param fields each item's fields, {@code NAME=SELECTOR} as given, in order
 * @param follow the elements whose links (and links inside them) are followed
 */
public record ScrapeSettings(String item, List<String> fields, String follow) {
    public static final ScrapeSettings NONE = new ScrapeSettings(null, List.of(), null);

    public ScrapeSettings {
        fields = List.copyOf(fields);
    }

    /**
     * Why these selectors and an items file ({@code itemsFile}: whether one is given) do not go together, or null.
     * Items are written to {@code items} only, and are made of fields: {@code items} without a {@code field}, or
     * {@code item}/{@code field} without {@code items}, would write nothing.
     */
    public String inconsistency(boolean itemsFile) {
        if (itemsFile && fields.isEmpty()) {
            return "--items needs at least one --field NAME=SELECTOR: an item is written as its fields (e.g. --field "
                    + "'title=h1')";
        }
        if (!itemsFile && (item != null || !fields.isEmpty())) {
            return (item != null ? "--item" : "--field") + " needs --items FILE: scraped items are written there "
                    + "(.jsonl or .csv, '-' for standard output)";
        }
        return null;
    }

    /**
     * The scraper of these selectors (from the command line, a configuration file or a service's request), or null
     * when there are none; a bad selector or field throws IllegalArgumentException naming it. Here, not in
     * {@code scrape}, which knows nothing of the settings.
     */
    public SelectorScraper scraper() {
        if (!any()) return null;
        List<SelectorScraper.Field> parsed = fields.stream().map(SelectorScraper.Field::parse).toList();
        return new SelectorScraper(item == null ? null : Selector.parse(item), parsed,
                follow == null ? null : Selector.parse(follow));
    }

    /** The field names in order, the columns of the items file. */
    public List<String> fieldNames() {
        return fields.stream().map(SelectorScraper.Field::parse).map(SelectorScraper.Field::name).toList();
    }

    /** Whether a selector is given at all. */
    public boolean any() {
        return item != null || !fields.isEmpty() || follow != null;
    }
}
