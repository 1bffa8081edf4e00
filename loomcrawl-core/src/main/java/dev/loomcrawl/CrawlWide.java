package dev.loomcrawl;

import dev.loomcrawl.limits.BudgetCounts;
import dev.loomcrawl.frontier.SharedRobots;

/**
 * What the processes of one shared crawl keep in common besides the frontier: the counts its budgets
 * ({@code --max-pages}, {@code --max-bytes}, {@code --max-pages-per-host}) are kept against, and the robots.txt
 * files, fetched once per origin for the whole crawl.
 */
public record CrawlWide(BudgetCounts budgets, SharedRobots robots) {}
