"""Compares the URLs `wget -r` requested with those loomcrawl fetched on one site (scripts/bench/wget-compare).

    python3 wget_compare.py SITE WGET_LOG LOOMCRAWL_JSONL MIRROR_DIR

Prints the counts as one Markdown table row on standard output, and the URLs only one side has on standard error
(up to 50 each; for a URL only wget requested, the mirrored files that mention its file name, which is where to
look for the referring element). Exits 1 when wget requested a URL loomcrawl did not fetch, unless SAME_LINK below
pairs it with one loomcrawl did fetch.

wget's side: every `--DATE TIME--  URL` line of its default log (one per request, 404s and redirects included),
but /robots.txt, which loomcrawl fetches too and does not record as a URL. loomcrawl's side: every record of
--output with a status (a response came); records without one (skipped, or no response) are counted apart.
Both sides are normalized alike (RFC 3986 section 6.2.2): scheme and host in lower case, no fragment, percent
escapes in upper case, escapes of unreserved characters decoded, characters a URL may not hold (non-ASCII, space)
escaped as UTF-8.
"""
import json
import os
import re
import sys
from urllib.parse import urlsplit

# wget's URL path -> (loomcrawl's URL path for the same link, why they are spelled differently), per site.
SAME_LINK = {
    "boost": {
        "/doc/html/boost/yap/operator%25.html": (
            "/doc/html/boost/yap/operator%.html",
            'href="../boost/yap/operator%.html" in yap/reference.html: wget escapes the lone % as %25, loomcrawl '
            "sends it as written (as browsers do, WHATWG URL); nginx serves the same file to both",
        ),
    },
}
UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
ALLOWED = UNRESERVED | set(":/?#[]@!$&'()*+,;=%")
ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
WGET_REQUEST = re.compile(r"^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d--  (\S+)$")
WGET_STATUS = re.compile(r"^HTTP request sent, awaiting response\.\.\. (\d+)")
SHOWN = 50


def normalize(url):
    parts = urlsplit(url)
    rest = parts.path + ("?" + parts.query if parts.query else "")
    rest = ESCAPE.sub(lambda m: chr(int(m[1], 16)) if chr(int(m[1], 16)) in UNRESERVED else "%" + m[1].upper(), rest)
    rest = "".join(c if c in ALLOWED else "".join(f"%{b:02X}" for b in c.encode()) for c in rest)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}{rest}"


def path_of(url):
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def wget_urls(log):
    """Each URL wget requested (but robots.txt), with the status of its answer (None: no answer)."""
    urls, url = {}, None
    with open(log, encoding="utf-8", errors="surrogateescape") as lines:
        for line in lines:
            if request := WGET_REQUEST.match(line.rstrip("\n")):
                url = None if urlsplit(request[1]).path == "/robots.txt" else normalize(request[1])
                if url:
                    urls[url] = None
            elif (status := WGET_STATUS.match(line)) and url:
                urls[url] = int(status[1])
    return urls


def loomcrawl_records(jsonl):
    fetched, unfetched, not_found = {}, 0, 0
    with open(jsonl, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            if record["status"] is None:
                unfetched += 1
                continue
            fetched[normalize(record["url"])] = record
            not_found += record["status"] == 404
    return fetched, unfetched, not_found


def mentions(mirror, urls):
    """The mirrored text files that mention each URL's file name: where the references to it are."""
    names = {url: os.path.basename(urlsplit(url).path.rstrip("/")).encode() for url in urls}
    found = {url: [] for url in urls}
    for folder, _, files in os.walk(mirror):
        for file in files:
            if not file.split("?")[0].endswith((".html", ".htm", ".css", ".js", ".svg", ".xml")):
                continue
            path = os.path.join(folder, file)
            with open(path, "rb") as f:
                text = f.read()
            for url, name in names.items():
                if name and name in text:
                    found[url].append(os.path.relpath(path, mirror).split("/", 1)[-1])
    return found


def main(site, log, jsonl, mirror):
    wget_status = wget_urls(log)
    wget = set(wget_status)
    fetched, unfetched, not_found = loomcrawl_records(jsonl)
    ours = set(fetched)
    only_wget = sorted(wget - ours)
    allowed = {}  # wget's URL -> (loomcrawl's, why)
    for url in only_wget:
        path, why = SAME_LINK.get(site, {}).get(path_of(url), (None, None))
        counterpart = path and normalize(f"{urlsplit(url).scheme}://{urlsplit(url).netloc}{path}")
        if counterpart in ours:
            allowed[url] = (counterpart, why)
    missing = [u for u in only_wget if u not in allowed]
    only_ours = sorted(ours - wget - {counterpart for counterpart, _ in allowed.values()})
    report = sys.stderr
    print(f"{site}: wget requested {len(wget)} URLs, loomcrawl fetched {len(ours)}", file=report)
    for url, (counterpart, why) in allowed.items():
        print(f"  same link, spelled apart: wget {url}, loomcrawl {counterpart}: {why}", file=report)
    referrers = mentions(mirror, missing[:SHOWN])
    for url in missing[:SHOWN]:
        where = referrers[url]
        named = ", ".join(where[:3]) + (f" and {len(where) - 3} more" if len(where) > 3 else "")
        print(f"  only wget: {url}  (status {wget_status[url]}; its name is in: {named or 'no mirrored file'})",
              file=report)
    for url in only_ours[:SHOWN]:
        print(f"  only loomcrawl: {url}  (status {fetched[url]['status']}, from {fetched[url]['referrer']})",
              file=report)
    for kind, urls in (("only wget", missing), ("only loomcrawl", only_ours)):
        if len(urls) > SHOWN:
            print(f"  ... and {len(urls) - SHOWN} more {kind}", file=report)
    print(f"| {site} | {len(ours)} | {len(wget)} | {len(wget & ours) + len(allowed)} | {len(missing)} | "
          f"{len(only_ours)} | {len(allowed)} | {not_found} | {unfetched} |")
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
