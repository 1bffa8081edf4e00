package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.state.Setting;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.LastCapture;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.state.RevisitPolicy;
import dev.loomcrawl.state.StateChange;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Writes batches of {@link StateChange}s with prepared statements, one transaction a batch. New URLs go in
 * first, then records, then the URLs' new states, so a batch may hold a URL's discovery and its end alike.
 * Every commit also notes the run's progress, so a run that was killed still shows how long it ran. Settings
 * changed by a batch replace those of their names in the {@code config} table, in the same transaction.
 */
final class ChangeWriter implements AutoCloseable {
    private final Connection c;
    private final int run;
    private final int pass;
    private final long runStartNanos = System.nanoTime();
    private final PreparedStatement insertUrl;
    private final PreparedStatement insertRecord;
    private final PreparedStatement markDone;
    private final PreparedStatement saveCapture;
    private final PreparedStatement findPayload;
    private final PreparedStatement insertPayload;
    private final PreparedStatement insertLink;
    private final PreparedStatement runProgress;
    private final PreparedStatement runEnded;
    private final PreparedStatement saveUnfollowed;
    private final PreparedStatement deleteSetting;
    private final PreparedStatement insertSetting;
    private final Consumer<List<Setting>> settingsCommitted;
    private final List<Setting> settings = new ArrayList<>();

