package dev.loomcrawl.fetch;

/**
 * What a conditional GET sends (RFC 9110, section 13.1): the entity tag and the modification date a URL's last
 * response gave, each null when it gave none. A server whose resource did not change since answers 304.
 *
 * @param etag         the last response's {@code ETag}, sent as {@code If-None-Match}
 * @param lastModified the last response's {@code Last-Modified}, sent as {@code If-Modified-Since}
 */
public record Validators(String etag, String lastModified) {
    /** Nothing to send: an unconditional GET. */
    public static final Validators NONE = new Validators(null, null);

    /** A response's validators: its {@code ETag} and {@code Last-Modified} headers. */
    public static Validators of(FetchResult.Response response) {
        return new Validators(response.header("etag"), response.header("last-modified"));
    }

    /** Whether there is anything to send. */
    public boolean any() {
        return etag != null || lastModified != null;
    }
}
