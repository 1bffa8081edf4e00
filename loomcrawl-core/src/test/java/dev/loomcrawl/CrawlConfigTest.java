package dev.loomcrawl;

import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.setting.BadSetting;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
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

    /**
     * A program reads which setting was refused, and why, from the exception's fields (no message to parse): the
     * setting's name as in a JSON configuration, the builder method, the problem.
     */
    @Test
    void aRefusalCarriesTheSettingItNames() {
        record Case(Consumer<CrawlConfig.Builder> setting, String method, String name, String problem) {}
        List<Case> cases = List.of(
                new Case(b -> b.maxTasks(0), "maxTasks", "max-tasks", "must be between 1 and 100000, got 0"),
                new Case(b -> b.maxRedirects(-1), "maxRedirects", "max-redirect", "must be 0 or more, got -1"),
                new Case(b -> b.maxBodyBytes(0), "maxBodyBytes", "max-body", "must be at least 1 byte, got 0"),
                new Case(b -> b.limits(LimitSettings.builder().maxPagesPerHost(0).build()), "maxPagesPerHost",
                        "max-pages-per-host", "must be -1 (no limit) or at least 1, got 0"),
                new Case(b -> b.delay(Duration.ofSeconds(-1)), "delay", "delay", "must not be negative, got PT-1S"),
                new Case(b -> b.exclude("["), "exclude", "exclude", "is not a valid regular expression: ["),
                new Case(b -> b.loggedInWhen("h1"), "loggedInWhen", "logged-in-when", "needs login"));
        for (Case c : cases) {
            BadSetting e = assertThrows(BadSetting.class, () -> {
                CrawlConfig.Builder b = CrawlConfig.builder().root("http://example.com/");
                c.setting().accept(b);
                b.build();
            });
            assertEquals(List.of(c.method(), c.name(), c.problem()), List.of(e.method(), e.setting(), e.problem()));
            assertEquals(c.method() + " " + c.problem(), e.getMessage());
            assertEquals("--" + c.name() + " " + c.problem(), e.naming("--"));
        }
    }
}
