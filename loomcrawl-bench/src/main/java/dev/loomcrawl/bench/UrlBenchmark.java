package dev.loomcrawl.bench;

import dev.loomcrawl.url.WebUrl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * WHATWG URL parsing and resolution ({@link WebUrl#parse}, {@link WebUrl#resolve}), in operations per second
 * for one thread, over a fixed mix of the URL shapes crawls meet: absolute URLs with ports, queries,
 * percent-escapes, IPv4 and IDN hosts; and relative links as doc pages write them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@OutputTimeUnit(TimeUnit.SECONDS)
public class UrlBenchmark {
    private static final String[] ABSOLUTE = {
            "http://127.0.0.1:8017/java.base/java/lang/String.html",
            "https://docs.python.org/3/library/os.html#os.walk",
            "http://Example.COM:80/a/./b/../c/index.html?q=1&r=two",
            "https://www.example.org/search?q=caf%C3%A9+cr%C3%A8me&lang=fr",
            "http://0x7f.1/path with spaces/|pipe",
            "https://b\u00fccher.example/k\u00f6nig",
            "http://user:pass@host.example:8080/deep/path/to/some/resource.tar.gz",
            "https://example.com/",
    };
    private static final String[] RELATIVE = {
            "../../java.base/java/util/Map.html",
            "String.html#%3Cinit%3E(byte%5B%5D,int,int)",
            "#method-summary",
            "?page=2",
            "//cdn.example.net/lib.js",
            "/index.html",
            "os.path.html",
            "../_static/pygments.css?v=b3523f8e",
            "https://other.example/abs",
            "../../../legal/copyright.html",
    };
    private final WebUrl base = WebUrl.parse("http://127.0.0.1:8017/java.base/java/lang/String.html");
    private int nextParse;
    private int nextResolve;

    @Benchmark
    public WebUrl parse() {
        int i = nextParse;
        nextParse = i + 1 == ABSOLUTE.length ? 0 : i + 1;
        return WebUrl.parse(ABSOLUTE[i]);
    }

    @Benchmark
    public WebUrl resolve() {
        int i = nextResolve;
        nextResolve = i + 1 == RELATIVE.length ? 0 : i + 1;
        return base.resolve(RELATIVE[i]);
    }
}