    /** @param settingsCommitted told, after each commit, of the settings it changed */
    ChangeWriter(Connection c, int run, int pass, Consumer<List<Setting>> settingsCommitted)
            throws SQLException {
        this.c = c;
        this.run = run;
        this.pass = pass;
        this.settingsCommitted = settingsCommitted;
        insertUrl = c.prepareStatement("INSERT INTO urls (id, url, fingerprint, state, depth, redirects_left, "
                + "referrer, drop_reason, kind, first_pass) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        insertRecord = c.prepareStatement("INSERT INTO records (url_id, run, status, next_url, error_kind, error, "
                + "size, content_type, encoding, num_urls, num_new_urls, started_at, duration_ms, truncated, "
                + "attempts, skip_reason, robots, pass, change, rendered, " + String.join(", ", PageFacts.NAMES)
                + ", render_reason, robots_cause) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"
                + ", ?".repeat(PageFacts.NAMES.size()) + ", ?, ?)");
        markDone = c.prepareStatement("UPDATE urls SET state = 'done' WHERE id = ?");
        findPayload = c.prepareStatement("SELECT original FROM payloads WHERE digest = ?");
        insertPayload = c.prepareStatement("INSERT INTO payloads (digest, original) VALUES (?, ?)");
        // What the next pass needs of a finished URL: when it was captured, its revisit interval (RevisitPolicy.next)
        // and, unless kept from the last capture (?3, ?8 false: a 304 or no response), its capture and outlinks.
        String interval = "min(" + RevisitPolicy.MAX_INTERVAL.toMillis() + ", max(" + RevisitPolicy.MIN_INTERVAL.toMillis()
                + ", CAST(round(coalesce(%s, " + RevisitPolicy.INITIAL_INTERVAL.toMillis() + ") * ?2) AS INTEGER)))";
        saveCapture = c.prepareStatement("INSERT INTO captures (url_id, captured_ms, interval_ms, last_status, etag, "
                + "last_modified, digest, outlinks, archived_ms, archived_head, text_digest) VALUES (?10, ?1, "
                + interval.formatted("NULL") + ", ?4, ?5, ?6, ?7, ?9, ?11, ?12, ?13) "
                + "ON CONFLICT (url_id) DO UPDATE SET captured_ms = coalesce(?1, captured_ms), "
                + "interval_ms = " + interval.formatted("interval_ms") + ", "
                + "last_status = CASE WHEN ?3 THEN ?4 ELSE last_status END, "
                + "etag = CASE WHEN ?3 THEN ?5 ELSE etag END, "
                + "last_modified = CASE WHEN ?3 THEN ?6 ELSE last_modified END, "
                + "digest = CASE WHEN ?3 THEN ?7 ELSE digest END, "
                + "archived_ms = coalesce(?11, archived_ms), "
                + "archived_head = CASE WHEN ?11 IS NULL THEN archived_head ELSE ?12 END, "
                + "outlinks = CASE WHEN ?8 THEN ?9 ELSE outlinks END, "
                + "text_digest = coalesce(?13, text_digest)");
        insertLink = c.prepareStatement("INSERT INTO links (from_id, position, to_url, in_scope, element, attribute, "
                + "text, rel, not_followed, lastmod, priority, hreflang) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        runProgress = c.prepareStatement("UPDATE runs SET last_commit_at = ?, elapsed_ms = ? WHERE run = ?");
        runEnded = c.prepareStatement("UPDATE runs SET ended_at = ?, done = ?, interrupted = ?, limit_reached = ? "
                + "WHERE run = ?");
        saveUnfollowed = c.prepareStatement("INSERT INTO unfollowed (run, reason, count) VALUES (?, ?, ?) "
                + "ON CONFLICT (run, reason) DO UPDATE SET count = excluded.count");
        deleteSetting = c.prepareStatement("DELETE FROM config WHERE name = ?");
        insertSetting = c.prepareStatement("INSERT INTO config (name, value) VALUES (?, ?)");
    }

    /** Applies the batch and commits it; on failure rolls it back and rethrows. */
    void apply(List<StateChange> changes) throws SQLException {
        try {
            for (StateChange change : changes) add(change);
            insertUrl.executeBatch();
            insertRecord.executeBatch();
            markDone.executeBatch();
            saveCapture.executeBatch();
            insertLink.executeBatch();
            runEnded.executeBatch();
            saveUnfollowed.executeBatch();
            for (Setting setting : settings) {
                deleteSetting.setString(1, setting.name());
                deleteSetting.executeUpdate();
                insertSetting.setString(1, setting.name());
                insertSetting.setString(2, setting.value());
                insertSetting.executeUpdate();
            }
            runProgress.setString(1, Instant.now().toString());
            runProgress.setLong(2, (System.nanoTime() - runStartNanos) / 1_000_000);
            runProgress.setInt(3, run);
            runProgress.executeUpdate();
            c.commit();
            if (!settings.isEmpty()) settingsCommitted.accept(List.copyOf(settings));
            settings.clear();
        } catch (SQLException | RuntimeException e) {
            settings.clear();
            for (PreparedStatement p : List.of(insertUrl, insertRecord, markDone, saveCapture, insertLink, runEnded,
                    saveUnfollowed)) {
                p.clearBatch();
            }
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // the first failure is the one to report
            }
            throw e;
        }
    }

    /** The original kept for a payload digest, or null after keeping {@code original} (committed by the next apply). */
    String originalPayload(String digest, String original) throws SQLException {
        findPayload.setString(1, digest);
        try (java.sql.ResultSet rs = findPayload.executeQuery()) {
            if (rs.next()) return rs.getString(1);
        }
        insertPayload.setString(1, digest);
        insertPayload.setString(2, original);
        insertPayload.executeUpdate();
        return null;
    }

    private void add(StateChange change) throws SQLException {
        switch (change) {
            case StateChange.Queued q -> url(q.id(), q.visit(), q.fingerprint(), "queued", null);
            case StateChange.Dropped d -> url(d.id(), d.visit(), d.fingerprint(), "dropped", d.reason().label());
            case StateChange.Finished f -> finished(f.id(), f.record(), f.links(), f.capture(), f.outlinks());
            case StateChange.RunEnded e -> ended(e.summary());
            case StateChange.SettingsChanged s -> {
                settings.removeIf(old -> s.settings().stream().anyMatch(n -> n.name().equals(old.name())));
                settings.addAll(s.settings());
            }
        }
    }

    private void url(long id, Visit v, long fingerprint, String state, String dropReason) throws SQLException {
        insertUrl.setLong(1, id);
        insertUrl.setString(2, v.url().toString());
        insertUrl.setLong(3, fingerprint);
        insertUrl.setString(4, state);
        insertUrl.setInt(5, v.depth());
        insertUrl.setInt(6, v.redirectsLeft());
        insertUrl.setString(7, v.referrer() == null ? null : v.referrer().toString());
        insertUrl.setString(8, dropReason);
        insertUrl.setString(9, v.kind().name().toLowerCase(java.util.Locale.ROOT));
        insertUrl.setInt(10, pass);
        insertUrl.addBatch();
    }

    private void finished(long id, CrawlRecord r, List<FoundLink> links, LastCapture capture, long[] outlinks)
            throws SQLException {
        PreparedStatement p = insertRecord;
        p.setLong(1, id);
        p.setInt(2, run);
        p.setInt(3, r.answered() ? r.status() : 0); // 0: no response (the schema's)
        p.setString(4, r.nextUrl());
        p.setString(5, r.errorKind() == null ? null : r.errorKind().label());
        p.setString(6, r.error());
        p.setLong(7, r.size());
        p.setString(8, r.contentType());
        p.setString(9, r.encoding());
        p.setInt(10, r.numUrls());
        p.setInt(11, r.numNewUrls());
        p.setString(12, r.startedAt().toString());
        p.setDouble(13, r.duration().toNanos() / 1e6);
        p.setInt(14, r.truncated() ? 1 : 0);
        p.setInt(15, r.attempts());
        if (r.skipReason() == null) p.setNull(16, Types.VARCHAR);
        else p.setString(16, r.skipReason().label());
        if (r.robots() == null) p.setNull(17, Types.VARCHAR);
        else p.setString(17, r.robots());
        p.setInt(18, pass);
        if (r.change() == null) p.setNull(19, Types.VARCHAR);
        else p.setString(19, r.change().label());
        p.setInt(20, r.rendered() ? 1 : 0);
        List<String> facts = (r.facts() == null ? PageFacts.NONE : r.facts()).values();
        for (int i = 0; i < facts.size(); i++) p.setString(21 + i, facts.get(i));
        p.setString(21 + facts.size(), r.renderReason());
        p.setString(22 + facts.size(), r.robotsCause());
        p.addBatch();
        markDone.setLong(1, id);
        markDone.addBatch();
        PreparedStatement d = saveCapture;
        if (r.answered()) d.setLong(1, r.startedAt().toEpochMilli());
        else d.setNull(1, Types.INTEGER);
        d.setDouble(2, RevisitPolicy.factor(r.change()));
        d.setBoolean(3, capture != null);
        d.setObject(4, capture == null ? null : capture.status());
        d.setString(5, capture == null ? null : capture.validators().etag());
        d.setString(6, capture == null ? null : capture.validators().lastModified());
        d.setString(7, capture == null ? null : capture.payloadDigest());
        d.setBoolean(8, outlinks != null);
        d.setBytes(9, outlinks == null ? null : Outlinks.encode(outlinks));
        d.setLong(10, id);
        if (capture == null || capture.archivedAt() == null) d.setNull(11, Types.INTEGER);
        else d.setLong(11, capture.archivedAt().toEpochMilli());
        d.setBytes(12, capture == null ? null : capture.archivedHead());
        d.setString(13, capture == null ? null : capture.textDigest());
        d.addBatch();
        for (int i = 0; i < links.size(); i++) link(id, i, links.get(i));
    }

    private void link(long from, int position, FoundLink found) throws SQLException {
        insertLink.setLong(1, from);
        insertLink.setInt(2, position);
        insertLink.setString(3, found.link().to());
        insertLink.setInt(4, found.inScope() ? 1 : 0);
        insertLink.setString(5, found.link().element());
        insertLink.setString(6, found.link().attribute());
        insertLink.setString(7, found.link().text());
        insertLink.setString(8, found.link().rel());
        insertLink.setString(9, found.followed() ? null : found.notFollowed().label());
        insertLink.setString(10, found.link().lastmod());
        if (found.link().priority() == null) insertLink.setNull(11, Types.REAL);
        else insertLink.setDouble(11, found.link().priority());
        insertLink.setString(12, found.link().hreflang());
        insertLink.addBatch();
    }

    private void ended(CrawlSummary s) throws SQLException {
        runEnded.setString(1, s.finishedAt().toString());
        runEnded.setLong(2, s.done());
        runEnded.setInt(3, s.interrupted() ? 1 : 0);
        runEnded.setString(4, s.limitReached() == null ? null : s.limitReached().label());
        runEnded.setInt(5, run);
        runEnded.addBatch();
        for (var reason : s.unfollowed().entrySet()) { // this run's: the summary sums every run's
            saveUnfollowed.setInt(1, run);
            saveUnfollowed.setString(2, reason.getKey());
            saveUnfollowed.setLong(3, reason.getValue());
            saveUnfollowed.addBatch();
        }
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement p : List.of(insertUrl, insertRecord, markDone, saveCapture, findPayload, insertPayload,
                insertLink, runProgress, runEnded, saveUnfollowed, deleteSetting, insertSetting)) {
            p.close();
        }
    }
}
