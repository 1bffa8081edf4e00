/**
 * Running a crawl: {@link dev.loomcrawl.run.CrawlRunner} turns a crawl's settings, where it lives
 * ({@link dev.loomcrawl.run.Place}) and what the front end attaches into a {@link dev.loomcrawl.run.RunningCrawl},
 * which ends as {@link dev.loomcrawl.run.Ended}. Every front end (the command line, the service, MCP, Redis workers)
 * runs its crawls through it.
 */
package dev.loomcrawl.run;
