package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one place that tells what is not a page: what a page loads (a stylesheet, a script, an icon...) and files that
 * are no document to read (images, fonts, media, archives, programs). By a URL's extension before anything is
 * fetched, by a response's Content-Type after, and by the element a link is on. A map, a Firecrawl crawl's URLs and
 * documents, and a scrape's {@code links} all ask here.
 */
public final class Assets {
    /** What a page loads by its links' extensions: stylesheets and scripts. */
    public static final Set<String> LOADED = Set.of("css", "js", "mjs");
    /** Every extension of a URL that is not a page: {@link #LOADED}, images, fonts, media, archives, programs. */
    public static final Set<String> EXTENSIONS = Set.of("css", "js", "mjs", "map", "png", "jpg", "jpeg", "gif",
            "svg", "webp", "avif", "ico", "bmp", "tif", "tiff", "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4",
            "m4a", "m4v", "webm", "ogg", "ogv", "wav", "flac", "avi", "mov", "mkv", "zip", "gz", "tgz", "bz2", "xz",
            "7z", "rar", "tar", "jar", "exe", "msi", "dmg", "iso", "deb", "rpm", "apk", "bin", "wasm");

    /** The elements whose link is something the page shows: an image, media, a track, an embed, an image button. */
    private static final Set<String> SHOWN = Set.of("img", "source", "track", "video", "audio", "embed", "input");

    private Assets() {}

    /** Whether the URL's path names an asset by its extension ({@link #EXTENSIONS}): {@code /site.css}. */
    public static boolean byPath(WebUrl url) {
        return EXTENSIONS.contains(extension(url.path()));
    }

    /**
     * Whether a response of this Content-Type (a header's value, parameters and case as they come; null or empty
     * for none) is an asset: a stylesheet, a script, an image, a font, audio or video, whatever its URL said.
     */
    public static boolean byType(String contentType) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT).strip();
        return type.startsWith("text/css") || type.contains("javascript") || type.startsWith("image/")
                || type.startsWith("font/") || type.startsWith("audio/") || type.startsWith("video/");
    }

    /**
     * Whether a link is to something its page loads, not to a page: a {@code <script>}'s or {@code <style>}'s, or a
     * {@code <link>} to a stylesheet, a preloaded file, an icon or a manifest.
     */
    public static boolean loadedBy(Link link) {
        String element = link.element() == null ? "" : link.element();
        String rel = link.rel() == null ? "" : link.rel().toLowerCase(Locale.ROOT);
        return element.equals("script") || element.equals("style")
                || element.equals("link") && (rel.contains("stylesheet") || rel.contains("preload")
                || rel.contains("icon") || rel.contains("manifest"));
    }

    /**
     * Whether a link leads to an asset, not a page: something its page loads ({@link #loadedBy}) or shows (the
     * source of an image, a video or audio, a track, an embed, an image button), or a URL whose path names an asset
     * ({@link #byPath}). A focused crawl queues these after every page.
     */
    public static boolean byLink(Link link) {
        return loadedBy(link) || link.element() != null && SHOWN.contains(link.element())
                || link.target() != null && byPath(link.target());
    }

    /**
     * A regular expression found in the URLs of what pages load ({@link #LOADED}, before any query), for a crawl's
     * {@code exclude} setting: {@code \.(css|js|mjs)(\?.*)?$}.
     */
    public static String loadedPattern() {
        return endingIn(LOADED);
    }

    /**
     * A regular expression found in the URLs of every asset by its extension ({@link #EXTENSIONS}, before any query),
     * for a crawl's {@code exclude} setting when it wants pages only: {@code \.(7z|apk|...|zip)(\?.*)?$}.
     */
    public static String pattern() {
        return endingIn(EXTENSIONS);
    }

    /** A URL whose path ends in one of {@code extensions}, before any query; in their sorted order. */
    private static String endingIn(Set<String> extensions) {
        return "\\.(" + String.join("|", new TreeSet<>(extensions)) + ")(\\?.*)?$";
    }

    private static String extension(String path) {
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        return dot > slash ? path.substring(dot + 1).toLowerCase(Locale.ROOT) : "";
    }
}
