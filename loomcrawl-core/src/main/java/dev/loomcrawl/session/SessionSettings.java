package dev.loomcrawl.session;

import dev.loomcrawl.files.InputFile;
import dev.loomcrawl.fetch.Credentials;
import dev.loomcrawl.fetch.ProxySpec;
import dev.loomcrawl.scope.UrlPattern;
import dev.loomcrawl.setting.BadSetting;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a crawl keeps a session with the sites it crawls and how it reaches them: cookies to start from, a form to
 * log in with, credentials for HTTP authentication, proxies. Secrets are never held here, only where to read them
 * (an environment variable, a file), so that a saved configuration holds none; {@link #check()} reads them once to
 * fail fast when one is missing.
 *
 * @param cookiesFile        a Netscape cookies.txt to start a new crawl's cookie jar from; null for none
 * @param netrc              a .netrc file of HTTP credentials per host; null for none
 * @param proxies            proxy URLs ({@code http://}, {@code https://}, {@code socks5://}), with no password:
 *                           a user's comes from {@value #PROXY_PASSWORD_ENV}
 * @param proxyFile          a file of proxy URLs, one a line (passwords allowed there); null for none
 * @param login              the form to log in with; null for none
 * @param recordCredentials  keep credentials and cookies in the request headers that WARC records show
 */
public record SessionSettings(Path cookiesFile, Path netrc, List<String> proxies, Path proxyFile, Login login,
                              boolean recordCredentials) {
    /** The environment variable a {@code --proxy} user's password is read from. */
    public static final String PROXY_PASSWORD_ENV = "LOOMCRAWL_PROXY_PASSWORD";
    /** Links whose URL matches this are not followed once logged in (they would end the session). */
    public static final String DEFAULT_LOGOUT = "(?i)(log|sign)[-_]?(out|off)";

    public static final SessionSettings NONE = new SessionSettings(null, null, List.of(), null, null, false);

    public SessionSettings {
        proxies = List.copyOf(proxies);
        for (String p : proxies) {
            if (ProxySpec.hasPassword(p)) {
                throw new BadSetting("proxy", ProxySpec.redact(p) + " has a password on the command "
                        + "line, where others can read it: set " + PROXY_PASSWORD_ENV + ", or use --proxy-file");
            }
        }
    }

    /**
     * The login form: loaded from {@code url}, its fields (hidden ones, such as a CSRF token, included) filled in
     * with {@code fields}, submitted; success when the page it leads to has an element matching
     * {@code loggedInWhen} (a CSS selector), or, without one, when it is not the login page again.
     */
    public record Login(WebUrl url, List<FormField> fields, String loggedInWhen, UrlPattern logout) {
        public Login {
            fields = List.copyOf(fields);
        }
    }

    /** Where a form field's value comes from. */
    public enum Source { VALUE, ENV, FILE }

    /** One form field: a value as given, or the name of an environment variable or file to read it from. */
    public record FormField(String name, Source source, String from) {
        /**
         * Parses {@code NAME=VALUE}. A field named like a password ({@code pass}, {@code pwd}, {@code secret},
         * {@code token}) is refused as a plain value: command lines are seen by other users and kept in shell
         * histories and in the crawl's saved configuration.
         */
        public static FormField parse(String nameEqualsValue, Source source) {
            int eq = nameEqualsValue.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("form field must be NAME=VALUE, got " + nameEqualsValue);
            String name = nameEqualsValue.substring(0, eq);
            String value = nameEqualsValue.substring(eq + 1);
            if (source == Source.VALUE && looksSecret(name)) {
                throw new IllegalArgumentException("form field " + name + " looks like a password: give it with "
                        + "--form-env " + name + "=VARIABLE or --form-file " + name + "=FILE, not on the command line");
            }
            if (source != Source.VALUE && value.isBlank()) {
                throw new IllegalArgumentException("form field " + name + " needs a "
                        + (source == Source.ENV ? "variable" : "file") + " name after =");
            }
            return new FormField(name, source, value);
        }

        /** The value: as given, or read now from the environment or the file (a final line break dropped). */
        public String value() {
            return switch (source) {
                case VALUE -> from;
                case ENV -> {
                    String v = System.getenv(from);
                    if (v == null) {
                        throw new IllegalArgumentException("form field " + name + ": the environment variable "
                                + from + " is not set");
                    }
                    yield v;
                }
                case FILE -> {
                    try {
                        yield InputFile.FORM_FIELD.read(Path.of(from)).replaceFirst("\r?\n$", "");
                    } catch (IOException e) {
                        throw new IllegalArgumentException("form field " + name + ": cannot read " + from + ": "
                                + e.getMessage());
                    }
                }
            };
        }

        /** {@code NAME=VALUE}, {@code NAME=VARIABLE} or {@code NAME=FILE}, as given. */
        public String spec() {
            return name + "=" + from;
        }

        static boolean looksSecret(String name) {
            String n = name.toLowerCase(Locale.ROOT);
            return n.contains("pass") || n.contains("pwd") || n.contains("secret") || n.contains("token");
        }
    }

    /** Reads every secret and file once, so a missing one fails now, with one line, rather than mid-crawl. */
    public void check() {
        credentials();
        proxySpecs();
        if (cookiesFile != null) readCookies(cookiesFile);
        if (login != null) login.fields().forEach(FormField::value);
    }

    /** The text of a Netscape cookie file: a regular file of at most {@link InputFile#COOKIES}' size. */
    public static String readCookies(Path file) {
        try {
            return InputFile.COOKIES.read(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the cookies file " + file + ": " + e.getMessage());
        }
    }

    /** The credentials of the netrc file, read now. */
    public List<Credentials.Credential> credentials() {
        return netrc == null ? List.of() : Credentials.readNetrc(netrc);
    }

    /** The proxies, the --proxy ones first, then the file's, read now. */
    public List<ProxySpec> proxySpecs() {
        List<ProxySpec> out = new ArrayList<>();
        String password = System.getenv(PROXY_PASSWORD_ENV);
        for (String p : proxies) out.add(ProxySpec.parse(p, password));
        if (proxyFile != null) {
            List<String> lines;
            try {
                lines = InputFile.PROXY_LIST.lines(proxyFile);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read the proxy file " + proxyFile + ": " + e.getMessage());
            }
            for (String line : lines) {
                if (line.isBlank() || line.strip().startsWith("#")) continue;
                out.add(ProxySpec.parse(line, password));
            }
            if (out.isEmpty()) throw new IllegalArgumentException("the proxy file " + proxyFile + " lists no proxy");
        }
        return out;
    }
}
