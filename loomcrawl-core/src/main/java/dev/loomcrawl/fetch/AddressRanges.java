package dev.loomcrawl.fetch;

import dev.loomcrawl.fetch.AddressGuard.AddressClass;

import java.net.InetAddress;
import java.util.Arrays;

/**
 * Which class of address an IP address is. An IPv6 address that carries an IPv4 address (IPv4-mapped
 * {@code ::ffff:0:0/96}, IPv4-translated {@code ::ffff:0:0:0/96}, IPv4-compatible {@code ::/96}, NAT64
 * {@code 64:ff9b::/96} and the local-use {@code 64:ff9b:1::/48}, 6to4 {@code 2002::/16}, Teredo {@code 2001::/32},
 * ISATAP {@code ::[02]00:5efe:a.b.c.d}) is judged by the IPv4 address it leads to, since a translator or tunnel
 * on the way connects to that: {@code 64:ff9b::7f00:1} is loopback, {@code 2002:c0a8:101::} private.
 */
final class AddressRanges {
    private static final byte[] NAT64 = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
    private static final byte[] NAT64_LOCAL = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 1};
    private static final byte[] MAPPED = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff};
    private static final byte[] TRANSLATED = {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 0, 0};
    private static final byte[] COMPATIBLE = new byte[12];

    private AddressRanges() {}

    static AddressClass classify(InetAddress a) {
        byte[] b = a.getAddress();
        return b.length == 4 ? ipv4(b) : ipv6(b);
    }

    private static AddressClass ipv4(byte[] b) {
        int first = b[0] & 0xFF;
        int second = b[1] & 0xFF;
        int third = b[2] & 0xFF;
        if (first == 127) return AddressClass.LOOPBACK;
        if (first == 10 || first == 172 && (second & 0xF0) == 16 || first == 192 && second == 168) {
            return AddressClass.PRIVATE;
        }
        if (first == 169 && second == 254) return AddressClass.LINK_LOCAL;
        if (first == 100 && second >= 64 && second < 128) return AddressClass.CGNAT;
        if (first == 0 || first >= 224 // this network, multicast, reserved, broadcast
                || first == 192 && second == 0 && (third == 0 || third == 2) // IETF assignments, TEST-NET-1
                || first == 192 && second == 88 && third == 99 // 6to4 relays
                || first == 198 && (second == 18 || second == 19) // benchmarking
                || first == 198 && second == 51 && third == 100 || first == 203 && second == 0 && third == 113) {
            return AddressClass.SPECIAL;
        }
        return AddressClass.PUBLIC;
    }

    private static AddressClass ipv6(byte[] b) {
        AddressClass embedded = embeddedIpv4(b);
        if (embedded != null) return embedded;
        int first = b[0] & 0xFF;
        int second = b[1] & 0xFF;
        if (isZero(b, 0, 15) && (b[15] == 0 || b[15] == 1)) return b[15] == 1 ? AddressClass.LOOPBACK : AddressClass.SPECIAL;
        if ((first & 0xFE) == 0xFC) return AddressClass.UNIQUE_LOCAL;
        if (first == 0xFE && (second & 0xC0) == 0x80) return AddressClass.LINK_LOCAL;
        if (first == 0xFE && (second & 0xC0) == 0xC0) return AddressClass.PRIVATE; // deprecated site-local
        if (first == 0xFF) return AddressClass.SPECIAL; // multicast
        if (startsWith(b, 0x01, 0x00) && isZero(b, 2, 8)) return AddressClass.SPECIAL; // 100::/64 discard-only
        if (startsWith(b, 0x20, 0x01, 0x0d, 0xb8) || startsWith(b, 0x3f, 0xff) && (b[2] & 0xF0) == 0) {
            return AddressClass.SPECIAL; // documentation: 2001:db8::/32, 3fff::/20
        }
        if (startsWith(b, 0x20, 0x01, 0x00) && ((b[3] & 0xF0) == 0x10 || (b[3] & 0xF0) == 0x20
                || (b[3] & 0xFF) == 0x02 && b[4] == 0 && b[5] == 0)) {
            return AddressClass.SPECIAL; // ORCHID 2001:10::/28, ORCHIDv2 2001:20::/28, benchmarking 2001:2::/48
        }
        if (startsWith(b, 0x5f, 0x00)) return AddressClass.SPECIAL; // SRv6 SIDs 5f00::/16
        return AddressClass.PUBLIC;
    }

    /** The class of the IPv4 address an IPv6 form leads to; null when it carries none (or none that decides). */
    private static AddressClass embeddedIpv4(byte[] b) {
        if (prefixed(b, MAPPED) || prefixed(b, TRANSLATED) || prefixed(b, NAT64)) return ipv4(last32(b, 0));
        if (prefixed(b, COMPATIBLE) && !isZero(b, 12, 16) && !(isZero(b, 12, 15) && b[15] == 1)) {
            return ipv4(last32(b, 0)); // ::a.b.c.d, not :: nor ::1
        }
        if (prefixed(b, NAT64_LOCAL)) { // where its IPv4 sits depends on the local prefix length: never public
            AddressClass c = ipv4(last32(b, 0));
            return c == AddressClass.PUBLIC ? AddressClass.SPECIAL : c;
        }
        if (startsWith(b, 0x20, 0x02)) return ipv4(Arrays.copyOfRange(b, 2, 6)); // 6to4
        if (startsWith(b, 0x20, 0x01, 0x00, 0x00)) { // Teredo: the client, its bits inverted; then the server
            AddressClass client = ipv4(last32(b, 0xFF));
            return client != AddressClass.PUBLIC ? client : ipv4(Arrays.copyOfRange(b, 4, 8));
        }
        if ((b[8] & ~0x02) == 0 && b[9] == 0 && (b[10] & 0xFF) == 0x5E && (b[11] & 0xFF) == 0xFE) { // ISATAP
            AddressClass c = ipv4(last32(b, 0));
            if (c != AddressClass.PUBLIC) return c;
        }
        return null;
    }

    private static byte[] last32(byte[] b, int xor) {
        byte[] v4 = Arrays.copyOfRange(b, 12, 16);
        for (int i = 0; i < 4; i++) v4[i] ^= (byte) xor;
        return v4;
    }

    private static boolean prefixed(byte[] b, byte[] prefix) {
        return Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static boolean startsWith(byte[] b, int... prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if ((b[i] & 0xFF) != prefix[i]) return false;
        }
        return true;
    }

    private static boolean isZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) return false;
        }
        return true;
    }
}
