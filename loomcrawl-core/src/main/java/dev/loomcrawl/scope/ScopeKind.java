package dev.loomcrawl.scope;

/** Which hosts and paths count as part of a crawl, relative to its roots. */
public enum ScopeKind {
    /** The roots' hosts, matched strictly (equal, or equal but for a leading {@code www.}) or leniently. */
    HOST,
    /** Any host under a root's registrable domain (by the public suffix list): {@code *.example.co.uk}. */
    DOMAIN,
    /** A root's host (as for HOST) and a path under the root's directory. */
    PREFIX
}
