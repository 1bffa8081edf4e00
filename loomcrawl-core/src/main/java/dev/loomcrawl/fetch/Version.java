package dev.loomcrawl.fetch;

/** The library's version (from the jar manifest when packaged) and home, as user agents and archives name them. */
public final class Version {
    private Version() {}

    public static final String VERSION = version();
    public static final String PROJECT_URL = "https://github.com/loomcrawl/loomcrawl";
    /** {@code loomcrawl/VERSION (+PROJECT_URL)}: the default user agent, and the software of WARC and WACZ files. */
    public static final String SOFTWARE = "loomcrawl/" + VERSION + " (+" + PROJECT_URL + ")";

    private static String version() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
