package dev.loomcrawl.session;

import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.url.WebUrl;

/**
 * A crawl's scope once logged in: the login page and the links that would log out (by the logout pattern) are not
 * followed, whatever the scope says of them; the reason is {@code session}. Roots are not judged here (a root is
 * always fetched).
 */
public final class SessionScope implements Scope {
    private final Scope scope;
    private final Login login;

    public SessionScope(Scope scope, Login login) {
        this.scope = scope;
        this.login = login;
    }

    @Override
    public boolean allows(WebUrl url) {
        return rejection(url) == null;
    }

    @Override
    public String rejection(WebUrl url) {
        if (login.isLoginPage(url) || login.settings().logout().matcher(url.toString()).find()) return "session";
        return scope.rejection(url);
    }
}
