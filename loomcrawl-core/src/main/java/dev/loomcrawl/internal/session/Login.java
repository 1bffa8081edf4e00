package dev.loomcrawl.internal.session;

import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.session.LoginException;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.FormElement;
import org.jsoup.Connection;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Logs in with a site's own form, as a person would: loads the login page, picks the form that has the fields
 * to fill in (or a password field), keeps every field the page put in it (hidden ones such as a CSRF token, the
 * values already there), sets the given ones, and submits it to its action with its method. Redirects after the
 * submission are followed (the usual answer is 302 to the start page). It succeeded when the page it ends on
 * has an element matching the {@code loggedInWhen} selector or, without one, when that page is not the login page
 * again and has no password field. The session cookie it gets is kept in the fetcher's cookie jar.
 *
 * <p>The login page is not checked against robots.txt: the crawl's user asked for it by name, as a browser would.
 */
public final class Login {
    private static final int MAX_REDIRECTS = 10;

    private final SessionSettings.Login settings;
    private final JettyFetcher submitter;
    private final Fetcher fetcher;

    /** {@code fetcher} loads pages (with retries); {@code submitter} sends the form, with the same cookie jar. */
    public Login(SessionSettings.Login settings, Fetcher fetcher, JettyFetcher submitter) {
        this.settings = settings;
        this.fetcher = fetcher;
        this.submitter = submitter;
    }

    public SessionSettings.Login settings() {
        return settings;
    }

    /** Logs in, or throws {@link LoginException} saying, in one line, why it did not work. */
    public void logIn() {
        Landed page = follow(fetcher.fetch(settings.url()), "the login page " + settings.url());
        Document doc = parse(page.response());
        FormElement form = chooseForm(doc);
        List<Map.Entry<String, String>> fields = fill(form);
        WebUrl action = form.hasAttr("action") && !form.attr("action").isBlank()
                ? WebUrl.tryParse(form.attr("action"), page.response().url()) : page.response().url();
        if (action == null) throw new LoginException("the login form's action is not a URL: " + form.attr("action"));
        String method = form.attr("method").isBlank() ? "GET" : form.attr("method");
        Landed after = follow(submitter.submit(action, method, fields), "submitting the login form to " + action);
        String why = notLoggedIn(after.response());
        if (why != null) throw new LoginException("logging in at " + settings.url() + " did not work: " + why);
    }

    /**
     * Why this response does not show a logged-in page, or null when it does: a redirect to the login page, or
     * (with a selector) a page without the marker. Pages of other origins than the login's are not judged.
     */
    public String notLoggedIn(FetchResult.Response r) {
        if (r.isRedirect()) {
            WebUrl target = WebUrl.tryParse(r.header("location"), r.url());
            return target != null && isLoginPage(target) ? "it was sent back to the login page" : null;
        }
        if (!r.url().origin().equals(settings.url().origin())) return null;
        if (r.status() < 200 || r.status() >= 300 || !isHtml(r)) return null; // an error page is the page's answer
        Document doc = parse(r);
        if (settings.loggedInWhen() != null) {
            return doc.selectFirst(settings.loggedInWhen()) == null
                    ? r.url() + " has no element matching " + settings.loggedInWhen() : null;
        }
        if (isLoginPage(r.url()) || doc.selectFirst("input[type=password]") != null) {
            return r.url() + " still shows a login form";
        }
        return null;
    }

    /** Whether the selector can tell a page seen logged in (without one, only redirects to the login page can). */
    public boolean hasMarker() {
        return settings.loggedInWhen() != null;
    }

    /** The login page itself, whatever its query ({@code /login?next=/a} is the login page too). */
    public boolean isLoginPage(WebUrl url) {
        WebUrl login = settings.url();
        return url.origin().equals(login.origin()) && url.path().equals(login.path());
    }

    private record Landed(FetchResult.Response response) {}

    /** Follows redirects from {@code first} to the page they end on; a failure or an error status throws. */
    private Landed follow(FetchResult first, String what) {
        FetchResult result = first;
        for (int redirects = 0; ; redirects++) {
            if (result instanceof FetchResult.Failure f) throw new LoginException(what + " failed: " + f.message());
            FetchResult.Response r = (FetchResult.Response) result;
            if (!r.isRedirect() || redirects == MAX_REDIRECTS) {
                if (r.status() >= 400) throw new LoginException(what + " answered " + r.status());
                return new Landed(r);
            }
            WebUrl next = WebUrl.tryParse(r.header("location"), r.url());
            if (next == null) throw new LoginException(what + " redirected to a bad URL: " + r.header("location"));
            result = fetcher.fetch(next);
        }
    }

    private FormElement chooseForm(Document doc) {
        List<FormElement> forms = doc.forms();
        for (FormElement f : forms) {
            boolean hasAll = !settings.fields().isEmpty() && settings.fields().stream()
                    .allMatch(field -> f.selectFirst("[name=\"" + field.name().replace("\"", "\\\"") + "\"]") != null);
            if (hasAll) return f;
        }
        for (FormElement f : forms) if (f.selectFirst("input[type=password]") != null) return f;
        if (forms.size() == 1) return forms.getFirst();
        throw new LoginException("the login page " + settings.url() + " has " + (forms.isEmpty() ? "no form"
                : forms.size() + " forms and none has the fields " + names()));
    }

    /** The form's own data (hidden fields, values already there), with the given fields set. */
    private List<Map.Entry<String, String>> fill(FormElement form) {
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        for (Connection.KeyVal kv : form.formData()) fields.add(Map.entry(kv.key(), kv.value()));
        for (SessionSettings.FormField f : settings.fields()) {
            Element input = form.selectFirst("[name=\"" + f.name().replace("\"", "\\\"") + "\"]");
            if (f.source() == SessionSettings.Source.VALUE && input != null && input.attr("type").equalsIgnoreCase("password")) {
                throw new LoginException("the form field " + f.name() + " is a password: give it with --form-env or "
                        + "--form-file, not on the command line");
            }
            fields.removeIf(e -> e.getKey().equals(f.name()));
            fields.add(Map.entry(f.name(), valueOf(f)));
        }
        return fields;
    }

    private static String valueOf(SessionSettings.FormField f) {
        try {
            return f.value();
        } catch (IllegalArgumentException e) {
            throw new LoginException(e.getMessage());
        }
    }

    private String names() {
        return settings.fields().stream().map(SessionSettings.FormField::name).toList().toString();
    }

    private static boolean isHtml(FetchResult.Response r) {
        String type = r.contentType().mediaType();
        return type == null || type.equals("text/html") || type.equals("application/xhtml+xml");
    }

    private static Document parse(FetchResult.Response r) {
        Charset charset = StandardCharsets.UTF_8;
        try {
            String declared = r.contentType().charset();
            if (declared != null) charset = Charset.forName(declared);
        } catch (RuntimeException e) {
            // an unknown charset: read it as UTF-8, as the link extractor falls back to
        }
        return Jsoup.parse(new String(r.body(), charset), r.url().toString());
    }
}
