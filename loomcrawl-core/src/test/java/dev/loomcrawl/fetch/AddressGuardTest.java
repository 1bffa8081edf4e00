package dev.loomcrawl.fetch;

import dev.loomcrawl.fetch.AddressGuard.AddressClass;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;

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
            "8.8.8.8, PUBLIC", "172.32.0.1, PUBLIC", "100.128.0.1, PUBLIC", "2606:4700::1111, PUBLIC",
    })
    void classifiesAddressRanges(String address, AddressClass expected) throws Exception {
        assertEquals(expected, AddressGuard.classify(InetAddress.getByName(address)));
    }

    @Test
    void publicRootsAllowOnlyPublicAddresses() throws Exception {
        AddressGuard guard = AddressGuard.forRoots(List.of(WebUrl.parse("https://example.com/")), Map.of());
        assertNull(guard.refusal(InetAddress.getByName("93.184.216.34")));
        assertNotNull(guard.refusal(InetAddress.getByName("127.0.0.1")));
        assertEquals("169.254.169.254 is a link-local address; pass --allow-private to crawl it",
                guard.refusal(InetAddress.getByName("169.254.169.254")));
    }

    @Test
    void aRootLendsItsOwnClass() throws Exception {
        AddressGuard local = AddressGuard.forRoots(List.of(WebUrl.parse("http://localhost:8080/")), Map.of());
        assertNull(local.refusal(InetAddress.getByName("127.0.0.1")));
        assertNotNull(local.refusal(InetAddress.getByName("10.0.0.1")));
        AddressGuard intranet = AddressGuard.forRoots(List.of(WebUrl.parse("http://wiki.corp/")),
                Map.of("wiki.corp:80", InetAddress.getByName("10.0.0.5")));
        assertNull(intranet.refusal(InetAddress.getByName("10.9.9.9")));
        assertNotNull(intranet.refusal(InetAddress.getByName("169.254.169.254")));
        AddressGuard pinnedPublicName = AddressGuard.forRoots(List.of(WebUrl.parse("http://www.example.com/")),
                Map.of("www.example.com:80", InetAddress.getByName("127.0.0.1")));
        assertNotNull(pinnedPublicName.refusal(InetAddress.getByName("127.0.0.1")));
    }
}
