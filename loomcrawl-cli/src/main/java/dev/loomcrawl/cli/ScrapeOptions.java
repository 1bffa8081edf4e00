package dev.loomcrawl.cli;

import dev.loomcrawl.scrape.Selector;
import dev.loomcrawl.scrape.SelectorScraper;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** Options for scraping items with CSS or XPath selectors, as in the seed's Top-250 example. */
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
    void refuseInconsistent(CommandLine.Model.CommandSpec spec, boolean itemsFile) {
        if (itemsFile && fields.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--items needs at least one --field "
                    + "NAME=SELECTOR: an item is written as its fields (e.g. --field 'title=h1')");
        }
        if (!itemsFile && (item != null || !fields.isEmpty())) {
            throw new CommandLine.ParameterException(spec.commandLine(), (item != null ? "--item" : "--field")
                    + " needs --items FILE: scraped items are written there (.jsonl or .csv, '-' for standard output)");
        }
    }

    /** The scraper these options describe, or null when none is asked for. */
    SelectorScraper scraper() {
        return scraper(item, fields, follow);
    }

    /** The field names in order, the columns of the items file. */
    List<String> fieldNames() {
        return fieldNames(fields);
    }

    /** The scraper of these selectors (any may be null or empty), or null when there are none. */
    static SelectorScraper scraper(String item, List<String> fields, String follow) {
        if (item == null && fields.isEmpty() && follow == null) return null;
        List<SelectorScraper.Field> parsed = fields.stream().map(SelectorScraper.Field::parse).toList();
        return new SelectorScraper(item == null ? null : Selector.parse(item), parsed,
                follow == null ? null : Selector.parse(follow));
    }

    static List<String> fieldNames(List<String> fields) {
        return fields.stream().map(SelectorScraper.Field::parse).map(SelectorScraper.Field::name).toList();
    }
}
