package dev.loomcrawl.redis;

import dev.loomcrawl.frontier.SharedRobots;
import dev.loomcrawl.url.Origin;
import io.lettuce.core.SetArgs;

import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The robots.txt files of a crawl shared through Redis, one hash per origin (on the origin's hash tag) that
 * expires with the file's maximum age; the process that fetches a file first claims it with a key of its own
 * that expires too, so a process that dies while fetching holds the others off for the claim's time only.
 */
final class RedisRobots implements SharedRobots {
    private final RedisLink redis;
    private final CrawlKeys keys;
    private final String process;

    RedisRobots(RedisLink redis, CrawlKeys keys, String process) {
        this.redis = redis;
        this.keys = keys;
        this.process = process;
    }

    @Override
    public Optional<Answer> get(Origin origin) {
        Map<String, String> kept = redis.call(r -> r.hgetall(keys.robots(origin.toString())));
        if (kept.isEmpty() || !kept.containsKey("body")) return Optional.empty();
        return Optional.of(new Answer(kept.get("url"), Integer.parseInt(kept.get("status")),
                kept.get("type").isEmpty() ? null : kept.get("type"), Base64.getDecoder().decode(kept.get("body"))));
    }

    @Override
    public boolean claim(Origin origin, Duration claimFor) {
        String claimed = redis.call(r -> r.set(keys.robotsClaim(origin.toString()), process,
                SetArgs.Builder.nx().px(claimFor.toMillis())));
        return "OK".equals(claimed);
    }

    @Override
    public void put(Origin origin, Answer answer, Duration maxAge) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("url", answer.url());
        fields.put("status", Integer.toString(answer.status()));
        fields.put("type", answer.contentType() == null ? "" : answer.contentType());
        fields.put("body", Base64.getEncoder().encodeToString(answer.body()));
        String key = keys.robots(origin.toString());
        redis.call(r -> {
            r.hset(key, fields);
            return r.pexpire(key, maxAge.toMillis());
        });
    }
}
