package dev.loomcrawl.internal.session;

import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.scope.ScopeDecision;
import dev.loomcrawl.url.WebUrl;

/**
 * A crawl's scope once logged in: the login page and the links that would log out (by the logout pattern) are not
 * followed, whatever the scope says of them ({@link ScopeDecision#SESSION}). Roots are not judged here (a root
 * is always fetched).
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
        return decide(url).in();
    }

    @Override
    public ScopeDecision decide(WebUrl url) {
        boolean logsOut = login.settings().logout().foundIn(url.toString());
        if (login.isLoginPage(url) || logsOut) return ScopeDecision.SESSION;
        return scope.decide(url);
    }
}
