package dev.loomcrawl.internal.session;

import dev.loomcrawl.session.LoginException;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.Validators;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A fetcher that keeps a crawl logged in. {@link #logIn()} logs in before the crawl starts. When a page later
 * shows the session has ended (it redirects to the login page or, with a {@code loggedInWhen} selector, a page of
 * the login's origin lacks the marker), it logs in again, once, and fetches the page again; what that second
 * fetch gives is the page's answer. Many fetches that find the session ended at once share one login: each knows
 * which login its fetch started under, and only the first to find that session ended logs in again (on its own
 * thread, with no lock held), while the others wait for it.
 *
 * <p>A site whose pages lack the marker even right after a login (a marker that is not on every page) would
 * otherwise cost a login per page: after three such pages in a row, the marker is no longer looked for, and only
 * redirects to the login page count (logged once, as a warning).
 */
public final class SessionFetcher implements Fetcher {
    private static final Logger log = LoggerFactory.getLogger(SessionFetcher.class);
    private static final int USELESS_LOGINS = 3;

    /** The login a session started with: its number, and when it is done whether it worked. */
    private record Session(int number, CompletableFuture<Boolean> loggedIn) {}

    private final Fetcher fetcher;
    private final Login login;
    private final AtomicReference<Session> session =
            new AtomicReference<>(new Session(0, CompletableFuture.completedFuture(false)));
    private final AtomicInteger uselessInARow = new AtomicInteger();
    private final AtomicInteger logins = new AtomicInteger();
    private volatile boolean checkMarker;

    public SessionFetcher(Fetcher fetcher, Login login) {
        this.fetcher = fetcher;
        this.login = login;
        this.checkMarker = login.hasMarker();
    }

    /** Logs in for the first time; throws {@link LoginException} saying why it did not work. */
    public void logIn() {
        login.logIn();
        logins.incrementAndGet();
        session.set(new Session(session.get().number() + 1, CompletableFuture.completedFuture(true)));
    }

    /** How many times it logged in, the first time included. */
    public int logins() {
        return logins.get();
    }

    @Override
    public FetchResult fetch(WebUrl url, Validators validators) {
        Session before = session.get();
        FetchResult result = fetcher.fetch(url, validators);
        if (!loggedOut(result) || !logInAgain(before)) return result;
        FetchResult again = fetcher.fetch(url, validators);
        if (loggedOut(again)) {
            if (checkMarker && !(again instanceof FetchResult.Response r && r.isRedirect())
                    && uselessInARow.incrementAndGet() >= USELESS_LOGINS) {
                checkMarker = false;
                log.warn("pages lack the --logged-in-when marker even right after logging in; from now on only a "
                        + "redirect to the login page counts as the session's end");
            }
        } else {
            uselessInARow.set(0);
        }
        return again;
    }

    @Override
    public FetchResult head(WebUrl url) {
        return fetcher.head(url);
    }

    @Override
    public void cancelAll() {
        fetcher.cancelAll();
    }

    @Override
    public void close() {
        fetcher.close();
    }

    private boolean loggedOut(FetchResult result) {
        if (!(result instanceof FetchResult.Response r)) return false;
        if (!r.isRedirect() && !checkMarker) return false;
        return login.notLoggedIn(r) != null;
    }

    /**
     * Logs in again unless another fetch already did since {@code before}, and says whether the session now
     * works. A login that fails is logged; the page keeps the answer it had.
     */
    private boolean logInAgain(Session before) {
        while (true) {
            Session current = session.get();
            if (current.number() > before.number()) return current.loggedIn().join();
            Session mine = new Session(current.number() + 1, new CompletableFuture<>());
            if (!session.compareAndSet(current, mine)) continue;
            try {
                login.logIn();
                logins.incrementAndGet();
                mine.loggedIn().complete(true);
            } catch (LoginException e) {
                log.warn("the session ended and logging in again did not work: {}", e.getMessage());
                mine.loggedIn().complete(false);
            } catch (RuntimeException e) {
                mine.loggedIn().complete(false);
                throw e;
            }
            return mine.loggedIn().join();
        }
    }
}
