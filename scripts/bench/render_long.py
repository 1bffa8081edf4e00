#!/usr/bin/env python3
"""Runs a rendered crawl and samples, every 2 s, the summed PSS of its process tree (as tree_usage.py does) and the
rendered pages so far (lines of its --output with "rendered": true). Writes the samples to SAMPLES (seconds, rendered
pages, PSS MB) and prints the peak PSS up to 2,000 rendered pages, the peak over the whole crawl, and their ratio.
    render_long.py SAMPLES RECORDS COMMAND..."""
import os
import subprocess
import sys
import time

from tree_usage import pss_kb, tree


def main():
    samples_file, records, command = sys.argv[1], sys.argv[2], sys.argv[3:]
    start = time.monotonic()
    proc = subprocess.Popen(command)
    rendered, offset, rows = 0, 0, []
    while True:
        done = proc.poll() is not None
        try:
            with open(records, 'rb') as f:
                if os.fstat(f.fileno()).st_size < offset:  # the crawl truncated a file left by an earlier run
                    rendered, offset = 0, 0
                f.seek(offset)
                chunk = f.read()
            cut = chunk.rfind(b'\n') + 1
            rendered += chunk[:cut].count(b'"rendered":true')
            offset += cut
        except FileNotFoundError:
            pass
        pss = sum(pss_kb(p) for p in tree(proc.pid)) / 1024
        rows.append((time.monotonic() - start, rendered, pss))
        if done:
            break
        time.sleep(2)
    with open(samples_file, 'w') as f:
        f.write('seconds\trendered\tpss_mb\n')
        for s, r, m in rows:
            f.write(f'{s:.0f}\t{r}\t{m:.0f}\n')
    early = max((m for s, r, m in rows if r <= 2000), default=0)
    peak = max(m for s, r, m in rows)
    print(f'{rendered} pages rendered in {rows[-1][0]:.0f} s ({rendered / rows[-1][0]:.1f} pages/s); peak PSS up to '
          f'2,000 rendered: {early:.0f} MB; over the crawl: {peak:.0f} MB ({peak / early:.2f} times)')
    sys.exit(proc.returncode)


if __name__ == '__main__':
    main()
