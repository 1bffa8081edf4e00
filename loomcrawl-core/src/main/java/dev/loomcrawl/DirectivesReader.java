package dev.loomcrawl;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.internal.robots.RobotsDirectives;

import java.util.List;

/**
 * A response's robots directives ({@code X-Robots-Tag}, and a page's robots metas) for this crawl's user agent, or
 * none when the crawl ignores them ({@code --ignore-robots-directives}).
 */
record DirectivesReader(boolean ignore, String agentToken) {
    static DirectivesReader of(CrawlConfig config) {
        return new DirectivesReader(config.politeness().ignoreDirectives(),
                RobotsDirectives.agentToken(config.http().userAgent()));
    }

    RobotsDirectives read(FetchResult.Response response, List<String> metas) {
        return ignore ? RobotsDirectives.NONE : RobotsDirectives.of(metas, response.headers(), agentToken);
    }
}
