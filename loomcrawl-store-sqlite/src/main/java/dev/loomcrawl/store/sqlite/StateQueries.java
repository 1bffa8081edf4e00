package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.result.Change;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.Validators;
import dev.loomcrawl.result.LastCapture;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.state.Resumption;
import dev.loomcrawl.state.StoredVisit;
import dev.loomcrawl.url.WebUrl;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import it.unimi.dsi.fastutil.longs.LongSet;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/** The state file's reads: resuming a run, loading queued visits, and the records and summary for reports. */
final class StateQueries {
    private final Connection c;
    private final boolean version1; // a file read as it is, without the columns version 2 added
    private final boolean onePass; // a file of version 1 or 2, read as it is: no passes, one record per URL
    private final boolean neverRendered; // a file of version 1 to 3, read as it is: no rendered column
    private final boolean noFacts; // a file of version 1 to 4, read as it is: no page facts
    private final boolean noRenderReason; // a file of version 1 to 5, read as it is: no render reasons
    private final boolean noRobotsCause; // a file of version 1 to 7, read as it is: no robots.txt causes
    private final boolean noUnfollowed; // a file of version 1 to 6, read as it is: no unfollowed table

    StateQueries(Connection c) throws SQLException {
        this.c = c;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA user_version")) {
            int version = rs.next() ? rs.getInt(1) : 0;
            this.version1 = version < 2;
            this.onePass = version < 3;
            this.neverRendered = version < 4;
            this.noFacts = version < 5;
            this.noRenderReason = version < 6;
            this.noRobotsCause = version < 8;
            this.noUnfollowed = version < 7;
        }
    }

    /** The crawl's current pass: 1 until it is crawled again. */
    int pass() throws SQLException {
        return onePass ? 1 : (int) count("SELECT coalesce(max(pass), 1) FROM passes");
    }

    /** One pass over every URL: fingerprints to {@code seen}, and where the queue stands. */
    Resumption resume(LongConsumer seen, boolean perHost, int run) throws SQLException {
        long maxId = -1;
        long firstQueued = Long.MAX_VALUE;
        long queued = 0;
        Map<String, Long> hosts = new HashMap<>();
        String sql = "SELECT id, fingerprint, state, drop_reason" + (perHost ? ", url" : "") + " FROM urls";
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                long id = rs.getLong(1);
                seen.accept(rs.getLong(2));
                maxId = Math.max(maxId, id);
                String state = rs.getString(3);
                if (state.equals("queued")) {
                    queued++;
                    firstQueued = Math.min(firstQueued, id);
                }
                boolean dropped = state.equals("dropped"); // a URL state, not a reason
                // by its label: a reason this build does not know (another version's) is no reason to refuse a resume
                if (perHost && (!dropped || DropReason.MAX_PAGES_PER_HOST.label().equals(rs.getString(4)))) {
                    hosts.merge(WebUrl.parse(rs.getString(5)).host(), 1L, Long::sum);
                }
            }
        }
        long pages;
        long bytes;
        long finished;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*), " // this pass's
                + "count(*) FILTER (WHERE skip_reason IS NULL), coalesce(sum(size), 0) FROM records"
                + (onePass ? "" : " WHERE pass = (SELECT max(pass) FROM passes)"))) {
            rs.next();
            finished = rs.getLong(1);
            pages = rs.getLong(2);
            bytes = rs.getLong(3);
        }
        return new Resumption(maxId + 1, queued == 0 ? maxId + 1 : firstQueued, queued, finished,
                new LimitUsage(pages, bytes, hosts), run);
    }

    /**
     * Queued visits in id order; a URL recorded in an earlier pass comes with its last capture (a revisit), whose
     * content type and charset are those of its latest record with a response other than 304 (the capture).
     */
    List<StoredVisit> queued(long fromId, int max) throws SQLException {
        List<StoredVisit> out = new ArrayList<>();
        String captured = " FROM records p WHERE p.url_id = u.id AND p.status > 0 AND p.status <> 304 "
                + "ORDER BY p.pass DESC LIMIT 1) END"; // looked up only for a URL with a capture: a revisit
        String capture = onePass ? ", 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM urls u"
                : ", EXISTS (SELECT 1 FROM "
                + "records r WHERE r.url_id = u.id AND r.pass < (SELECT max(pass) FROM passes)), c.last_status, c.digest, "
                + "c.etag, c.last_modified, c.archived_ms, c.archived_head, " + (noFacts ? "NULL" : "c.text_digest")
                + ", CASE WHEN c.url_id IS NULL THEN NULL ELSE (SELECT p.content_type" + captured
                + ", CASE WHEN c.url_id IS NULL THEN NULL ELSE (SELECT p.encoding" + captured
                + " FROM urls u LEFT JOIN captures c ON c.url_id = u.id";
        try (PreparedStatement p = c.prepareStatement("SELECT id, url, redirects_left, depth, referrer, "
                + (version1 ? "'page'" : "kind") + capture
                + " WHERE id >= ? AND state = 'queued' ORDER BY id LIMIT ?")) {
            p.setLong(1, fromId);
            p.setInt(2, max);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    String referrer = rs.getString(5);
                    long archivedMs = rs.getLong(12);
                    Instant archived = rs.wasNull() ? null : Instant.ofEpochMilli(archivedMs);
                    LastCapture last = rs.getInt(7) == 0 ? null : new LastCapture((Integer) rs.getObject(8),
                            rs.getString(9), new Validators(rs.getString(10), rs.getString(11)), archived,
                            rs.getBytes(13), rs.getString(14), rs.getString(15), rs.getString(16));
                    out.add(new StoredVisit(rs.getLong(1), new Visit(WebUrl.parse(rs.getString(2)), rs.getInt(3),
                            rs.getInt(4), referrer == null ? null : WebUrl.tryParse(referrer, null), 0,
                            Visit.Kind.valueOf(rs.getString(6).toUpperCase(Locale.ROOT)), last)));
                }
            }
        }
        return out;
    }

    /**
     * The crawl as it stands, in URL order: each finished URL's latest record (a URL queued again by a pass under
     * way is to do, not finished).
     */
    void forEachRecord(Consumer<CrawlRecord> action) throws SQLException {
        forEach(onePass ? "" : " WHERE u.state = 'done' AND r.pass = (SELECT max(pass) FROM records l "
                + "WHERE l.url_id = u.id)", action);
    }

    /** The records of one pass, in URL order. */
    void forEachRecord(int pass, Consumer<CrawlRecord> action) throws SQLException {
        if (onePass && pass != 1) return;
        forEach(onePass ? "" : " WHERE r.pass = " + pass, action);
    }

    /**
     * What pass {@code pass} found of each URL, in URL order: {@code new} (first captured in that pass), a
     * {@link Change} label, {@code failed} (revisited, no response), or {@code not-revisited} (known from an
     * earlier pass, not due in this one). A URL known from an earlier pass that the roots no longer reach through
     * the links the crawl followed is {@code gone} too: nothing links to it any more. (The link graph is the
     * latest one: for an earlier pass, what later passes found.)
     */
    void forEachChange(int pass, List<WebUrl> roots, BiConsumer<WebUrl, String> action) throws SQLException {
        if (onePass) {
            if (pass == 1) forEachRecord(r -> action.accept(r.url(), "new"));
            return;
        }
        LongSet reached = pass == 1 ? null : reachable(roots);
        try (PreparedStatement p = c.prepareStatement("SELECT u.url, CASE WHEN r.url_id IS NULL THEN 'not-revisited' "
                + "WHEN u.first_pass = ?1 THEN 'new' WHEN r.change IS NULL THEN 'failed' ELSE r.change END, "
                + "u.fingerprint FROM urls u LEFT JOIN records r ON r.url_id = u.id AND r.pass = ?1 "
                + "WHERE r.url_id IS NOT NULL OR (u.first_pass < ?1 AND EXISTS (SELECT 1 FROM records e "
                + "WHERE e.url_id = u.id AND e.pass < ?1)) ORDER BY u.url")) {
            p.setInt(1, pass);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    String change = rs.getString(2);
                    boolean unlinked = reached != null && !change.equals("new") && !reached.contains(rs.getLong(3));
                    action.accept(WebUrl.parse(rs.getString(1)), unlinked ? "gone" : change);
                }
            }
        }
    }

    /** The fingerprints of the URLs the roots (and the sitemaps) reach through the latest link graph. */
    private LongSet reachable(List<WebUrl> roots) throws SQLException {
        Outlinks graph = new Outlinks();
        LongSet sitemaps = new LongOpenHashSet();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT u.fingerprint, c.outlinks, u.kind FROM urls u "
                     + "LEFT JOIN captures c ON c.url_id = u.id WHERE u.state != 'dropped'")) {
            while (rs.next()) {
                graph.add(rs.getLong(1), rs.getBytes(2));
                if (rs.getString(3).equals("sitemap")) sitemaps.add(rs.getLong(1));
            }
        }
        return graph.reachableFrom(roots, sitemaps);
    }

    private void forEach(String where, Consumer<CrawlRecord> action) throws SQLException {
        String sql = "SELECT u.url, r.next_url, r.status, r.error_kind, r.error, r.size, r.content_type, r.encoding, "
                + "r.num_urls, r.num_new_urls, u.depth, u.referrer, r.started_at, r.duration_ms, r.truncated, "
                + "r.attempts, r.skip_reason, " + (version1 ? "NULL" : "r.robots") + ", "
                + (onePass ? "NULL" : "r.change") + ", " + (neverRendered ? "0" : "r.rendered") + ", "
                + String.join(", ", PageFacts.NAMES.stream().map(n -> noFacts ? "NULL" : "r." + n).toList())
                + ", " + (noRenderReason ? "NULL" : "r.render_reason") + ", "
                + (noRobotsCause ? "NULL" : "r.robots_cause") + " FROM records r JOIN urls u ON u.id = r.url_id" + where
                + " ORDER BY u.url";
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) action.accept(record(rs));
        }
    }

    private static CrawlRecord record(ResultSet rs) throws SQLException {
        String kind = rs.getString(4);
        String referrer = rs.getString(12);
        return CrawlRecord.builder(WebUrl.parse(rs.getString(1))).nextUrl(rs.getString(2)).status(rs.getInt(3))
                .errorKind(kind == null ? null : ErrorKind.valueOf(kind.toUpperCase(Locale.ROOT).replace('-', '_')))
                .error(rs.getString(5)).size(rs.getLong(6)).contentType(rs.getString(7)).encoding(rs.getString(8))
                .numUrls(rs.getInt(9)).numNewUrls(rs.getInt(10)).depth(rs.getInt(11))
                .referrer(referrer == null ? null : WebUrl.tryParse(referrer, null))
                .startedAt(Instant.parse(rs.getString(13)))
                .duration(Duration.ofNanos(Math.round(rs.getDouble(14) * 1e6))).truncated(rs.getInt(15) != 0)
                .attempts(rs.getInt(16)).skipReason(SkipReason.of(rs.getString(17))).robots(rs.getString(18))
                .change(rs.getString(19) == null ? null : Change.ofLabel(rs.getString(19))).rendered(rs.getInt(20) != 0)
                .facts(facts(rs)).renderReason(rs.getString(21 + PageFacts.NAMES.size()))
                .robotsCause(rs.getString(22 + PageFacts.NAMES.size())).build();
    }

    /** The page facts in the columns from 21 on; null when there are none (not an HTML page, or an older file). */
    private static PageFacts facts(ResultSet rs) throws SQLException {
        List<String> values = new ArrayList<>(PageFacts.NAMES.size());
        for (int i = 0; i < PageFacts.NAMES.size(); i++) values.add(rs.getString(21 + i));
        PageFacts f = PageFacts.ofValues(values);
        return f.isEmpty() ? null : f;
    }

    /** The crawl over all its runs; {@code maxTasks} is the current configuration's. */
    CrawlSummary summary(int maxTasks) throws SQLException {
        long done = count(onePass ? "SELECT count(*) FROM records" : "SELECT count(*) FROM urls WHERE state = 'done'");
        long todo = count("SELECT count(*) FROM urls WHERE state = 'queued'");
        long elapsedMs = count("SELECT coalesce(sum(elapsed_ms), 0) FROM runs"
                + (onePass ? "" : " WHERE pass = (SELECT max(pass) FROM passes)")); // this pass's
        Map<String, Long> dropped = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT drop_reason, count(*) FROM urls WHERE state = 'dropped' GROUP BY drop_reason")) {
            while (rs.next()) dropped.put(rs.getString(1), rs.getLong(2));
        }
        boolean interrupted = false;
        Limit limit = null;
        Instant at = Instant.now();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT ended_at, last_commit_at, "
                + "started_at, interrupted, limit_reached FROM runs ORDER BY run DESC LIMIT 1")) {
            if (rs.next()) {
                String ended = rs.getString(1);
                String last = rs.getString(2);
                interrupted = ended == null || rs.getInt(4) != 0; // a run with no end was killed
                limit = Limit.of(rs.getString(5));
                at = Instant.parse(ended != null ? ended : last != null ? last : rs.getString(3));
            }
        }
        if (limit != null && todo > 0) dropped.merge(limit.label(), todo, Long::sum);
        long discovered = count("SELECT count(*) FROM urls");
        return new CrawlSummary(done, todo, Duration.ofMillis(elapsedMs), maxTasks, interrupted, at, limit, dropped,
                discovered, unfollowed(onePass ? "" : "WHERE pass = (SELECT max(pass) FROM passes)"));
    }

    /**
     * One pass of the crawl: its records, what it left queued (the current pass only), its runs' time and how the
     * last of them ended, the URLs it discovered and dropped. No ledger: a pass revisits URLs it did not discover.
     */
    CrawlSummary passSummary(int pass, int maxTasks) throws SQLException {
        if (onePass && pass == 1) return summary(maxTasks);
        boolean current = pass == pass();
        long done = count("SELECT count(*) FROM records WHERE pass = " + pass);
        long todo = current ? count("SELECT count(*) FROM urls WHERE state = 'queued'") : 0;
        long elapsedMs = count("SELECT coalesce(sum(elapsed_ms), 0) FROM runs WHERE pass = " + pass);
        Map<String, Long> dropped = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT drop_reason, count(*) FROM urls "
                + "WHERE state = 'dropped' AND first_pass = " + pass + " GROUP BY drop_reason")) {
            while (rs.next()) dropped.put(rs.getString(1), rs.getLong(2));
        }
        boolean interrupted = false;
        Limit limit = null;
        Instant at = Instant.now();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT ended_at, last_commit_at, "
                + "started_at, interrupted, limit_reached FROM runs WHERE pass = " + pass + " ORDER BY run DESC LIMIT 1")) {
            if (rs.next()) {
                String ended = rs.getString(1);
                String last = rs.getString(2);
                interrupted = ended == null || rs.getInt(4) != 0;
                limit = Limit.of(rs.getString(5));
                at = Instant.parse(ended != null ? ended : last != null ? last : rs.getString(3));
            }
        }
        return new CrawlSummary(done, todo, Duration.ofMillis(elapsedMs), maxTasks, interrupted, at, limit, dropped,
                -1, unfollowed("WHERE pass = " + pass));
    }

    /**
     * The links not followed, by reason, summed over the runs {@code where} selects (a pass's, as the records
     * counted): each run's counts are written when it ends, so a run that was killed adds none. None in a file
     * older than version 7.
     */
    private Map<String, Long> unfollowed(String where) throws SQLException {
        Map<String, Long> unfollowed = new TreeMap<>();
        if (noUnfollowed) return unfollowed;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT reason, sum(count) FROM "
                + "unfollowed WHERE run IN (SELECT run FROM runs " + where + ") GROUP BY reason")) {
            while (rs.next()) unfollowed.put(rs.getString(1), rs.getLong(2));
        }
        return unfollowed;
    }

    long count(String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
