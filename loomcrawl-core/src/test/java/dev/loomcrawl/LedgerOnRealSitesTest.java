package dev.loomcrawl;

import dev.loomcrawl.result.CrawlSummary;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import dev.loomcrawl.report.TextReport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a real site, every URL the crawl discovers is accounted for: recorded, dropped or still queued. The JDK API
 * docs (Debian's openjdk-17-doc, ~10,300 URLs) are served from disk by the JDK's file server on 127.0.0.1.
 */
class LedgerOnRealSitesTest {

    @Test
    void theLedgerAddsUpOnTheJdkDocs() {
        Path docs = Path.of("/usr/share/doc/openjdk-17-doc/api");
        Assumptions.assumeTrue(Files.isDirectory(docs), "skipped: openjdk-17-doc is not installed (scripts/test installs it)");
        HttpServer server = SimpleFileServer.createFileServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                docs, SimpleFileServer.OutputLevel.NONE);
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        try {
            String root = "http://127.0.0.1:" + server.getAddress().getPort() + "/index.html";
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(root).maxTasks(32).perHost(32));
            CrawlSummary s = run.summary();
            String ledger = TextReport.ledger(s);
            assertTrue(s.ledgerBalances(), ledger);
            assertTrue(s.done() > 10_000, ledger);
            assertEquals(s.discovered(), s.done() + s.droppedAtDiscovery() + s.todo(), ledger);
            assertEquals(0, s.todo(), ledger);
            assertEquals(ledger, "Ledger: " + s.discovered() + " discovered = " + s.done() + " recorded + "
                    + s.droppedAtDiscovery() + " dropped + 0 queued");
        } finally {
            server.stop(0);
        }
    }
}
