#!/usr/bin/env python3
"""Runs a command and prints, on one line to the file named first, what it and every process it started used:
wall seconds, CPU seconds (user + system, children reaped by their parents included) and the peak of the summed
PSS of the whole process tree, sampled every 100 ms, in kB (PSS shares each shared page among the processes that
map it, so a browser's processes are not counted many times over). It makes itself the subreaper of the tree
(prctl PR_SET_CHILD_SUBREAPER), so that processes orphaned on the way (a browser whose watchdog was killed) are
reaped here and their CPU counted too.
    tree_usage.py OUT_FILE COMMAND..."""
import ctypes
import os
import resource
import subprocess
import sys
import threading
import time


def tree(pid):
    """pid and its descendants, from /proc."""
    children = {}
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                with open(f'/proc/{entry}/stat') as f:
                    ppid = int(f.read().rsplit(')', 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def pss_kb(pid):
    try:
        with open(f'/proc/{pid}/smaps_rollup') as f:
            for line in f:
                if line.startswith('Pss:'):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def reap_orphans(deadline):
    """Waits (until deadline) for the processes reparented here, so that their CPU is in RUSAGE_CHILDREN."""
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.05)


def main():
    out_file, command = sys.argv[1], sys.argv[2:]
    start = time.monotonic()
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    proc = subprocess.Popen(command)
    peak = 0
    done = threading.Event()

    def sample():
        nonlocal peak
        while not done.is_set():
            peak = max(peak, sum(pss_kb(p) for p in tree(proc.pid)))
            done.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    status = proc.wait()
    wall = time.monotonic() - start
    reap_orphans(time.monotonic() + 15)
    done.set()
    sampler.join()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(out_file, 'w') as f:
        f.write(f'{wall:.2f} {usage.ru_utime + usage.ru_stime:.2f} {peak}\n')
    sys.exit(status)


if __name__ == '__main__':
    main()
