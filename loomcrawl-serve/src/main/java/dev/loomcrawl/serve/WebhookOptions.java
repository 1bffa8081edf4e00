package dev.loomcrawl.serve;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the server calls webhooks back.
 *
 * @param secretFile the file whose first line is the key each delivery's body is signed with (HMAC-SHA256); null:
 *                   {@code DATA/webhook-secret}, made with a random key at the first start
 * @param timeout    how long one delivery attempt may take, connection included
 * @param retryFor   how long a failing delivery is retried (with growing waits), counted from its first failed
 *                   attempt
 */
public record WebhookOptions(Path secretFile, Duration timeout, Duration retryFor) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_RETRY_FOR = Duration.ofMinutes(15);
    public static final WebhookOptions DEFAULTS = new WebhookOptions(null, DEFAULT_TIMEOUT, DEFAULT_RETRY_FOR);

    public WebhookOptions {
        if (!timeout.isPositive()) {
            throw new IllegalArgumentException("--webhook-timeout must be a positive duration, got " + timeout);
        }
        if (retryFor.isNegative()) {
            throw new IllegalArgumentException("--webhook-retry-for must not be negative, got " + retryFor);
        }
    }
}
