package dev.loomcrawl.url;

/** A URL's origin: scheme, host and effective port. Politeness and connection pools are per origin. */
public record Origin(String scheme, String host, int port) {
    // equals and hashCode written out: a record's own go through invokedynamic, which C1 (the crawl's only
    // compiler) calls slowly, and origins are hash keys on every link and fetch
    @Override
    public boolean equals(Object o) {
        return o instanceof Origin other && port == other.port && host.equals(other.host)
                && scheme.equals(other.scheme);
    }

    @Override
    public int hashCode() {
        return (scheme.hashCode() * 31 + host.hashCode()) * 31 + port;
    }

    @Override
    public String toString() {
        return scheme + "://" + host + (port == WebUrl.defaultPort(scheme) ? "" : ":" + port);
    }
}
