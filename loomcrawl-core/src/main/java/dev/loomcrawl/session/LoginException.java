package dev.loomcrawl.session;

/** Logging in did not work; the message says why in one line (and never holds a password). */
public final class LoginException extends RuntimeException {
    public LoginException(String message) {
        super(message);
    }
}
