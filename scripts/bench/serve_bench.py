"""Benchmarks of `loomcrawl serve` (issue 52): a crawl through Firecrawl's v2 API against the same crawl from the
command line, many scrapes at once, and the server's memory. Each subcommand starts a serve process of its own
(`LOOMCRAWL serve --listen 127.0.0.1:0 --allow-private --data DIR ...`, on a free port, its log in DIR's sibling),
stops it with SIGTERM at the end, and prints Markdown: tables in the style of alternate.py's.

python3 scripts/bench/serve_bench.py crawl [--rounds N] [--warmup N] [--limit N] [--poll S] LOOMCRAWL WORK ROOT
    Alternating rounds (alternate.py's way: each command once a round, so that a change in the machine's load
    falls on all of them): a crawl job through the API (POST /v2/crawl, polled every S seconds until it is no
    longer scraping, then its documents paged through `next` and counted), `crawl -q --content FILE ROOT`, and the
    same with `--state FILE`, which serve's jobs always have. The job asks for what the command line does by
    default: crawlEntireDomain (scope host), sitemap "skip" (no sitemaps), maxConcurrency 100 (max-tasks); its
    limit N (default 100000) is the command line's --max-pages too, and the server's --max-pages. Wall time is the
    whole job, POST to the last page of documents counted, against the whole process for the command line; CPU is
    the server's and the client's for the job, the process's for the command line. A second table splits the job's
    time into its parts.
python3 scripts/bench/serve_bench.py scrapes [--requests N] [--in-flight N] [--warmup N] [--max-scrapes N]
        LOOMCRAWL WORK URLS_FILE
    N POST /v2/scrape requests (default 2000) of the URLs in URLS_FILE (one a line, taken in turn), by a client of
    threads each with its own connection (Python's http.client), so that --in-flight requests (default 200) are in
    flight at once; after --warmup requests (default 400) made the same way and not counted. A row per
    --max-scrapes given (default: 256 and the server's default, 64): answers, 429s, p50 and p99 latency of the
    answered scrapes, scraped pages per second.
python3 scripts/bench/serve_bench.py memory [--requests N] [--in-flight N] [--limit N] [--settle S]
        LOOMCRAWL WORK ROOT URLS_FILE
    The server's VmRSS (and VmHWM, its peak) from /proc/PID/status: S seconds (default 5) after it started, after
    one crawl job of ROOT (paged through), after N scrapes (default 2000) of the URLs, --in-flight at a time
    (default 200; the server's --max-scrapes 256), and after a full collection ($JAVA_HOME/bin/jcmd PID GC.run),
    with the heap's size and use after it.
python3 scripts/bench/serve_bench.py webhooks [--rounds N] [--warmup N] [--limit N] [--retry-for D] LOOMCRAWL WORK ROOT
    Crawl jobs of ROOT (issue 53) without a webhook, with one to a receiver answering 200, and with one to a
    receiver answering 500 to everything (the server's --webhook-retry-for D, default 10s), alternated on one
    server: each job's crawl time from the server's log, the server's CPU, the deliveries received and the server's
    counts of them (after D and 5 s more, the failing ones given up).
python3 scripts/bench/serve_bench.py jit [--rounds N] [--limit N] LOOMCRAWL WORK ROOT
    The server's JIT (issue 70): two servers at once, one with the launcher's options for a crawl (C1 alone:
    -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1), one with serve's (C2 let in: -Xmx512m -XX:+UseSerialGC),
    given crawl jobs of ROOT in turn (N rounds, default 4; limit N pages, default 100000): each job's server CPU
    and wall time, the first job's apart from the later ones' median, and each server's VmRSS and VmHWM at the end.
"""
import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

TICK = os.sysconf("SC_CLK_TCK")
STARTED = []  # every server started, stopped at the end even when a run fails


