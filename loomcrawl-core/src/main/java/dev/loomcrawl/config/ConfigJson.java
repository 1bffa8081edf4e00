package dev.loomcrawl.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.setting.BadSetting;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The JSON form of a crawl's configuration: one object whose keys are {@link CrawlSettings}' names (the command
 * line's options without their dashes), a list setting as an array, an absent value as {@code null}, a number as
 * a number, a flag as a boolean, a duration as {@code "10s"} (ISO-8601 is read too), a size as bytes (or a string
 * with a unit). What {@code crawl --print-config} prints and {@code --config FILE} reads, and the request body the
 * HTTP API and the MCP tools take; {@link #schema()} describes it as a JSON Schema.
 */
public final class ConfigJson {
    /** A configuration is small: a file or request body past this is refused, not read. */
    public static final int MAX_CHARS = 1 << 20;
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(8)
                    .maxStringLength(MAX_CHARS).build()).build();

    private ConfigJson() {}

    /** The whole configuration, every setting included (no outputs, in memory), pretty-printed. */
    public static String write(CrawlConfig c) {
        return write(CrawlJob.of(c));
    }

    /** The whole crawl job, every setting included, pretty-printed; its configuration is not null. */
    public static String write(CrawlJob c) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            for (SettingSpec s : CrawlSettings.ALL) {
                List<String> values = s.read().apply(c);
                g.writeFieldName(s.name());
                if (s.repeated()) {
                    g.writeStartArray();
                    for (String v : values) value(g, s.kind(), v);
                    g.writeEndArray();
                } else if (values.isEmpty()) {
                    g.writeNull();
                } else {
                    value(g, s.kind(), values.getFirst());
                }
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    private static void value(JsonGenerator g, SettingKind kind, String saved) throws IOException {
        switch (kind) {
            case COUNT, SIZE -> g.writeNumber(Long.parseLong(saved));
            case FLAG -> g.writeBoolean(Boolean.parseBoolean(saved));
            default -> g.writeString(kind.written(saved));
        }
    }

    /**
     * The configuration {@code json} describes, every setting it leaves out at its default. A setting of what is
     * done around the crawl (outputs, state...) is refused unless at its default: this reader has no use for it.
     */
    public static CrawlConfig read(String json) {
        CrawlJob job = readJob(json);
        CrawlJob bare = CrawlJob.of(job.config());
        for (SettingSpec s : CrawlSettings.ALL) {
            if (!s.read().apply(job).equals(s.read().apply(bare))) {
                throw new IllegalArgumentException("setting '" + s.name() + "' is not taken here: only the crawl's "
                        + "configuration is");
            }
        }
        return job.config();
    }

    /** The crawl job {@code json} describes, every setting it leaves out at its default. */
    public static CrawlJob readJob(String json) {
        ConfigTarget target = new ConfigTarget();
        readInto(target, json);
        try {
            return target.job(target.build());
        } catch (BadSetting e) {
            throw new IllegalArgumentException(e.naming("setting "), e);
        }
    }

    /**
     * Sets what {@code json} gives on {@code target}. An unknown key, a value of the wrong type or a value the
     * setting refuses is an {@link IllegalArgumentException} of one line naming it (an unknown key with a guess).
     */
    public static void readInto(ConfigTarget target, String json) {
        readInto(target, json, java.util.Set.of());
    }

    /** As {@link #readInto(ConfigTarget, String)}, leaving out the settings named in {@code skip}. */
    public static void readInto(ConfigTarget target, String json, Set<String> skip) {
        if (json.length() > MAX_CHARS) {
            throw new IllegalArgumentException("a configuration is at most " + MAX_CHARS + " characters, got "
                    + json.length());
        }
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("a configuration is a JSON object of settings, "
                        + "such as {\"root\": [\"https://example.com/\"], \"max-pages\": 100}");
            }
            Set<String> seen = new HashSet<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                SettingSpec s = CrawlSettings.named(name).orElseThrow(() -> new IllegalArgumentException(
                        "unknown setting '" + name + "'" + guess(name)));
                if (!seen.add(name)) throw new IllegalArgumentException("setting '" + name + "' is given twice");
                JsonToken t = p.nextToken();
                if (skip.contains(name)) {
                    p.skipChildren();
                    continue;
                }
                if (t == JsonToken.VALUE_NULL) continue;
                if (t == JsonToken.START_ARRAY) {
                    if (!s.repeated()) throw wrongType(s, "a list");
                    while (p.nextToken() != JsonToken.END_ARRAY) set(target, s, scalar(p, s));
                } else {
                    set(target, s, scalar(p, s));
                }
            }
            if (p.nextToken() != null) throw new IllegalArgumentException("a configuration is one JSON object");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage().lines().findFirst().orElse("")
                    + " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The saved text of the scalar at the parser, checked against the setting's kind. */
    private static String scalar(JsonParser p, SettingSpec s) throws IOException {
        JsonToken t = p.currentToken();
        SettingKind kind = s.kind();
        boolean fits = switch (kind) {
            case COUNT -> t == JsonToken.VALUE_NUMBER_INT;
            case SIZE -> t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_STRING;
            case DURATION -> t == JsonToken.VALUE_STRING || t == JsonToken.VALUE_NUMBER_INT;
            case FLAG -> t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE;
            default -> t == JsonToken.VALUE_STRING;
        };
        if (!fits) {
            throw wrongType(s, t == JsonToken.START_OBJECT ? "an object" : t == JsonToken.START_ARRAY ? "a list"
                    : p.getText());
        }
        try {
            return kind.fromWritten(p.getText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("setting '" + s.name() + "': " + e.getMessage());
        }
    }

    private static void set(ConfigTarget target, SettingSpec s, String saved) {
        try {
            s.write().accept(target, saved);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("setting '" + s.name() + "': " + e.getMessage());
        }
    }

    private static IllegalArgumentException wrongType(SettingSpec s, String got) {
        String want = switch (s.kind()) {
            case COUNT -> "a whole number";
            case SIZE -> "a size (bytes, or a string such as \"10MiB\")";
            case DURATION -> "a duration (a string such as \"10s\" or \"500ms\")";
            case FLAG -> "true or false";
            case CHOICE -> "one of " + s.choices();
            default -> "a string";
        };
        return new IllegalArgumentException("setting '" + s.name() + "' takes " + (s.repeated() ? "a list of "
                + want.replaceFirst("^an? ", "") + "s" : want) + ", got " + got);
    }

    /** " (did you mean max-pages?)" for the nearest name within two edits, else nothing. */
    static String guess(String name) {
        return CrawlSettings.names().stream().min(Comparator.comparingInt(n -> distance(name, n)))
                .filter(n -> distance(name, n) <= Math.max(2, name.length() / 4))
                .map(n -> " (did you mean " + n + "?)").orElse("");
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /**
     * A JSON Schema (draft 2020-12) of the JSON form: every setting with its type, default, group and description;
     * no other key allowed; {@code root} required.
     */
    public static String schema() {
        CrawlJob defaults = CrawlJob.of(CrawlConfig.builder().root("http://localhost/").build());
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeStringField("$schema", "https://json-schema.org/draft/2020-12/schema");
            g.writeStringField("title", "loomcrawl crawl configuration");
            g.writeStringField("type", "object");
            g.writeBooleanField("additionalProperties", false);
            g.writeArrayFieldStart("required");
            g.writeString("root");
            g.writeEndArray();
            g.writeObjectFieldStart("properties");
            for (SettingSpec s : CrawlSettings.ALL) {
                g.writeObjectFieldStart(s.name());
                g.writeStringField("description", s.description());
                g.writeStringField("x-group", s.group().label());
                if (s.repeated()) {
                    g.writeStringField("type", "array");
                    g.writeObjectFieldStart("items");
                    itemType(g, s);
                    g.writeEndObject();
                    if (!s.name().equals("root")) {
                        g.writeArrayFieldStart("default");
                        g.writeEndArray();
                    }
                } else {
                    List<String> d = s.read().apply(defaults);
                    List<String> types = new ArrayList<>(List.of(jsonTypes(s)));
                    if (d.isEmpty()) types.add("null");
                    g.writeArrayFieldStart("type");
                    for (String t : types) g.writeString(t);
                    g.writeEndArray();
                    if (!s.choices().isEmpty()) {
                        g.writeArrayFieldStart("enum");
                        for (String c : s.choices()) g.writeString(c);
                        g.writeEndArray();
                    }
                    g.writeFieldName("default");
                    if (d.isEmpty()) g.writeNull();
                    else value(g, s.kind(), d.getFirst());
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    private static void itemType(JsonGenerator g, SettingSpec s) throws IOException {
        String[] types = jsonTypes(s);
        if (types.length == 1) {
            g.writeStringField("type", types[0]);
        } else {
            g.writeArrayFieldStart("type");
            for (String t : types) g.writeString(t);
            g.writeEndArray();
        }
    }

    private static String[] jsonTypes(SettingSpec s) {
        return switch (s.kind()) {
            case SIZE -> new String[] {"integer", "string"};
            default -> new String[] {s.kind().jsonType()};
        };
    }
}
