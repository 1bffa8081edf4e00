package dev.loomcrawl.cli;

import dev.loomcrawl.session.SessionSettings;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Options for sites behind a login and crawls through proxies: cookies, a login form, HTTP credentials, proxies
 * (docs/sessions.md). Passwords never come from the command line: from an environment variable or a file.
 */
final class SessionOptions {
    @Option(names = "--cookies", paramLabel = "FILE",
            description = "Start with the cookies of a Netscape cookies.txt (what curl -c, wget --save-cookies and "
                    + "browser extensions write); sent only to hosts in scope.")
    Path cookies;

    @Option(names = "--save-cookies", paramLabel = "FILE",
            description = "Write the crawl's cookies to FILE at the end, as a Netscape cookies.txt.")
    Path saveCookies;

    @Option(names = "--login", paramLabel = "URL",
            description = "Log in with the form on this page before crawling (hidden fields such as CSRF tokens "
                    + "kept), and again when a page shows the session ended. The login page and logout links are "
                    + "not crawled.")
    String login;

    @Option(names = "--form", paramLabel = "NAME=VALUE",
            description = "A login form field. Repeatable. Not for passwords: see --form-env, --form-file.")
    List<String> form = new ArrayList<>();

    @Option(names = "--form-env", paramLabel = "NAME=VARIABLE",
            description = "A login form field whose value is in an environment variable. Repeatable.")
    List<String> formEnv = new ArrayList<>();

    @Option(names = "--form-file", paramLabel = "NAME=FILE",
            description = "A login form field whose value is the content of FILE. Repeatable.")
    List<String> formFile = new ArrayList<>();

    @Option(names = "--logged-in-when", paramLabel = "SELECTOR",
            description = "A CSS selector matching something on every page seen logged in (a logout link, a user "
                    + "menu): the login worked, and a page without it means the session ended.")
    String loggedInWhen;

    @Option(names = "--logout", paramLabel = "REGEX",
            description = "With --login, links whose URL this is found in are not followed (default: "
                    + SessionSettings.DEFAULT_LOGOUT + ").")
    String logout;

    @Option(names = "--netrc", paramLabel = "FILE",
            description = "HTTP Basic and Digest credentials, per host, from a .netrc file (machine HOST[:PORT] "
                    + "login USER password PASS); each is sent to its own host only.")
    Path netrc;

    @Option(names = "--proxy", paramLabel = "URL",
            description = "Fetch through this proxy: http://, https:// or socks5://[USER@]HOST:PORT; a USER's "
                    + "password comes from " + SessionSettings.PROXY_PASSWORD_ENV + ". Repeatable.")
    List<String> proxies = new ArrayList<>();

    @Option(names = "--proxy-file", paramLabel = "FILE",
            description = "Fetch through the proxies in FILE, one URL a line (passwords allowed): each origin keeps "
                    + "one, and a proxy that cannot be reached is set aside for a while.")
    Path proxyFile;

    @Option(names = "--record-credentials",
            description = "Keep Authorization, Proxy-Authorization and Cookie request headers in WARC request "
                    + "records (by default they are written as [redacted]).")
    boolean recordCredentials;
}
