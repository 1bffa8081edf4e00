package dev.loomcrawl.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The Lua scripts that change a crawl in Redis, each atomic on the keys of one hash tag. The origin scripts
 * share a prelude (origin-prelude.lua: server time, lease reclaim, the origin's next due time). A script runs
 * by its SHA-1 and is loaded again when the server has forgotten it (a restart), see {@link RedisLink}.
 */
enum Script {
    OFFER(true), LEASE(true), STARTED(true), RELEASE(true), RETRY(true), COMPLETE(true), RENEW(true),
    STATUS(true), CRAWL_DELAY(true), HINT(false), PICK(false), TAKE(false), BEAT(false), COUNTS(false), CLOCK(false),
    JOB_APPEND(false), JOB_FINISH(false);

    private final String text;
    private final String sha;

    Script(boolean onOrigin) {
        String body = read(name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + ".lua");
        this.text = onOrigin ? read("origin-prelude.lua") + "\n" + body : body;
        this.sha = sha1(text);
    }

    String text() {
        return text;
    }

    String sha() {
        return sha;
    }

    private static String read(String name) {
        try (InputStream in = Script.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing script " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha1(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
