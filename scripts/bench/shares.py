"""A --content crawl's pages per second as a share of the crawl without, round by round, from alternate.py's --raw
file: for each build (a pair of commands NAME-without and NAME-content), the share in each round (the wall time without
over the wall time with, both runs of the same round, next to each other), then their median, minimum and maximum, and
the share of the median times and of the minimum times. The same for CPU time. A round's two runs see about the same
machine, which a ratio of medians over the whole run does not promise when its speed drifts.

python3 scripts/bench/shares.py RAW_FILE
"""
import json
import statistics
import sys


def main(path):
    runs = json.load(open(path))
    builds = [name[: -len("-without")] for name in runs if name.endswith("-without")]
    print("| build | rounds | wall share, median of rounds | min | max | of median walls | of min walls "
          "| CPU share, median of rounds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for build in builds:
        without, content = runs[build + "-without"], runs[build + "-content"]
        walls = [a / b for a, b in zip(without["wall"], content["wall"])]
        cpus = [a / b for a, b in zip(without["cpu"], content["cpu"])]
        print(f"| {build} | {len(walls)} | {statistics.median(walls):.1%} | {min(walls):.1%} | {max(walls):.1%} "
              f"| {statistics.median(without['wall']) / statistics.median(content['wall']):.1%} "
              f"| {min(without['wall']) / min(content['wall']):.1%} | {statistics.median(cpus):.1%} |")


if __name__ == "__main__":
    main(sys.argv[1])
