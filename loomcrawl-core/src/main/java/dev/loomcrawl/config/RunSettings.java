package dev.loomcrawl.config;

import java.nio.file.Path;

/**
 * What one run of a crawl does at its end, beside its outputs: the new rows of {@link SettingGroup#RUN}. A resumed
 * crawl's run says its own.
 *
 * @param report      where the whole text report is written (null: only where it is printed)
 * @param reportUrls  print the report's line per URL even on a terminal
 * @param saveCookies where the crawl's cookies are written at the end (null: nowhere)
 */
public record RunSettings(Path report, boolean reportUrls, Path saveCookies) {
    public static final RunSettings NONE = new RunSettings(null, false, null);
}
