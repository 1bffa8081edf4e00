package dev.loomcrawl.cli;

import dev.loomcrawl.config.ScrapeSettings;
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

    /** Items without fields, or fields without an items file, would write nothing: a usage error. */
    static void refuseInconsistent(CommandLine.Model.CommandSpec spec, ScrapeSettings scrape, boolean itemsFile) {
        String why = scrape.inconsistency(itemsFile);
        if (why != null) throw new CommandLine.ParameterException(spec.commandLine(), why);
    }
}
