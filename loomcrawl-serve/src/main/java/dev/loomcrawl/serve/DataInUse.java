package dev.loomcrawl.serve;

/** The data directory is another server's, of another process or of this one: the server does not start. */
public final class DataInUse extends IllegalStateException {
    DataInUse(String message) {
        super(message);
    }
}
