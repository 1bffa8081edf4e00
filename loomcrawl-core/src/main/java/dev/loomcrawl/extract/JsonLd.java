package dev.loomcrawl.extract;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The dates and author a page's JSON-LD ({@code <script type="application/ld+json">}) gives, read with
 * jackson-core's streaming parser, without building a tree. The objects read are a script's top-level object,
 * the objects of a top-level array, and the members of {@code @graph} (at any of those); objects nested in
 * other properties ({@code mainEntity}...) are not. Of those, in document order, a field comes from the first
 * article or page ({@code @type} ending in {@code Article}, {@code Posting} or {@code Page}: NewsArticle,
 * BlogPosting, WebPage...) that has it, else from the first object that has it.
 *
 * <p>A script that is not one JSON value (malformed, cut, trailing text) is ignored whole; so is one nested
 * deeper than {@value #MAX_DEPTH} levels, or longer than {@value #MAX_SCRIPT} characters. Raw control
 * characters in strings (a newline in a description), which many sites write, are accepted.
 */
final class JsonLd {
    /** The longest script read, in characters: 1 MiB. */
    static final int MAX_SCRIPT = 1 << 20;
    /** The deepest nesting of objects and arrays read. */
    static final int MAX_DEPTH = 64;

    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .build();

    /** One object read: whether it is an article or page, and its fields (null when it has none). */
    private record Item(boolean article, String datePublished, String dateModified, String author) {}

    /** The objects of a page's JSON-LD scripts, in document order. */
    static final class Items {
        private final List<Item> items;

        private Items(List<Item> items) {
            this.items = items;
        }

        String datePublished() {
            return pick(Item::datePublished);
        }

        String dateModified() {
            return pick(Item::dateModified);
        }

        /** A name, or several joined with ", ". */
        String author() {
            return pick(Item::author);
        }

        private String pick(Function<Item, String> field) {
            String any = null;
            for (Item item : items) {
                String value = field.apply(item);
                if (value == null) continue;
                if (item.article()) return value;
                if (any == null) any = value;
            }
            return any;
        }
    }

    private JsonLd() {}

    /** The objects of these scripts (each at most {@link #MAX_SCRIPT} characters), in order. */
    static Items read(List<String> scripts) {
        List<Item> items = new ArrayList<>();
        for (String script : scripts) {
            if (script.length() <= MAX_SCRIPT) items.addAll(read(script));
        }
        return new Items(items);
    }

    /** The objects of one script; none when it is not one well-formed JSON value. */
    private static List<Item> read(String script) {
        List<Item> items = new ArrayList<>(2);
        try (JsonParser p = JSON.createParser(script)) {
            if (p.nextToken() == null) return List.of();
            value(p, items);
            if (p.nextToken() != null) return List.of(); // text after the value
            return items;
        } catch (IOException e) {
            return List.of(); // malformed, or past a bound
        }
    }

    /** The value at the current token: an object is an item, an array's values are read in turn. */
    private static void value(JsonParser p, List<Item> items) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            object(p, items);
        } else if (t == JsonToken.START_ARRAY) {
            while (p.nextToken() != JsonToken.END_ARRAY) value(p, items);
        }
    }

    /** An object, from its start to its end: its item, then those of its {@code @graph}. */
    private static void object(JsonParser p, List<Item> items) throws IOException {
        int at = items.size();
        items.add(null); // before the @graph's members, which may come first in the text
        boolean article = false;
        String published = null;
        String modified = null;
        String author = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "@type" -> article = articleType(p);
                case "datePublished" -> published = string(p);
                case "dateModified" -> modified = string(p);
                case "author" -> author = author(p);
                case "@graph" -> value(p, items);
                default -> p.skipChildren();
            }
        }
        items.set(at, new Item(article, published, modified, author));
    }

    /** Whether {@code @type} (a name or an array of names) names an article or a page. */
    private static boolean articleType(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING) return isArticle(p.getText());
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return false;
        }
        boolean article = false;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() == JsonToken.VALUE_STRING) article |= isArticle(p.getText());
            else p.skipChildren();
        }
        return article;
    }

    private static boolean isArticle(String type) {
        return type.endsWith("Article") || type.endsWith("Posting") || type.endsWith("Page");
    }

    /** A string value, normalised; null for anything else. */
    private static String string(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING) return PageFacts.normalise(p.getText());
        p.skipChildren();
        return null;
    }

    /** {@code author}: a name, an object with a {@code name}, or an array of those (names joined with ", "). */
    private static String author(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) return person(p);
        StringBuilder names = new StringBuilder();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            String name = person(p);
            if (name == null) continue;
            if (!names.isEmpty()) names.append(", ");
            names.append(name);
        }
        return names.isEmpty() ? null : names.toString();
    }

    /** A name, or an object's {@code name}, normalised; null for anything else. */
    private static String person(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) return string(p);
        String name = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            boolean isName = p.currentName().equals("name");
            p.nextToken();
            if (isName) name = string(p);
            else p.skipChildren();
        }
        return name;
    }
}
