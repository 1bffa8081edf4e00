#!/usr/bin/env python3
"""Makes a second pass's WARC file look as loomcrawl's re-crawl will write it, until that exists.

    as-revisits.py LATER.warc.gz OUT.warc.gz EARLIER.warc.gz...

Copies LATER to OUT, record by record (one gzip member each), except that a response whose payload digest an
EARLIER file's response has becomes a revisit record (profile identical-payload-digest) of that first response:
its HTTP header block only, WARC-Refers-To, WARC-Refers-To-Target-URI and WARC-Refers-To-Date naming it. LATER's
own revisits are pointed at the same first response. Prints how many records it turned into revisits.
"""
import base64
import gzip
import hashlib
import sys
import uuid
import zlib

PROFILE = "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"


def records(path):
    """Yields (header lines, block bytes) for each record of a gzip-per-record WARC file."""
    data = open(path, "rb").read()
    while data:
        member = zlib.decompressobj(16 + zlib.MAX_WBITS)
        raw = member.decompress(data) + member.flush()
        data = member.unused_data
        head, _, rest = raw.partition(b"\r\n\r\n")
        lines = head.decode("utf-8").split("\r\n")
        length = int(field(lines, "Content-Length"))
        yield lines, rest[:length]


def field(lines, name):
    for line in lines[1:]:
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    return None


def sha1_b32(data):
    return "sha1:" + base64.b32encode(hashlib.sha1(data).digest()).decode()


def revisit(lines, block, first):
    """The revisit record that replaces a response (lines, block) whose payload `first` archived already."""
    http_head = block.partition(b"\r\n\r\n")[0] + b"\r\n\r\n"
    headers = [
        ("Content-Type", "application/http;msgtype=response"),
        ("WARC-Block-Digest", sha1_b32(http_head)),
        ("WARC-Date", field(lines, "WARC-Date")),
        ("WARC-Payload-Digest", field(lines, "WARC-Payload-Digest")),
        ("WARC-Profile", PROFILE),
        ("WARC-Record-ID", f"<urn:uuid:{uuid.uuid4()}>"),
        ("WARC-Refers-To", first["id"]),
        ("WARC-Refers-To-Date", first["date"]),
        ("WARC-Refers-To-Target-URI", first["uri"]),
        ("WARC-Target-URI", field(lines, "WARC-Target-URI")),
        ("WARC-Type", "revisit"),
    ]
    protocol = field(lines, "WARC-Protocol")
    if protocol:
        headers.append(("WARC-Protocol", protocol))
    return ["WARC/1.1", f"Content-Length: {len(http_head)}"] + [f"{k}: {v}" for k, v in headers], http_head


def repoint(lines, first):
    """A revisit of LATER pointed at the first response of its payload."""
    names = {"warc-refers-to": first["id"], "warc-refers-to-date": first["date"],
             "warc-refers-to-target-uri": first["uri"]}
    return [f"{line.partition(':')[0]}: {names[line.partition(':')[0].lower()]}"
            if line.partition(":")[0].lower() in names else line for line in lines]


def main(later, out, earlier):
    first = {}
    for path in earlier:
        for lines, _ in records(path):
            digest = field(lines, "WARC-Payload-Digest")
            if field(lines, "WARC-Type") == "response" and digest and digest not in first:
                first[digest] = {"id": field(lines, "WARC-Record-ID"), "date": field(lines, "WARC-Date"),
                                 "uri": field(lines, "WARC-Target-URI")}
    made = 0
    with open(out, "wb") as sink:
        for lines, block in records(later):
            kind, digest = field(lines, "WARC-Type"), field(lines, "WARC-Payload-Digest")
            if kind == "response" and digest in first and block.partition(b"\r\n\r\n")[2]:
                lines, block = revisit(lines, block, first[digest])
                made += 1
            elif kind == "revisit" and digest in first:
                lines = repoint(lines, first[digest])
            record = "\r\n".join(lines).encode("utf-8") + b"\r\n\r\n" + block + b"\r\n\r\n"
            sink.write(gzip.compress(record))
    print(f"as-revisits: {made} responses of {later} written as revisits of earlier captures")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit("usage: as-revisits.py LATER.warc.gz OUT.warc.gz EARLIER.warc.gz...")
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
