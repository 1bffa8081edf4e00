package dev.loomcrawl.store.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The statements that add chunks to the index, prepared once for a batch (in the caller's transaction). */
final class ChunkWrites implements AutoCloseable {
    private final PreparedStatement idsOfUrl;
    private final PreparedStatement deleteChunk;
    private final PreparedStatement deleteText;
    private final PreparedStatement deleteVector;
    private final PreparedStatement insertChunk;
    private final PreparedStatement insertText;

    /** How many vectors went with the chunks removed (the caller counts them out of {@code embedding}). */
    long vectorsRemoved;

    ChunkWrites(Connection c) throws SQLException {
        idsOfUrl = c.prepareStatement("SELECT id FROM chunk WHERE url = ?");
        deleteChunk = c.prepareStatement("DELETE FROM chunk WHERE id = ?");
        deleteText = c.prepareStatement("DELETE FROM chunk_text WHERE rowid = ?");
        deleteVector = c.prepareStatement("DELETE FROM chunk_vector WHERE id = ?");
        insertChunk = c.prepareStatement("INSERT INTO chunk (url, chunk, headings, warc_file, warc_offset, "
                + "warc_record_id, captured) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id");
        insertText = c.prepareStatement("INSERT INTO chunk_text (rowid, title, headings, body, url) "
                + "VALUES (?, ?, ?, ?, ?)");
    }

    /**
     * Adds {@code chunk}; a page's chunk 0 first removes the chunks its URL had (a later capture of the page replaces
     * the earlier). Returns by how much the number of chunks changed.
     */
    long add(ChunkLines.Chunk chunk) throws SQLException {
        long removed = chunk.chunk() == 0 ? removeUrl(chunk.url()) : 0;
        ChunkIndex.Citation citation = chunk.citation();
        insertChunk.setString(1, chunk.url());
        insertChunk.setInt(2, chunk.chunk());
        insertChunk.setString(3, ChunkIndex.headingsJson(chunk.headings()));
        insertChunk.setString(4, citation == null ? null : citation.warcFile());
        if (citation == null) {
            insertChunk.setNull(5, java.sql.Types.INTEGER);
        } else {
            insertChunk.setLong(5, citation.offset());
        }
        insertChunk.setString(6, citation == null ? null : citation.recordId());
        insertChunk.setString(7, citation == null ? null : citation.captured());
        long id;
        try (ResultSet rs = insertChunk.executeQuery()) {
            rs.next();
            id = rs.getLong(1);
        }
        insertText.setLong(1, id);
        insertText.setString(2, chunk.title());
        // one heading a line (the words are what FTS5 reads)
        insertText.setString(3, String.join("\n", chunk.headings()));
        insertText.setString(4, ChunkText.of(chunk.markdown())); // the words, without link URLs
        insertText.setString(5, chunk.url());
        insertText.executeUpdate();
        return 1 - removed;
    }

    private long removeUrl(String url) throws SQLException {
        List<Long> ids = new ArrayList<>();
        idsOfUrl.setString(1, url);
        try (ResultSet rs = idsOfUrl.executeQuery()) {
            while (rs.next()) ids.add(rs.getLong(1));
        }
        for (long id : ids) {
            deleteText.setLong(1, id);
            deleteText.executeUpdate();
            deleteVector.setLong(1, id);
            vectorsRemoved += deleteVector.executeUpdate();
            deleteChunk.setLong(1, id);
            deleteChunk.executeUpdate();
        }
        return ids.size();
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement p : List.of(idsOfUrl, deleteChunk, deleteText, deleteVector, insertChunk, insertText)) {
            p.close();
        }
    }
}
