"""Summarises an async-profiler collapsed-stack file (one line per stack: frames;...;frames COUNT) as Markdown:
where the process's CPU went by category (JIT compilers, GC, link extraction, URL resolution, HTTP, ...), then the
hottest methods by self time.

python3 scripts/bench/profile_summary.py FILE [TOP]
"""
import collections
import sys

# The first rule that matches a stack names its category: compiler and GC threads first, then the innermost
# loomcrawl package on the stack (so JDK code called by the extractor counts as extraction), then Jetty.
JIT = ("CompileBroker", "C2Compiler", "Compilation::", "Compile::")
GC = ("G1", "GCTask", "WorkerThread::run", "SerialHeap", "DefNewGeneration", "TenuredGeneration", "VM_GC_Operation")
PACKAGES = [("dev/loomcrawl/url/", "URL resolution (url)"), ("dev/loomcrawl/extract/", "link extraction (extract)"),
            ("dev/loomcrawl/fetch/", "HTTP (fetch, Jetty, kernel)"), ("org/eclipse/jetty/", "HTTP (fetch, Jetty, kernel)"),
            ("dev/loomcrawl/frontier/", "frontier"), ("dev/loomcrawl/cli/", "command line (progress, report)"),
            ("dev/loomcrawl/report/", "command line (progress, report)"), ("dev/loomcrawl/", "crawl loop, scope, limits")]


def category(frames):
    joined = ";".join(frames)
    if any(k in joined for k in JIT):
        return "JIT compilers"
    if any(k in joined for k in GC):
        return "garbage collector"
    for frame in reversed(frames):
        for prefix, name in PACKAGES:
            if frame.startswith(prefix):
                return name
    if "ForkJoinPool" in joined or "DelayScheduler" in joined or "Continuation" in joined:
        return "virtual-thread scheduling"
    return "other (start-up, class loading, JVM)"


def main():
    path = sys.argv[1]
    top_n = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    categories, methods, total = collections.Counter(), collections.Counter(), 0
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not count.isdigit():
                continue
            frames = stack.split(";")
            n = int(count)
            total += n
            categories[category(frames)] += n
            methods[frames[-1]] += n
    print(f"{total} samples\n")
    print("| where | share of CPU |\n|---|---:|")
    for name, n in categories.most_common():
        print(f"| {name} | {100 * n / total:.1f}% |")
    print(f"\n| hottest methods (self time) | share |\n|---|---:|")
    for name, n in methods.most_common(top_n):
        print(f"| `{name.replace('/', '.')}` | {100 * n / total:.1f}% |")


if __name__ == "__main__":
    main()