def process_cpu(pid):
    """A process's CPU seconds so far (user + system), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class Serve:
    """A `loomcrawl serve` process on a free port of 127.0.0.1, its jobs in WORK/NAME, its log beside them; PREFIX
    runs it through another program that execs it (`taskset -c 0`, say), so that its pid is still the server's."""

    def __init__(self, loomcrawl, work, name, *options, prefix=()):
        self.data = os.path.join(work, name)
        shutil.rmtree(self.data, ignore_errors=True)
        self.log = self.data + ".log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen([*prefix, loomcrawl, "serve", "--listen", "127.0.0.1:0", "--allow-private",
                                             "--data", self.data, *options], stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 120
        while True:
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", self.text())
            if found:
                self.port = int(found.group(1))
                break
            if self.process.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"serve did not start:\n{self.text()}")
            time.sleep(0.1)
        self.pid = self.process.pid  # the launcher execs the JVM: this is the server's own process
        STARTED.append(self)

    def text(self):
        with open(self.log, encoding="utf-8", errors="replace") as f:
            return f.read()

    def cpu(self):
        """The server's CPU seconds so far (user + system)."""
        return process_cpu(self.pid)

    def memory(self):
        """VmRSS and VmHWM in MB."""
        values = {}
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                name, _, rest = line.partition(":")
                if name in ("VmRSS", "VmHWM"):
                    values[name] = int(rest.split()[0]) / 1024
        return values["VmRSS"], values["VmHWM"]

    def job_seconds(self, job):
        """How long the job crawled, from its log lines 'started' and 'completed'."""
        stamps = {}
        for line in self.text().splitlines():
            found = re.match(r"(\S+)Z INFO Jobs - job " + re.escape(job) + r" (started|completed)", line)
            if found:
                stamps[found.group(2)] = time.mktime(time.strptime(found.group(1)[:19], "%Y-%m-%dT%H:%M:%S")) \
                    + float("0" + found.group(1)[19:])
        return stamps["completed"] - stamps["started"]

    def stop(self):
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Api:
    """Requests on one kept-alive connection."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)

    def call(self, method, path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        self.connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status != 200:
            sys.exit(f"{method} {path}: {response.status} {data[:300]!r}")
        return json.loads(data)


def crawl_job(serve, root, limit, poll, webhook=None):
    """One crawl job, waited for and paged through: (documents, completed, seconds to the end of the scraping,
    seconds of paging, the job's id). With a webhook (its request field), the job calls it back."""
    api = Api(serve.port)
    start = time.perf_counter()
    request = {"url": root, "limit": limit, "maxConcurrency": 100, "crawlEntireDomain": True, "sitemap": "skip"}
    if webhook is not None:
        request["webhook"] = webhook
    job = api.call("POST", "/v2/crawl", request)
    status_path = urllib.parse.urlsplit(job["url"]).path
    while True:
        page = api.call("GET", status_path)
        if page["status"] != "scraping":
            break
        time.sleep(poll)
    scraped = time.perf_counter()
    if page["status"] != "completed":
        sys.exit(f"the job ended {page['status']}: {page.get('error')}")
    documents = len(page["data"])
    while page.get("next"):
        split = urllib.parse.urlsplit(page["next"])
        page = api.call("GET", split.path + "?" + split.query)
        documents += len(page["data"])
    return documents, page["completed"], scraped - start, time.perf_counter() - scraped, job["id"]


def run(command, output):
    """A whole process: (wall s, CPU s of it and its children, its standard output)."""
    start = time.perf_counter()
    with open(output, "wb") as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)}: exit {os.waitstatus_to_exitcode(status)}")
    with open(output, encoding="utf-8", errors="replace") as f:
        return wall, usage.ru_utime + usage.ru_stime, f.read()


