package dev.loomcrawl.state;

import dev.loomcrawl.frontier.Visit;

/** A queued visit as a store keeps it, with its URL's id (discovery order). */
public record StoredVisit(long id, Visit visit) {}
