"""Times whole processes, alternating: round 1 runs each command once, in order, then round 2, and so on, so that
a change in the machine's load falls on every command alike. Wall time from the clock, CPU time (user + system, the
process and its children) from wait4's resource usage. Prints one Markdown row per command: median and minimum wall,
median CPU, in seconds. Exit statuses 0, 3 (loomcrawl: no root succeeded, as for a refused root) and 8 (wget: some
URL answered an error status) are runs that worked; a command none of whose runs did is flagged.

python3 scripts/bench/alternate.py [--rounds N] [--warmup N] [--header] [--versus NAME] [--raw FILE]
    NAME COMMAND [NAME COMMAND...]

COMMAND is run by /bin/sh with its standard output and error thrown away. With --versus NAME, a last column says how
many times faster each command's median wall time is than NAME's (so NAME's own is 1.0). With --raw FILE, every
run's wall and CPU time go to FILE as JSON ({"NAME": {"wall": [...], "cpu": [...]}}, in round order), for ratios taken
round by round (scripts/bench/shares.py).
"""
import json
import os
import statistics
import subprocess
import sys
import time


def run(command):
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(["/bin/sh", "-c", command], stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, child.returncode


def main(argv):
    rounds, warmup, header, versus, raw, commands = 10, 1, False, None, None, []
    args = iter(argv)
    for arg in args:
        if arg == "--rounds":
            rounds = int(next(args))
        elif arg == "--warmup":
            warmup = int(next(args))
        elif arg == "--header":
            header = True
        elif arg == "--versus":
            versus = next(args)
        elif arg == "--raw":
            raw = next(args)
        else:
            commands.append((arg, next(args)))
    for _ in range(warmup):
        for _, command in commands:
            run(command)
    walls = {name: [] for name, _ in commands}
    cpus = {name: [] for name, _ in commands}
    codes = {name: set() for name, _ in commands}
    for _ in range(rounds):
        for name, command in commands:
            wall, cpu, code = run(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
            codes[name].add(code)
    if raw:
        with open(raw, "w") as f:
            json.dump({name: {"wall": walls[name], "cpu": cpus[name]} for name, _ in commands}, f)
    if header:
        print("| command | runs | wall median s | wall min s | CPU median s |" + (f" x {versus} |" if versus else ""))
        print("|---|---:|---:|---:|---:|" + ("---:|" if versus else ""))
    for name, _ in commands:
        flag = "" if codes[name] & {0, 3, 8} else f" (failed: exit {sorted(codes[name])})"
        wall = statistics.median(walls[name])
        times = f" {statistics.median(walls[versus]) / wall:.2f} |" if versus else ""
        print(f"| {name}{flag} | {rounds} | {wall:.3f} | {min(walls[name]):.3f} | "
              f"{statistics.median(cpus[name]):.3f} |{times}")


if __name__ == "__main__":
    main(sys.argv[1:])
