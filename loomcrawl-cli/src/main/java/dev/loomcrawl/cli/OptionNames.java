package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.politeness.PolitenessSettings;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The library names a bad setting by its builder method ({@code "maxTasks must be between 1 and 100000, got
 * 0"}); the command line names the option the user typed ({@code "--max-tasks must be ..."}).
 */
final class OptionNames {
    /**
     * Names whose option is not their name in kebab case (every other builder method's is), and the scraper's
     * {@code field}, which is no builder method.
     */
    private static final Map<String, String> SPELLED_OTHERWISE = Map.of("maxRedirects", "--max-redirect",
            "maxBodyBytes", "--max-body", "field", "--field");
    /** Builder methods with no option of their own (roots are arguments; limits and http are groups). */
    private static final Set<String> NOT_OPTIONS = Set.of("root", "roots", "limits", "http", "form");
    /** The builders whose messages name their methods: the crawl's and its limits' and politeness settings'. */
    private static final Set<String> METHODS = Stream.of(CrawlConfig.Builder.class, LimitSettings.Builder.class,
                    PolitenessSettings.Builder.class)
            .flatMap(c -> Arrays.stream(c.getDeclaredMethods()))
            .filter(m -> Modifier.isPublic(m.getModifiers()) && m.getReturnType() == m.getDeclaringClass())
            .map(Method::getName).filter(name -> !NOT_OPTIONS.contains(name)).collect(Collectors.toSet());

    private OptionNames() {}

    /** The message with a leading builder method name replaced by its option; other messages as they are. */
    static String flags(String message) {
        if (message == null) return null;
        int space = message.indexOf(' ');
        String name = space > 0 ? message.substring(0, space) : "";
        if (!METHODS.contains(name) && !SPELLED_OTHERWISE.containsKey(name)) return message;
        return flag(name) + message.substring(space);
    }

    /** The option of a builder method: {@code maxPagesPerHost} is {@code --max-pages-per-host}. */
    private static String flag(String method) {
        String spelled = SPELLED_OTHERWISE.get(method);
        return spelled != null ? spelled : "--" + method.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }
}
