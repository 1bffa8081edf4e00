package dev.loomcrawl.cli;

import dev.loomcrawl.config.ScrapeSettings;
import dev.loomcrawl.scrape.Selector;
import dev.loomcrawl.scrape.SelectorScraper;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * Options for scraping items with CSS or XPath selectors, as in the seed's Top-250 example: rows of the settings
 * table ({@link ScrapeSettings}).
 */
final class ScrapeOptions {
    @Option(names = "--item", paramLabel = "SELECTOR",
            description = "Elements that become items, one item per match (default: one item per page). "
                    + "CSS, or 'xpath:EXPR'.")
    String item;

    @Option(names = "--field", paramLabel = "NAME=SELECTOR",
            description = "A field of each item, selected within the item: its text, or an attribute with a "
                    + "trailing @name. 'css:' or 'xpath:' prefix; CSS by default. Repeatable.")
    List<String> fields = new ArrayList<>();

    @Option(names = "--follow", paramLabel = "SELECTOR",
            description = "Follow only the links on (or inside) the elements this selects, within scope.")
    String follow;

    /**
     * Items are written to {@code --items} only, and are made of fields: {@code --items} without {@code --field},
     * or {@code --item}/{@code --field} without {@code --items}, would write nothing, so each is a usage error.
     */
    static void refuseInconsistent(CommandLine.Model.CommandSpec spec, ScrapeSettings scrape, boolean itemsFile) {
        String item = scrape.item();
        List<String> fields = scrape.fields();
        if (itemsFile && fields.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--items needs at least one --field "
                    + "NAME=SELECTOR: an item is written as its fields (e.g. --field 'title=h1')");
        }
        if (!itemsFile && (item != null || !fields.isEmpty())) {
            throw new CommandLine.ParameterException(spec.commandLine(), (item != null ? "--item" : "--field")
                    + " needs --items FILE: scraped items are written there (.jsonl or .csv, '-' for standard output)");
        }
    }

    /** The scraper of the crawl job's selectors (these options, or a file's), or null when there are none. */
    static SelectorScraper scraper(ScrapeSettings s) {
        if (!s.any()) return null;
        List<SelectorScraper.Field> parsed = s.fields().stream().map(SelectorScraper.Field::parse).toList();
        return new SelectorScraper(s.item() == null ? null : Selector.parse(s.item()), parsed,
                s.follow() == null ? null : Selector.parse(s.follow()));
    }

    /** The field names in order, the columns of the items file. */
    static List<String> fieldNames(ScrapeSettings s) {
        return s.fields().stream().map(SelectorScraper.Field::parse).map(SelectorScraper.Field::name).toList();
    }
}
