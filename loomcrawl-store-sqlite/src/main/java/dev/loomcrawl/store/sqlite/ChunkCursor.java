package dev.loomcrawl.store.sqlite;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Where the next page of a search starts: the hits after the first {@code offset}, among the chunks that were indexed
 * when the first page was asked for (ids up to {@code lastId}), for the query whose {@link ChunkQuery#key()} is
 * {@code key}, matching the phrases set in {@code kept} ({@link ChunkQuery#match(int)}), as the first page did. Written
 * as an opaque base64url token.
 */
record ChunkCursor(long lastId, long offset, int kept, String key) {
    private static final String VERSION = "c1";
    private static final int MAX_CHARS = 200;

    String encode() {
        String plain = VERSION + ":" + lastId + ":" + offset + ":" + Integer.toHexString(kept) + ":" + key;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads a cursor that a search for {@code query} gave, at most {@code maxOffset} hits deep.
     *
     * @throws IllegalArgumentException with a one-line message when {@code cursor} is not such a cursor
     */
    static ChunkCursor decode(String cursor, ChunkQuery query, long maxOffset) {
        if (cursor.length() > MAX_CHARS) throw bad("it is too long to be one");
        String[] parts;
        try {
            parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split(":", -1);
        } catch (IllegalArgumentException e) {
            throw bad("it is not base64url");
        }
        if (parts.length != 5 || !parts[0].equals(VERSION)) throw bad("it is not one");
        long lastId;
        long offset;
        int kept;
        try {
            lastId = Long.parseLong(parts[1]);
            offset = Long.parseLong(parts[2]);
            kept = Integer.parseUnsignedInt(parts[3], 16);
        } catch (NumberFormatException e) {
            throw bad("it is not one");
        }
        if (lastId < 0 || offset < 1 || offset > maxOffset) throw bad("it is not one");
        if (!parts[4].equals(query.key())) throw bad("it was given for another query");
        if (kept == 0 || (kept & ~query.all()) != 0) throw bad("it is not one");
        return new ChunkCursor(lastId, offset, kept, query.key());
    }

    private static IllegalArgumentException bad(String why) {
        return new IllegalArgumentException("cursor: not a cursor from a search of this index (" + why + "); "
                + "start again without a cursor");
    }
}
