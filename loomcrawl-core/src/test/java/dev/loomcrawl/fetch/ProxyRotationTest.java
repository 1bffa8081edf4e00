package dev.loomcrawl.fetch;

import dev.loomcrawl.url.Origin;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ProxyRotationTest {
    private static final List<ProxySpec> THREE = List.of(ProxySpec.parse("http://127.0.0.1:3001", null),
            ProxySpec.parse("http://127.0.0.1:3002", null), ProxySpec.parse("socks5://127.0.0.1:3003", null));
    private static final Origin A = new Origin("http", "a.test", 80);
    private static final Origin B = new Origin("http", "b.test", 80);
    private static final Origin C = new Origin("https", "c.test", 443);

    @Test
    void originsAreDealtRoundRobinAndKeepTheirProxy() {
        ProxyRotation r = new ProxyRotation(THREE, () -> 0);
        assertEquals(List.of(0, 1, 2), List.of(r.proxyFor(A), r.proxyFor(B), r.proxyFor(C)));
        assertEquals(List.of(0, 1, 2), List.of(r.proxyFor(A), r.proxyFor(B), r.proxyFor(C)));
    }

    @Test
    void aFailedProxyIsSetAsideLongerEachTimeThenComesBack() {
        AtomicLong now = new AtomicLong();
        ProxyRotation r = new ProxyRotation(THREE, now::get);
        int first = r.proxyFor(A);
        r.failed(first);
        int moved = r.proxyFor(A);
        assertNotEquals(first, moved);
        now.addAndGet(ProxyRotation.FIRST_PAUSE.toNanos() + 1);
        assertEquals(true, r.inService(first));
        r.failed(first); // again in a row: twice as long
        now.addAndGet(ProxyRotation.FIRST_PAUSE.toNanos() + 1);
        assertEquals(false, r.inService(first));
        now.addAndGet(ProxyRotation.FIRST_PAUSE.toNanos());
        assertEquals(true, r.inService(first));
        r.worked(first);
        r.failed(first); // after it worked, the shortest pause again
        now.addAndGet(ProxyRotation.FIRST_PAUSE.toNanos() + 1);
        assertEquals(true, r.inService(first));
    }

    @Test
    void whenAllAreAsideTheOneBackFirstIsUsed() {
        AtomicLong now = new AtomicLong();
        ProxyRotation r = new ProxyRotation(THREE.subList(0, 2), now::get);
        r.failed(0);
        r.failed(0); // 30 s
        r.failed(1); // 15 s
        assertEquals(1, r.proxyFor(A));
    }
}
