package dev.loomcrawl.url;

/** A URL's origin: scheme, host and effective port. Politeness and connection pools are per origin. */
public record Origin(String scheme, String host, int port) {
    @Override
    public String toString() {
        return scheme + "://" + host + (port == WebUrl.defaultPort(scheme) ? "" : ":" + port);
    }
}
