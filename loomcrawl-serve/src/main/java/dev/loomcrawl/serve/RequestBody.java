package dev.loomcrawl.serve;

import java.io.IOException;
import java.io.InputStream;

/**
 * A request's body under {@code --max-body}, and what is left of a body the server refused. A client whose body is
 * refused before it is all read (a 413, or a 401 before the body was looked at) is still sending when the answer
 * comes; if the server then closed the connection with the rest unread, the kernel would reset it and the client
 * could lose the answer (the JDK's client says "header parser received no bytes"). So the server first reads and
 * drops the rest, up to {@link #DROPPED} bytes, as Tomcat's {@code maxSwallowSize} and nginx's lingering close do.
 * A body said to be longer is not waited for: it is answered at once and Jetty closes its connection.
 */
public final class RequestBody {
    /** The most bytes of a refused body read to be dropped. */
    public static final long DROPPED = 4L << 20;

    private RequestBody() {
    }

    /**
     * The whole body, at most {@code max} bytes; past that a 413, after the rest was dropped.
     *
     * @param declared its {@code Content-Length}, or -1 when it has none (chunked)
     */
    public static byte[] read(InputStream in, long declared, long max) throws IOException {
        if (declared <= max) {
            byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
            if (b.length <= max) return b;
        }
        dropRest(in, declared);
        throw new ApiError(413, "the request body is larger than this server takes (--max-body " + max + " bytes)");
    }

    /**
     * Reads and drops what is left of a body, at most {@link #DROPPED} bytes, unless its {@code Content-Length}
     * says it is longer. A failed read ends it: the client went away, or its body was broken, and Jetty closes the
     * connection either way.
     */
    public static void dropRest(InputStream in, long declared) {
        if (declared > DROPPED) return;
        byte[] scratch = new byte[16 << 10];
        try {
            for (long left = DROPPED; left > 0; ) {
                int n = in.read(scratch, 0, (int) Math.min(scratch.length, left));
                if (n < 0) return;
                left -= n;
            }
        } catch (IOException e) {
            // nothing more to drop
        }
    }
}