def crawl(args):
    options, (loomcrawl, work, root) = flags(args, rounds=3, warmup=1, limit=100000, poll=0.5)
    rounds, warmup, limit, poll = (int(options["rounds"]), int(options["warmup"]), int(options["limit"]),
                                   float(options["poll"]))
    # finished jobs go 30 s after they end (the reaper looks every 7.5 s), so that the data folder stays small
    serve = Serve(loomcrawl, work, "serve-crawl", "--max-pages", str(limit), "--keep", "30s")
    content, state, out = (os.path.join(work, n) for n in ("content.jsonl", "state.db", "out.txt"))
    cli = [loomcrawl, "crawl", "-q", "--max-pages", str(limit), "--content", content, root]
    cli_state = [loomcrawl, "crawl", "-q", "--max-pages", str(limit), "--state", state, "--content", content, root]
    names = ["API: POST /v2/crawl, polled, paged", "`crawl -q --content`", "`crawl -q --state --content`"]
    rows = {name: {"wall": [], "cpu": [], "crawl": []} for name in names}
    parts = {"scraped": [], "paging": [], "documents": set(), "cli": set()}

    def api_round(record):
        cpu, client = serve.cpu(), time.process_time()
        start = time.perf_counter()
        documents, completed, scraped, paging, job = crawl_job(serve, root, limit, poll)
        wall = time.perf_counter() - start
        if record:
            row = rows[names[0]]
            row["wall"].append(wall)
            row["cpu"].append(serve.cpu() - cpu + time.process_time() - client)
            row["crawl"].append(serve.job_seconds(job))
            parts["scraped"].append(scraped)
            parts["paging"].append(paging)
            parts["documents"].add((documents, completed))

    def cli_round(name, command, record):
        for path in (state, state + "-wal", state + "-shm", content):
            if os.path.exists(path):
                os.remove(path)
        wall, cpu, text = run(command, out)
        if record:
            row = rows[name]
            row["wall"].append(wall)
            row["cpu"].append(cpu)
            row["crawl"].append(float(re.search(r"^Finished \d+ urls in ([\d.]+) secs", text, re.M).group(1)))
            done = re.search(r"^Done: (\d+)", text, re.M).group(1)
            pages = re.search(r"^Content: (\d+) pages", text, re.M)
            parts["cli"].add((int(done), int(pages.group(1)) if pages else 0))

    for r in range(warmup + rounds):
        api_round(r >= warmup)
        cli_round(names[1], cli, r >= warmup)
        cli_round(names[2], cli_state, r >= warmup)
    serve.stop()
    print("| command | runs | wall median s | wall min s | CPU median s | crawl median s | x API |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    api_wall = statistics.median(rows[names[0]]["wall"])
    for name in names:
        row = rows[name]
        wall = statistics.median(row["wall"])
        print(f"| {name} | {rounds} | {wall:.3f} | {min(row['wall']):.3f} | {statistics.median(row['cpu']):.3f} | "
              f"{statistics.median(row['crawl']):.3f} | {api_wall / wall:.2f} |")
    print()
    print("Each round's wall time, s: " + "; ".join(
        f"{name.split(':')[0]} {', '.join(f'{w:.1f}' for w in rows[name]['wall'])}" for name in names) + ".")
    print()
    print("The API job's parts (medians): POST to the poll that saw it completed "
          f"{statistics.median(parts['scraped']):.3f} s (the crawl itself, from the server's log: "
          f"{statistics.median(rows[names[0]]['crawl']):.3f} s); paging through the documents "
          f"{statistics.median(parts['paging']):.3f} s. Documents counted, and the job's `completed`: "
          f"{', '.join(f'{d} and {c}' for d, c in sorted(parts['documents']))}. Command line: URLs and pages "
          f"of content {', '.join(f'{d} and {p}' for d, p in sorted(parts['cli']))}. Poll every {poll} s, "
          f"limit {limit}.")


def scrape_run(port, urls, requests, in_flight):
    """N scrapes, `in_flight` at a time, each a 429 tried again after its Retry-After: (latencies of the answered
    ones, first try to answer, waits included; statuses counted, 429s included; wall s; client CPU s; the first
    failures to connect or read, one line each)."""
    latencies, statuses, failures, lock = [], {}, [], threading.Lock()
    taken = iter(range(requests))
    ready = threading.Barrier(in_flight + 1)

    def count(status):
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        ready.wait()
        while True:
            with lock:
                i = next(taken, None)
            if i is None:
                break
            body = json.dumps({"url": urls[i % len(urls)], "formats": ["markdown"]})
            start = time.perf_counter()
            while True:
                try:
                    connection.request("POST", "/v2/scrape", body, {"Content-Type": "application/json"})
                    response = connection.getresponse()
                    data = response.read()
                    status = response.status
                    if status == 200 and not data.startswith(b'{"success":true'):
                        status = -1
                except (OSError, http.client.HTTPException) as e:
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
                    with lock:
                        if len(failures) < 5:
                            failures.append(repr(e))
                    status = 0
                count(status)
                if status != 429:
                    break
                time.sleep(float(response.getheader("Retry-After", "1")))
            if status == 200:
                took = time.perf_counter() - start
                with lock:
                    latencies.append(took)
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(in_flight)]
    for t in threads:
        t.start()
    cpu = time.process_time()
    ready.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    return latencies, statuses, time.perf_counter() - start, time.process_time() - cpu, failures


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def scrapes(args):
    options, (loomcrawl, work, urls_file) = flags(args, requests=2000, in_flight=200, warmup=400,
                                                  max_scrapes="256,64")
    urls = read_urls(urls_file)
    requests, in_flight, warmup = int(options["requests"]), int(options["in_flight"]), int(options["warmup"])
    print("| --max-scrapes | requests | in flight | answered | 429 | other | p50 ms | p99 ms | pages/s | "
          "server CPU s | client CPU s |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    notes = []
    for cap in options["max_scrapes"].split(","):
        serve = Serve(loomcrawl, work, "serve-scrapes", "--max-scrapes", cap)
        scrape_run(serve.port, urls, warmup, in_flight)
        cpu = serve.cpu()
        latencies, statuses, wall, client, failures = scrape_run(serve.port, urls, requests, in_flight)
        cpu = serve.cpu() - cpu
        serve.stop()
        others = sorted((s, n) for s, n in statuses.items() if s not in (200, 429))
        other = sum(n for _, n in others)
        print(f"| {cap} | {requests} | {in_flight} | {statuses.get(200, 0)} | {statuses.get(429, 0)} | {other} | "
              f"{percentile(latencies, 50) * 1000:.0f} | {percentile(latencies, 99) * 1000:.0f} | "
              f"{statuses.get(200, 0) / wall:.0f} | {cpu:.1f} | {client:.1f} |")
        if other:
            notes.append(f"--max-scrapes {cap}: other answers {others} (0: no answer, -1: 200 without success); "
                         f"first failures: {'; '.join(failures)}")
    print()
    for note in notes:
        print(note)
        print()
    print(f"{len(urls)} URLs taken in turn; {warmup} requests made the same way before, not counted. A 429 is tried "
          "again after its Retry-After (the 429 column counts every one). Latency: from the request's first try to "
          "its answer read, of the answered scrapes; pages/s: answered scrapes over the run's wall time.")


def memory(args):
    options, (loomcrawl, work, root, urls_file) = flags(args, requests=2000, in_flight=200, limit=100000, settle=5)
    urls = read_urls(urls_file)
    settle, in_flight = float(options["settle"]), int(options["in_flight"])
    serve = Serve(loomcrawl, work, "serve-memory", "--max-pages", options["limit"], "--max-scrapes", "256")
    print("| when | VmRSS MB | VmHWM MB (peak so far) |")
    print("|---|---:|---:|")

    def row(when):
        time.sleep(settle)
        rss, hwm = serve.memory()
        print(f"| {settle:g} s after {when} | {rss:.0f} | {hwm:.0f} |")

    row("start")
    documents = crawl_job(serve, root, int(options["limit"]), 0.5)[0]
    row(f"one crawl job of {root} ({documents} documents, paged through)")
    statuses = scrape_run(serve.port, urls, int(options["requests"]), in_flight)[1]
    row(f"{options['requests']} scrapes, {in_flight} in flight ({statuses.get(200, 0)} answered)")
    jcmd = os.path.join(os.environ.get("JAVA_HOME", "/nonexistent"), "bin", "jcmd")
    if os.path.exists(jcmd):
        # what of it is the heap's garbage: a full collection, which the serial collector may follow by shrinking
        # the heap (the JVM's default MaxHeapFreeRatio), and the heap's size and use after it
        subprocess.run([jcmd, str(serve.pid), "GC.run"], stdout=subprocess.DEVNULL, check=True)
        info = subprocess.run([jcmd, str(serve.pid), "GC.heap_info"], capture_output=True, text=True).stdout
        sizes = re.findall(r"^(?:DefNew|Tenured)\s+total (\d+)K, used (\d+)K", info, re.M)
        committed, used = (sum(int(s[i]) for s in sizes) / 1024 for i in (0, 1))
        row(f"a full collection (`jcmd PID GC.run`): heap {committed:.0f} MB, {used:.0f} MB of it in use")
    serve.stop()


class Receiver:
    """A webhook receiver on 127.0.0.1 (a thread of this process) answering every delivery with STATUS."""

    def __init__(self, status):
        import http.server
        import threading
        counts = self.counts = {"deliveries": 0}

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                counts["deliveries"] += 1
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def webhooks(args):
    """Crawl jobs without a webhook, with one to a receiver that answers 200, and with one to a receiver that
    answers 500 to everything (retried for --webhook-retry-for, then given up), alternated on one server."""
    options, (loomcrawl, work, root) = flags(args, rounds=3, warmup=1, limit=100000, retry_for="10s")
    rounds, warmup, limit = int(options["rounds"]), int(options["warmup"]), int(options["limit"])
    serve = Serve(loomcrawl, work, "serve-webhooks", "--max-pages", str(limit), "--keep", "30s",
                  "--webhook-retry-for", options["retry_for"])
    good, failing = Receiver(200), Receiver(500)
    variants = [("no webhook", None), ("a receiver answering 200", good.url),
                ("a receiver answering 500", failing.url)]
    crawl_s = {name: [] for name, _ in variants}
    cpu_s = {name: [] for name, _ in variants}
    pages = set()
    for r in range(warmup + rounds):
        for name, url in variants:
            cpu = serve.cpu()
            documents, completed, scraped, paging, job = crawl_job(serve, root, limit, 0.5, url)
            if r >= warmup:
                crawl_s[name].append(serve.job_seconds(job))
                cpu_s[name].append(serve.cpu() - cpu)
                pages.add(completed)
    time.sleep(float(options["retry_for"].rstrip("s")) + 5)  # the failing deliveries given up
    metrics = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=60)
    metrics.request("GET", "/metrics")
    text = metrics.getresponse().read().decode()
    serve.stop()
    base = statistics.median(crawl_s["no webhook"])
    print("| job | runs | crawl median s (server log) | min s | CPU median s (server) | x no webhook |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, _ in variants:
        print(f"| {name} | {rounds} | {statistics.median(crawl_s[name]):.3f} | {min(crawl_s[name]):.3f} | "
              f"{statistics.median(cpu_s[name]):.3f} | {statistics.median(crawl_s[name]) / base:.2f} |")
    print()
    counters = dict(re.findall(r'^loomcrawl_serve_webhooks_total\{outcome="(\w+)"\} (\d+)', text, re.M))
    print(f"Pages a job: {', '.join(str(p) for p in sorted(pages))}. Deliveries received: answered 200 "
          f"{good.counts['deliveries']}, answered 500 {failing.counts['deliveries']} (attempts); the server's "
          f"counts: {', '.join(f'{k} {v}' for k, v in counters.items())}; --webhook-retry-for "
          f"{options['retry_for']}.")


def read_urls(path):
    with open(path) as f:
        urls = [line.strip() for line in f if line.strip()]
    if not urls:
        sys.exit(f"no URLs in {path}")
    return urls


def jit(args):
    options, rest = flags(args, rounds="4", limit="100000")
    if len(rest) != 3:
        sys.exit(__doc__)
    loomcrawl, work, root = rest
    rounds, limit = int(options["rounds"]), int(options["limit"])
    sets = {"C1 alone (crawl's)": "-Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1",
            "C2 let in (serve's)": "-Xmx512m -XX:+UseSerialGC"}
    servers = {}
    for i, (name, opts) in enumerate(sets.items()):
        os.environ["LOOMCRAWL_JAVA_OPTS"] = opts
        servers[name] = Serve(loomcrawl, work, f"serve-jit-{i}", "--max-pages", str(limit), "--keep", "30s")
    os.environ.pop("LOOMCRAWL_JAVA_OPTS")
    jobs = {name: [] for name in sets}
    for r in range(rounds):
        for name, serve in servers.items():
            cpu, start = serve.cpu(), time.perf_counter()
            _, completed, _, _, _ = crawl_job(serve, root, limit, 0.5)
            jobs[name].append((serve.cpu() - cpu, time.perf_counter() - start))
            print(f"round {r + 1}: {name}: {completed} pages, {jobs[name][-1][0]:.1f} CPU s, "
                  f"{jobs[name][-1][1]:.1f} s, load {load()}", file=sys.stderr, flush=True)
    print("| JVM options | first job CPU s | later jobs CPU s, median | later jobs wall s, median | VmRSS MB | VmHWM MB |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, serve in servers.items():
        later = jobs[name][1:] or jobs[name]
        rss, hwm = serve.memory()
        print(f"| {name}: `{sets[name]}` | {jobs[name][0][0]:.1f} | {statistics.median(j[0] for j in later):.1f} | "
              f"{statistics.median(j[1] for j in later):.1f} | {rss:.0f} | {hwm:.0f} |")


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def flags(args, **defaults):
    """--name VALUE options (dashes in names become underscores), then the positional arguments."""
    options, rest, it = dict(defaults), [], iter(args)
    for arg in it:
        if arg.startswith("--"):
            name = arg[2:].replace("-", "_")
            if name not in options:
                sys.exit(f"unknown option {arg}")
            options[name] = next(it)
        else:
            rest.append(arg)
    return options, rest


if __name__ == "__main__":
    commands = {"crawl": crawl, "scrapes": scrapes, "memory": memory, "webhooks": webhooks, "jit": jit}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    try:
        commands[sys.argv[1]](sys.argv[2:])
    finally:
        for server in STARTED:
            server.stop()
