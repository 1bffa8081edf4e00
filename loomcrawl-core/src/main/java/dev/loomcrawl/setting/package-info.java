/**
 * What every settings group and every front end share: {@link dev.loomcrawl.setting.BadSetting}, the refusal of a
 * setting's value, with the setting it names as a field. It is a package of its own, importing nothing of the
 * crawl's, so that the groups (in the root, {@code fetch}, {@code limits}, {@code politeness}, {@code scope},
 * {@code session}) and the scraper may throw it and the front ends ({@code config}, the command line) catch it
 * without a cycle.
 */
package dev.loomcrawl.setting;
