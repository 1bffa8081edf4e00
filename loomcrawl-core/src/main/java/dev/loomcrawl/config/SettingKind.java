package dev.loomcrawl.config;

import dev.loomcrawl.scope.UrlPattern;

import java.time.Duration;
import java.util.Locale;

/**
 * The type of a setting's value, and how it is written: as saved text in a crawl's state ({@code PT10S},
 * {@code 10485760}, {@code true}), and in the JSON form of a configuration (a number, a boolean or a string; a
 * duration as {@code "10s"}).
 */
public enum SettingKind {
    /** A whole number; -1 is "no limit" where the setting says so. */
    COUNT("integer"),
    /** Bytes; JSON takes a number of bytes or a string with a unit ({@code "10MiB"}). */
    SIZE("integer"),
    /** Saved as ISO-8601; JSON takes and writes {@code "10s"}, {@code "500ms"}, {@code "2m"} or ISO-8601. */
    DURATION("string"),
    /** True or false. */
    FLAG("boolean"),
    /** Free text: a URL, a header, a file name, a selector. */
    TEXT("string"),
    /** A regular expression in RE2's syntax ({@code UrlPattern}), found anywhere in its subject. */
    REGEX("string"),
    /** One of a few lower-case words, which the setting lists. */
    CHOICE("string");

    private final String jsonType;

    SettingKind(String jsonType) {
        this.jsonType = jsonType;
    }

    /** The JSON Schema type of one value. */
    public String jsonType() {
        return jsonType;
    }

    /** The saved text of a value of this kind, as a setting's getter gives it. */
    public String text(Object value) {
        return switch (value) {
            case UrlPattern p -> p.pattern();
            case Enum<?> e -> e.name().toLowerCase(Locale.ROOT);
            default -> value.toString();
        };
    }

    /**
     * The saved text of what a person wrote ({@code "10s"}, {@code "10MiB"}), checked for this kind; an
     * {@link IllegalArgumentException} saying what was expected.
     */
    String fromWritten(String written) {
        return switch (this) {
            case DURATION -> Units.duration(written).toString();
            case SIZE -> written.trim().matches("-1") ? "-1" : Long.toString(Units.size(written)); // -1: no limit
            case COUNT -> {
                try {
                    yield Long.toString(Long.parseLong(written.trim()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + written + "' is not a whole number");
                }
            }
            case FLAG -> {
                if (!written.equals("true") && !written.equals("false")) {
                    throw new IllegalArgumentException("'" + written + "' is not true or false");
                }
                yield written;
            }
            default -> written;
        };
    }

    /** The saved text as a person writes it: a duration as {@code 10s}; anything else as it is. */
    String written(String saved) {
        return this == DURATION ? Units.duration(Duration.parse(saved)) : saved;
    }

    /** The saved text as help shows it: a duration as {@code 10s}, a size as {@code 10MiB} (-1 as it is). */
    public String shown(String saved) {
        return this == SIZE && !saved.equals("-1") ? Units.size(Long.parseLong(saved)) : written(saved);
    }
}
