"""Shared serve jobs (issue 70): one `loomcrawl serve --frontier redis://...` alone against two sharing the job,
alternated round by round (alternate.py's way), each round on a flushed Redis with servers started for it.

python3 scripts/bench/serve_shared.py [--rounds N] [--limit N] [--concurrency N] [--delay S] [--first S]
        [--poll S] [--pin 1] LOOMCRAWL WORK ROOT REDIS_PORT
    A round starts its servers (serve_bench.Serve: --allow-private, its own --data), posts one crawl job to the
    first (POST /v2/crawl: crawlEntireDomain, sitemap "skip", limit N, maxConcurrency N if given, Firecrawl's
    `delay` S if given; the per-host politeness is the job's default), and polls it every S seconds on that server
    until it is no longer scraping. Pages/s is the job's `completed` over the time from the POST to the poll that saw
    it end; "first S s" is `completed` at the first poll past S seconds, over that time (the slow start). CPU
    seconds of each server and of redis-server over the job, and Redis's scripts and calls a page (`INFO
    commandstats`, reset each round). The servers are stopped (SIGTERM) after each round.
    --pin 1 runs server i on core i alone (`taskset -c i`): one server has one core, two servers two, as a second
    machine would give them (a simulation: nginx, Redis and this client are not pinned, and share both cores).
"""
import statistics
import subprocess
import sys
import time
import urllib.parse

from serve_bench import STARTED, Api, Serve, flags, process_cpu


def redis(port, *command):
    return subprocess.run(["redis-cli", "-p", str(port), *command], check=True, capture_output=True,
                          text=True).stdout


def command_calls(port):
    """Redis's calls by command since the last reset: {name: calls}."""
    calls = {}
    for line in redis(port, "info", "commandstats").splitlines():
        if line.startswith("cmdstat_"):
            name, _, rest = line[len("cmdstat_"):].partition(":")
            calls[name] = int(rest.split("calls=")[1].split(",")[0])
    return calls


def job_round(servers, root, options, redis_port, redis_pid):
    api = Api(servers[0].port)
    request = {"url": root, "limit": int(options["limit"]), "crawlEntireDomain": True, "sitemap": "skip"}
    if options["concurrency"]:
        request["maxConcurrency"] = int(options["concurrency"])
    if options["delay"]:
        request["delay"] = float(options["delay"])
    first, poll = float(options["first"]), float(options["poll"])
    cpus, r0 = [s.cpu() for s in servers], process_cpu(redis_pid)
    start = time.perf_counter()
    job = api.call("POST", "/v2/crawl", request)
    path = urllib.parse.urlsplit(job["url"]).path
    early = None
    while True:
        page = api.call("GET", path)
        elapsed = time.perf_counter() - start
        if early is None and elapsed >= first:
            early = (page["completed"], elapsed)
        if page["status"] != "scraping":
            break
        time.sleep(poll)
    if page["status"] != "completed":
        sys.exit(f"the job ended {page['status']}: {page.get('error')}")
    if early is None:
        early = (page["completed"], elapsed)
    calls = command_calls(redis_port)
    scripts = sum(n for name, n in calls.items() if name in ("evalsha", "eval", "evalsha_ro", "fcall"))
    return {"pages": page["completed"], "wall": elapsed, "early": early[0] / early[1],
            "cpu": [s.cpu() - c for s, c in zip(servers, cpus)], "redis": process_cpu(redis_pid) - r0,
            "scripts": scripts / max(1, page["completed"]), "calls": sum(calls.values()) / max(1, page["completed"]),
            "top": sorted(calls.items(), key=lambda c: -c[1])[:8]}


def main(args):
    options, (loomcrawl, work, root, redis_port) = flags(args, rounds=3, limit=2000, concurrency="", delay="",
                                                         first=10, poll=0.5, pin="")
    redis_pid = int(redis(redis_port, "info", "server").split("process_id:")[1].split()[0])
    frontier = f"redis://127.0.0.1:{redis_port}"
    names = {1: "one server", 2: "two servers sharing the job"}
    rows = {n: [] for n in names}
    for r in range(int(options["rounds"])):
        for n in names:
            redis(redis_port, "flushall")
            redis(redis_port, "config", "resetstat")
            servers = [Serve(loomcrawl, work, f"shared-{i}", "--frontier", frontier, "--max-pages",
                             str(options["limit"]), prefix=("taskset", "-c", str(i)) if options["pin"] else ())
                       for i in range(n)]
            rows[n].append(job_round(servers, root, options, redis_port, redis_pid))
            for s in servers:
                s.stop()
                STARTED.remove(s)
            row = rows[n][-1]
            print(f"round {r + 1}, {names[n]}: {row['pages']} pages in {row['wall']:.1f} s, "
                  f"{row['pages'] / row['wall']:.1f} pages/s, first {options['first']} s {row['early']:.1f} pages/s, "
                  f"CPU {' + '.join(f'{c:.1f}' for c in row['cpu'])} s, redis {row['redis']:.1f} s, "
                  f"{row['scripts']:.2f} scripts and {row['calls']:.2f} calls a page; most called: "
                  f"{', '.join(f'{c} {k}' for c, k in row['top'])}", file=sys.stderr, flush=True)
    print(f"| run | rounds | pages | pages/s median | pages/s each round | first {options['first']} s, pages/s | "
          "wall median s | server CPU s (median, each server) | redis CPU s | Redis scripts a page | Redis calls a page |")
    print("|---|---:|---:|---:|---|---|---:|---|---:|---:|---:|")
    for n, name in names.items():
        got = rows[n]
        rates = [g["pages"] / g["wall"] for g in got]
        cpu = [statistics.median(g["cpu"][i] for g in got) for i in range(n)]
        early = ", ".join("%.1f" % g["early"] for g in got)
        print(f"| {name} | {len(got)} | {', '.join(sorted({str(g['pages']) for g in got}))} | "
              f"{statistics.median(rates):.1f} | {', '.join(f'{x:.1f}' for x in rates)} | "
              f"{early} | {statistics.median(g['wall'] for g in got):.1f} | "
              f"{' + '.join(f'{c:.1f}' for c in cpu)} | {statistics.median(g['redis'] for g in got):.1f} | "
              f"{statistics.median(g['scripts'] for g in got):.2f} | {statistics.median(g['calls'] for g in got):.2f} |")


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    try:
        main(sys.argv[1:])
    finally:
        for server in STARTED:
            server.stop()
