package dev.loomcrawl;

/** The library's version, from the jar manifest when packaged. */
public final class Version {
    private Version() {}

    public static final String VERSION = version();

    private static String version() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
