package dev.loomcrawl.fetch;

import dev.loomcrawl.fetch.AddressGuard.AddressClass;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class AddressGuardTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "127.0.0.1, LOOPBACK", "127.9.9.9, LOOPBACK", "::1, LOOPBACK",
            "10.1.2.3, PRIVATE", "172.16.0.1, PRIVATE", "172.31.255.255, PRIVATE", "192.168.1.1, PRIVATE",
            "169.254.169.254, LINK_LOCAL", "fe80::1, LINK_LOCAL",
            "100.64.0.1, CGNAT", "100.127.255.255, CGNAT", "fd12:3456::1, UNIQUE_LOCAL", "fc00::1, UNIQUE_LOCAL",
            "0.0.0.0, SPECIAL", "224.0.0.1, SPECIAL", "255.255.255.255, SPECIAL", "198.18.0.1, SPECIAL",
            "192.0.2.1, SPECIAL", "198.51.100.7, SPECIAL", "203.0.113.9, SPECIAL", "240.0.0.1, SPECIAL",
            "8.8.8.8, PUBLIC", "172.32.0.1, PUBLIC", "100.128.0.1, PUBLIC", "2606:4700::1111, PUBLIC",
            // IPv6 special ranges
            "::, SPECIAL", "fec0::1, PRIVATE", "ff02::1, SPECIAL", "ff0e::1, SPECIAL", "100::1, SPECIAL",
            "2001:db8::1, SPECIAL", "3fff::1, SPECIAL", "2001:10::1, SPECIAL", "2001:20::1, SPECIAL",
            "2001:2::1, SPECIAL", "5f00::1, SPECIAL", "2a00:1450:4001::200e, PUBLIC",
            // IPv4-mapped ::ffff:0:0/96 (the JDK turns these into IPv4 addresses)
            "::ffff:127.0.0.1, LOOPBACK", "::ffff:10.0.0.1, PRIVATE", "::ffff:169.254.169.254, LINK_LOCAL",
            "::ffff:8.8.8.8, PUBLIC",
            // IPv4-translated ::ffff:0:0:0/96
            "::ffff:0:7f00:1, LOOPBACK", "::ffff:0:a9fe:a9fe, LINK_LOCAL", "::ffff:0:808:808, PUBLIC",
            // IPv4-compatible ::/96
            "::127.0.0.1, LOOPBACK", "::7f00:1, LOOPBACK", "::c0a8:101, PRIVATE", "::a9fe:a9fe, LINK_LOCAL",
            "::0.0.0.2, SPECIAL", "::808:808, PUBLIC",
            // NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48
            "64:ff9b::7f00:1, LOOPBACK", "64:ff9b::127.0.0.1, LOOPBACK", "64:ff9b::a00:1, PRIVATE",
            "64:ff9b::a9fe:a9fe, LINK_LOCAL", "64:ff9b::6440:1, CGNAT", "64:ff9b::808:808, PUBLIC",
            "64:ff9b:1::7f00:1, LOOPBACK", "64:ff9b:1::c0a8:101, PRIVATE", "64:ff9b:1:808:808::, SPECIAL",
            // 6to4 2002::/16: the IPv4 address in bits 16-47
            "2002:7f00:1::, LOOPBACK", "2002:c0a8:0101::, PRIVATE", "2002:c0a8:101:1::1, PRIVATE",
            "2002:a9fe:a9fe::1, LINK_LOCAL", "2002:0a00:0001::, PRIVATE", "2002:808:808::1, PUBLIC",
            // Teredo 2001::/32: the client's IPv4 address inverted in the last 32 bits; the server's in bits 32-63
            "2001:0:4136:e378:8000:63bf:80ff:fffe, LOOPBACK", "2001:0:4136:e378:8000:63bf:3f57:fefe, PRIVATE",
            "2001:0:4136:e378:8000:63bf:f7f7:f7f7, PUBLIC", "2001:0:7f00:1:8000:63bf:f7f7:f7f7, LOOPBACK",
            // ISATAP: ::0:5efe:a.b.c.d and ::200:5efe:a.b.c.d after any prefix
            "2001:db9::5efe:7f00:1, LOOPBACK", "2a00:1::200:5efe:c0a8:101, PRIVATE",
            "2a00:1::5efe:808:808, PUBLIC", "fe80::5efe:808:808, LINK_LOCAL",
    })
    void classifiesAddressRanges(String address, AddressClass expected) throws Exception {
        assertEquals(expected, AddressGuard.classify(InetAddress.getByName(address)));
    }

    @Test
    void publicRootsAllowOnlyPublicAddresses() throws Exception {
        AddressGuard guard = AddressGuard.forRoots(List.of(WebUrl.parse("https://example.com/")));
        assertNull(guard.refusal("example.com", 443, InetAddress.getByName("93.184.216.34")));
        assertNotNull(guard.refusal("example.com", 443, InetAddress.getByName("127.0.0.1")));
        assertEquals("169.254.169.254 is a link-local address; pass --allow-private to crawl it",
                guard.refusal("example.com", 443, InetAddress.getByName("169.254.169.254")));
        assertNotNull(guard.refusal("example.com", 443, InetAddress.getByName("64:ff9b::a9fe:a9fe")));
        assertNotNull(guard.refusal("example.com", 443, InetAddress.getByName("2002:7f00:1::")));
    }

    @Test
    void aLocalRootAllowsItsOwnHostAndPortOnly() throws Exception {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        AddressGuard ip = AddressGuard.forRoots(List.of(WebUrl.parse("http://127.0.0.1:8080/")));
        assertNull(ip.refusal("127.0.0.1", 8080, loopback));
        assertNotNull(ip.refusal("127.0.0.1", 8081, loopback)); // another service on this machine
        assertNotNull(ip.refusal("127.0.0.2", 8080, InetAddress.getByName("127.0.0.2")));
        assertNotNull(ip.refusal("other.test", 8080, loopback)); // a name pinned to it is another origin
        AddressGuard local = AddressGuard.forRoots(List.of(WebUrl.parse("http://localhost:8080/")));
        assertNull(local.refusal("localhost", 8080, loopback));
        assertNull(local.refusal("localhost", 8080, InetAddress.getByName("::1")));
        assertNotNull(local.refusal("localhost", 6379, loopback));
        assertNotNull(local.refusal("10.0.0.1", 8080, InetAddress.getByName("10.0.0.1")));
        AddressGuard v6 = AddressGuard.forRoots(List.of(WebUrl.parse("http://[::1]:8080/")));
        assertNull(v6.refusal("[::1]", 8080, InetAddress.getByName("::1")));
        assertNull(v6.refusal("::1", 8080, InetAddress.getByName("::1")));
        assertNotNull(v6.refusal("::1", 22, InetAddress.getByName("::1")));
    }

    @Test
    void anIntranetRootAllowsItsOwnHostOnItsPortAndTheOtherSchemesDefault() throws Exception {
        AddressGuard intranet = AddressGuard.forRoots(List.of(WebUrl.parse("http://wiki.corp/")));
        InetAddress ten = InetAddress.getByName("10.0.0.5");
        assertNull(intranet.refusal("wiki.corp", 80, ten));
        assertNull(intranet.refusal("wiki.corp", 443, ten)); // http://wiki.corp/ -> https://wiki.corp/
        assertNotNull(intranet.refusal("wiki.corp", 8080, ten));
        assertNotNull(intranet.refusal("jira.corp", 80, InetAddress.getByName("10.9.9.9")));
        assertNotNull(intranet.refusal("wiki.corp", 8080, InetAddress.getByName("169.254.169.254")));
        AddressGuard pinnedPublicName = AddressGuard.forRoots(List.of(WebUrl.parse("http://www.example.com/")));
        assertNotNull(pinnedPublicName.refusal("www.example.com", 80, InetAddress.getByName("127.0.0.1")));
    }

    @Test
    void offAllowsEverything() throws Exception {
        assertNull(AddressGuard.OFF.refusal("x.test", 1, InetAddress.getByName("127.0.0.1")));
        assertNull(AddressGuard.OFF.refusal("x.test", 1, InetAddress.getByName("64:ff9b::7f00:1")));
    }
}
