"""A --content crawl's pages per second as a share of the crawl without, round by round, from alternate.py's --raw
file: for each build (a pair of commands NAME-without and NAME-content), the share in each round (the wall time without
over the wall time with, both runs of the same round, next to each other), then their median, minimum and maximum, and
the share of the median times and of the minimum times. The same for CPU time. A round's two runs see about the same
machine, which a ratio of medians over the whole run does not promise when its speed drifts.

With --pool, the rounds of one build from several runs (FILE:NAME, the pair NAME-without and NAME-content in FILE)
are taken together: their number, the median of their shares, and a 95% interval for that median (the 2.5th and
97.5th percentiles of the medians of 10,000 resamples of the rounds, with a fixed seed, so that the same files give the
same interval). On a shared machine a run of 20 rounds moves by two points from the next; the interval says how far
the rounds of all the runs together leave the median uncertain.

python3 scripts/bench/shares.py RAW_FILE
python3 scripts/bench/shares.py --pool RAW_FILE:NAME [RAW_FILE:NAME...]
"""
import json
import random
import statistics
import sys

RESAMPLES = 10_000


def shares(without, content):
    return [a / b for a, b in zip(without, content)]


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"shares.py: {path}: {e}")


def pair(data, path, build):
    """The runs of NAME-without and NAME-content in a raw file, each with its wall and CPU times."""
    try:
        without, content = data[build + "-without"], data[build + "-content"]
        return {k: without[k] for k in ("wall", "cpu")}, {k: content[k] for k in ("wall", "cpu")}
    except (KeyError, TypeError):
        sys.exit(f"shares.py: {path} has no {build}-without and {build}-content with wall and CPU times")


def table(path):
    runs = load(path)
    builds = [name[: -len("-without")] for name in runs if name.endswith("-without")]
    print("| build | rounds | wall share, median of rounds | min | max | of median walls | of min walls "
          "| CPU share, median of rounds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for build in builds:
        without, content = pair(runs, path, build)
        walls = shares(without["wall"], content["wall"])
        cpus = shares(without["cpu"], content["cpu"])
        print(f"| {build} | {len(walls)} | {statistics.median(walls):.1%} | {min(walls):.1%} | {max(walls):.1%} "
              f"| {statistics.median(without['wall']) / statistics.median(content['wall']):.1%} "
              f"| {min(without['wall']) / min(content['wall']):.1%} | {statistics.median(cpus):.1%} |")


def pool(specs):
    walls, cpus, runs = [], [], 0
    for spec in specs:
        path, sep, build = spec.rpartition(":")
        if not sep or not path or not build:
            sys.exit(f"shares.py: {spec}: expected FILE:NAME")
        without, content = pair(load(path), path, build)
        walls += shares(without["wall"], content["wall"])
        cpus += shares(without["cpu"], content["cpu"])
        runs += 1
    rng = random.Random(20261127)
    medians = sorted(statistics.median(rng.choices(walls, k=len(walls))) for _ in range(RESAMPLES))
    low, high = medians[int(0.025 * RESAMPLES)], medians[int(0.975 * RESAMPLES) - 1]
    print("| runs | rounds | wall share, median of rounds | 95% interval of that median | rounds at 70% or more "
          "| CPU share, median of rounds |")
    print("|---:|---:|---:|---:|---:|---:|")
    print(f"| {runs} | {len(walls)} | {statistics.median(walls):.1%} | {low:.1%} to {high:.1%} "
          f"| {sum(w >= 0.70 for w in walls)} | {statistics.median(cpus):.1%} |")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--pool":
        pool(sys.argv[2:])
    elif len(sys.argv) == 2:
        table(sys.argv[1])
    else:
        sys.exit(__doc__)
