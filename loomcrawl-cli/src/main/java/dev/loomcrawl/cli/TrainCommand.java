package dev.loomcrawl.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code loomcrawl train} (hidden): the training run the launcher records an AOT cache from (JDK 25's
 * {@code -XX:AOTCacheOutput}, JEP 483/514/515), so that later runs start with loomcrawl's classes already loaded
 * and linked. It crawls a small site of its own on 127.0.0.1 (pages, robots.txt, a stylesheet, a redirect, a
 * missing page, a page the streaming extractor hands to jsoup) the way {@code crawl} does, then again writing its
 * content ({@code --content}, to a temporary file deleted after), which loads what makes main content and Markdown;
 * then a refused root, which is what most runs do first, and a refused https root, which sets TLS up. Nothing of it
 * is printed; it exits 0.
 */
@Command(name = "train", hidden = true, description = "Record what a crawl loads, for the launcher's AOT cache.")
final class TrainCommand implements Callable<Integer> {
    private static final int PAGES = 200;

    @Override
    public Integer call() throws IOException {
        ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.setExecutor(threads);
        server.createContext("/", TrainCommand::answer);
        server.start();
        try {
            String root = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            PrintWriter quiet = new PrintWriter(Writer.nullWriter());
            Main.run(new String[] {"crawl", "--max-tasks", "20", "--no-progress", root}, quiet, quiet);
            Path content = Files.createTempFile("loomcrawl-train", ".jsonl");
            try {
                Main.run(new String[] {"crawl", "-q", "--max-pages", "40", "--content", content.toString(), root},
                        quiet, quiet);
            } finally {
                Files.deleteIfExists(content);
            }
            Main.run(new String[] {"crawl", "-q", "http://127.0.0.1:1/"}, quiet, quiet);
            // sets TLS up (trust store, SSLContext), which an https URL needs first; the connection is refused
            Main.run(new String[] {"crawl", "-q", "https://127.0.0.1:1/"}, quiet, quiet);
        } finally {
            server.stop(0);
            threads.shutdownNow();
        }
        return Main.FINISHED;
    }

    private static void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String type = "text/html; charset=utf-8";
        int status = 200;
        String body;
        if (path.equals("/robots.txt")) {
            type = "text/plain";
            body = "User-agent: *\nDisallow: /private/\n";
        } else if (path.equals("/style.css")) {
            type = "text/css";
            body = "body { background: url(/p1) } @import url(\"/p2\");";
        } else if (path.equals("/tricky")) { // handed to jsoup whole (a template), in another charset
            type = "text/html";
            body = "<html><head><meta charset=iso-8859-1><base href=/></head><body><table><tr><td>"
                    + "<a href=p4>caf\u00e9</a></td></tr></table><template><a href=/p5>t</a></template>"
                    + "<a href='HTTP://Example.COM:80/%7Ex'>out</a></body></html>";
        } else if (path.equals("/old")) {
            exchange.getResponseHeaders().add("Location", "/p3");
            status = 301;
            body = "";
        } else if (path.equals("/") || path.matches("/p\\d+")) {
            int i = path.equals("/") ? 0 : Integer.parseInt(path.substring(2));
            body = "<!doctype html><html><head><title>page " + i + "</title><link rel=stylesheet href=/style.css>"
                    + "<meta charset=utf-8></head><body><h1>Page " + i + "</h1><p>Some <b>text</b> &amp; more."
                    + "<a href=/p" + (i + 1) % PAGES + ">next</a> <a href='/p" + (i * 7 + 3) % PAGES + "'>on</a>"
                    + " <a href=/old>old</a> <a href=/missing>gone</a> <a href=/private/x>private</a>"
                    + " <a href=/tricky>tricky</a>"
                    + " <img src=/p" + (i * 3) % PAGES + " srcset='/p1 1x, /p2 2x'></p>"
                    + "<ul><li><em>one</em></li><li><code>two</code></li></ul><pre class=lang-java>x = 1;</pre>"
                    + "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></body></html>";
        } else {
            status = 404;
            body = "<html><body>Not found</body></html>";
        }
        byte[] bytes = body.getBytes(type.equals("text/html") ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
