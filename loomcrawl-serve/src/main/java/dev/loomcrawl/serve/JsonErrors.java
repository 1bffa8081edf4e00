package dev.loomcrawl.serve;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Jetty's own error answers (a request its parser refuses: a bad URI, a bad header, an unknown method; an error no
 * handler answered) in the API's error shape, {@code {"success": false, "error": "one line"}}, instead of Jetty's
 * HTML page, which names Jetty and can show a stack. The line is the status's reason, and Jetty's message when it
 * names nothing of the server's insides ({@link #internal}).
 */
public final class JsonErrors extends ErrorHandler {
    /** What a message shown to a client must not hold: a class's or package's name, a stack frame. */
    private static final Pattern INTERNAL = Pattern.compile("\\b(java|javax|jakarta|org\\.eclipse|io\\."
            + "modelcontextprotocol|com\\.fasterxml|reactor|dev\\.loomcrawl)\\.[a-z]"
            + "|[A-Z][A-Za-z]+(Exception|Error)\\b|\\bat [a-z]+\\.[a-z]|\\tat ");

    /** Whether a message names a class, a package or a stack frame: then it is not shown to a client. */
    public static boolean internal(String message) {
        return INTERNAL.matcher(message).find();
    }

    /** Every method's error gets its line, not only GET's, POST's and HEAD's (Jetty's choice: an empty body). */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Answer.JSON);
        response.write(true, ByteBuffer.wrap(body(code, message)), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, org.eclipse.jetty.http.HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, Answer.JSON);
        return ByteBuffer.wrap(body(status, reason));
    }

    private static byte[] body(int code, String message) {
        String line = HttpStatus.getMessage(code).toLowerCase(Locale.ROOT);
        if (message != null && !message.isBlank() && !internal(message)
                && !message.equalsIgnoreCase(HttpStatus.getMessage(code))) {
            String shown = message.strip().replaceAll("\\s+", " ");
            line += ": " + (shown.length() > 200 ? shown.substring(0, 200) : shown);
        }
        var o = Json.MAPPER.createObjectNode();
        o.put("success", false);
        o.put("error", line);
        return Json.bytes(o);
    }
}
