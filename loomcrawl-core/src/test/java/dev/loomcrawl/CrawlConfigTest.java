package dev.loomcrawl;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A bad setting is refused when it is given or built, with a message naming the builder method. */
class CrawlConfigTest {

    private static String refused(Consumer<CrawlConfig.Builder> setting) {
        return assertThrows(IllegalArgumentException.class, () -> {
            CrawlConfig.Builder b = CrawlConfig.builder().root("http://example.com/");
            setting.accept(b);
            b.build();
        }).getMessage();
    }

    @Test
    void messagesNameTheBuilderMethodNotACommandLineOption() {
        Map<String, Consumer<CrawlConfig.Builder>> cases = Map.of(
                "maxTasks must be between 1 and 100000, got 0", b -> b.maxTasks(0),
                "maxRedirects must be 0 or more, got -1", b -> b.maxRedirects(-1),
                "maxTries must be 1 or more, got 0", b -> b.maxTries(0),
                "userAgent must not be empty", b -> b.userAgent(" "),
                "fetchTimeout must be a positive duration, got PT0S", b -> b.fetchTimeout(Duration.ZERO),
                "maxBodyBytes must be at least 1 byte, got 0", b -> b.maxBodyBytes(0),
                "perHost must be 1 or more, got 0", b -> b.perHost(0),
                "exclude is not a valid regular expression: [", b -> b.exclude("["),
                "header must be 'Name: value', got NoColon", b -> b.header("NoColon"),
                "resolve must be HOST:PORT:ADDRESS, got example.com:80", b -> b.resolve("example.com:80"));
        cases.forEach((message, setting) -> assertEquals(message, refused(setting)));
    }
}
