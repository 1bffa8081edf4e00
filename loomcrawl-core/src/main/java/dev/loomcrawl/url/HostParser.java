package dev.loomcrawl.url;

import java.io.ByteArrayOutputStream;
import java.net.IDN;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/**
 * The WHATWG host parser for special schemes: bracketed IPv6, percent-decoding, domain-to-ASCII (the JDK's
 * IDNA for non-ASCII names), forbidden code points, and the IPv4 parser that accepts what browsers accept
 * (hex, octal and short forms such as {@code 0x7f.1}). Returns the serialised host, or null on failure.
 *
 * <p>Beyond WHATWG, a domain the DNS cannot hold is a failure too: longer than {@value #MAX_HOST} characters
 * (one more for a trailing dot) or with a label longer than {@value #MAX_LABEL} (RFC 1035), in its ASCII form.
 * A page can link to any string: a host of thousands of characters would otherwise reach IDNA, whose
 * Punycode encoder throws on it, and could never be fetched anyway.
 */
final class HostParser {
    private HostParser() {}

    /** The longest domain the DNS holds, in characters of its ASCII form, without a trailing dot. */
    static final int MAX_HOST = 253;
    /** The longest label of a domain. */
    static final int MAX_LABEL = 63;
    /**
     * The longest Unicode domain handed to IDNA: each character is at least one of its ASCII form, except a few
     * that IDNA maps to nothing (soft hyphens...); anything longer is refused before the work.
     */
    private static final int MAX_UNICODE_HOST = 4 * MAX_HOST;

    private static final String FORBIDDEN_DOMAIN = "\u0000\t\n\r #/:<>?@[\\]^|%\u007F";

    static String parse(String input) {
        if (input.startsWith("[")) {
            return input.endsWith("]") ? ipv6(input.substring(1, input.length() - 1)) : null;
        }
        if (input.length() > 3 * MAX_UNICODE_HOST) return null; // percent-encoded, each byte is three
        String decoded = input.indexOf('%') < 0 ? input : percentDecode(input);
        if (decoded.length() > MAX_UNICODE_HOST) return null;
        String ascii = toAscii(decoded);
        if (ascii == null || ascii.isEmpty()) return null;
        for (int i = 0; i < ascii.length(); i++) {
            char c = ascii.charAt(i);
            if (c < 0x20 || FORBIDDEN_DOMAIN.indexOf(c) >= 0) return null;
        }
        if (endsInNumber(ascii)) return ipv4(ascii);
        return fitsDns(ascii, 0, ascii.length()) ? ascii : null;
    }

    /**
     * Whether the ASCII domain {@code s[start, end)} fits the DNS: at most {@value #MAX_HOST} characters (and a
     * trailing dot), labels of at most {@value #MAX_LABEL}. Empty labels are WHATWG's business, not checked.
     */
    static boolean fitsDns(String s, int start, int end) {
        if (end > start && s.charAt(end - 1) == '.') end--;
        if (end - start > MAX_HOST) return false;
        int label = start;
        for (int i = start; i <= end; i++) {
            if (i < end && s.charAt(i) != '.') continue;
            if (i - label > MAX_LABEL) return false;
            label = i + 1;
        }
        return true;
    }

    private static String toAscii(String domain) {
        boolean ascii = true;
        for (int i = 0; i < domain.length() && ascii; i++) ascii = domain.charAt(i) < 0x80;
        if (ascii) return WebUrl.lower(domain);
        try {
            return WebUrl.lower(IDN.toASCII(domain, IDN.ALLOW_UNASSIGNED));
        } catch (RuntimeException e) { // IllegalArgumentException, and Punycode's RuntimeException("input too long")
            return null;
        }
    }

    private static String percentDecode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '%' && i + 2 < bytes.length && hex(bytes[i + 1]) >= 0 && hex(bytes[i + 2]) >= 0) {
                out.write(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]));
                i += 2;
            } else {
                out.write(bytes[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(int c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    /** The "ends in a number" checker: the last label (ignoring one trailing dot) is numeric. */
    private static boolean endsInNumber(String host) {
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String last = h.substring(h.lastIndexOf('.') + 1);
        if (last.isEmpty()) return false;
        boolean digits = true;
        for (int i = 0; i < last.length() && digits; i++) digits = last.charAt(i) >= '0' && last.charAt(i) <= '9';
        if (digits) return true;
        return parseIpv4Number(last) >= 0;
    }

    private static String ipv4(String host) {
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String[] parts = h.split("\\.", -1);
        if (parts.length > 4) return null;
        long[] numbers = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            numbers[i] = parseIpv4Number(parts[i]);
            if (numbers[i] < 0) return null;
            if (i < parts.length - 1 && numbers[i] > 255) return null;
        }
        long last = numbers[parts.length - 1];
        if (last >= 1L << (8 * (5 - parts.length))) return null;
        long address = last;
        for (int i = 0; i < parts.length - 1; i++) address += numbers[i] << (8 * (3 - i));
        return (address >> 24 & 255) + "." + (address >> 16 & 255) + "." + (address >> 8 & 255) + "." + (address & 255);
    }

    /** Decimal, 0x-hex or 0-octal; -1 if invalid or absurdly large. */
    private static long parseIpv4Number(String s) {
        if (s.isEmpty()) return -1;
        int radix = 10;
        int start = 0;
        if (s.length() >= 2 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X')) {
            radix = 16;
            start = 2;
        } else if (s.length() >= 2 && s.charAt(0) == '0') {
            radix = 8;
            start = 1;
        }
        if (start == s.length()) return 0;
        long value = 0;
        for (int i = start; i < s.length(); i++) {
            int d = hex(s.charAt(i));
            if (d < 0 || d >= radix) return -1;
            value = Math.min(value * radix + d, 1L << 40); // saturate: anything this big is rejected later
        }
        return value;
    }

    private static String ipv6(String literal) {
        if (literal.isEmpty() || literal.indexOf(':') < 0) return null;
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (!(c == ':' || c == '.' || hex(c) >= 0)) return null;
        }
        byte[] bytes;
        try {
            InetAddress address = InetAddress.getByName(literal); // a literal: no name lookup happens
            bytes = address.getAddress();
            if (address instanceof Inet4Address) { // the JDK folds ::ffff:a.b.c.d to IPv4
                byte[] mapped = new byte[16];
                mapped[10] = (byte) 0xFF;
                mapped[11] = (byte) 0xFF;
                System.arraycopy(bytes, 0, mapped, 12, 4);
                bytes = mapped;
            } else if (!(address instanceof Inet6Address)) {
                return null;
            }
        } catch (UnknownHostException e) {
            return null;
        }
        return "[" + serializeIpv6(bytes) + "]";
    }

    /** Lower-case hex pieces, the first longest run of two or more zero pieces compressed to "::". */
    private static String serializeIpv6(byte[] b) {
        int[] pieces = new int[8];
        for (int i = 0; i < 8; i++) pieces[i] = (b[2 * i] & 0xFF) << 8 | (b[2 * i + 1] & 0xFF);
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (pieces[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && pieces[j] == 0) j++;
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append(i == 0 ? "::" : ":");
                i += bestLen - 1;
                continue;
            }
            sb.append(Integer.toHexString(pieces[i]));
            if (i < 7) sb.append(':');
        }
        return sb.toString();
    }
}
