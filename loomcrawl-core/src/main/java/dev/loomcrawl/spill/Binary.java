package dev.loomcrawl.spill;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The few encodings spill files are made of: variable-length numbers (small ones take one byte) and strings as
 * UTF-8 with their length in front, null included. Unlike {@link DataOutput#writeUTF}, a string may be of any
 * length.
 */
public final class Binary {
    private Binary() {}

    /** A number that is usually small and never negative, in 7-bit groups, lowest first. */
    public static void writeVarLong(DataOutput out, long v) throws IOException {
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.writeByte((int) v);
    }

    public static long readVarLong(DataInput in) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.readByte();
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
        throw new IOException("a number in a spill file is longer than 64 bits");
    }

    /** A small number that may be negative (-1 and up, typically), as {@link #writeVarLong} of its zigzag. */
    public static void writeVarInt(DataOutput out, int v) throws IOException {
        int zigzag = (v << 1) ^ (v >> 31);
        writeVarLong(out, zigzag & 0xFFFFFFFFL);
    }

    public static int readVarInt(DataInput in) throws IOException {
        int z = (int) readVarLong(in);
        return (z >>> 1) ^ -(z & 1);
    }

    /** A string or null: 0 for null, else its UTF-8 length plus one, then its bytes. */
    public static void writeString(DataOutput out, String s) throws IOException {
        if (s == null) {
            out.writeByte(0);
            return;
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        writeVarLong(out, bytes.length + 1L);
        out.write(bytes);
    }

    public static String readString(DataInput in) throws IOException {
        long n = readVarLong(in);
        if (n == 0) return null;
        if (n - 1 > Integer.MAX_VALUE - 16) throw new IOException("a string in a spill file is " + (n - 1) + " bytes");
        byte[] bytes = new byte[(int) (n - 1)];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
