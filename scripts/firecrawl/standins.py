#!/usr/bin/env python3
"""Local stand-ins for the internet sites Firecrawl's v2 end-to-end tests name (firecrawl.dev, example.com,
jsonplaceholder, httpbin, badssl, a Shift_JIS page, a PDF...), for scripts/firecrawl-tests: one server on ADDRESS,
ports 80 and 443 (certificates made here with openssl: standins.crt names every host, and scripts/firecrawl-tests
makes serve's JVM trust it; expired.badssl.com gets one nobody trusts), answering by Host. Each
site is data below, shaped by what the tests check (a page saying "Firecrawl", enough pages for a crawl's limit, a
sitemap, a JSON body, a PDF saying "PDF Test File"). Runs until killed. Writes HOSTS_FILE: the hosts, one per line, at
ADDRESS, in /etc/hosts' format (for the JVM's jdk.net.hosts.file).

  standins.py ADDRESS HOSTS_FILE WORK_DIR
"""
import html
import os
import ssl
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ADDRESS, HOSTS_FILE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
FIRECRAWL_PAGES = ["/pricing", "/blog", "/about", "/docs", "/changelog", "/careers", "/contact", "/privacy",
                   "/terms", "/status"] + ["/blog/post-%d" % i for i in range(1, 21)]


def page(title, body, links=()):
    items = "".join('<li><a href="%s">%s</a></li>' % (html.escape(h), html.escape(t)) for h, t in links)
    return ("<!doctype html><html lang=en><head><meta charset=utf-8><title>%s</title>"
            "<link rel=stylesheet href=/style.css></head><body><nav><ul>%s</ul></nav><main><h1>%s</h1><p>%s</p>"
            "</main></body></html>" % (html.escape(title), items, html.escape(title), body)).encode()


def firecrawl(path):
    links = [(p, p.strip("/").replace("/", " ") or "home") for p in FIRECRAWL_PAGES]
    links.append(("https://docs.firecrawl.dev/", "Docs"))
    if path in ("/", ""):
        return page("Firecrawl", "Firecrawl turns websites into LLM-ready data. Crawl, scrape and map any site "
                    "with Firecrawl, the web data API for AI.", links)
    if path in FIRECRAWL_PAGES:
        return page("Firecrawl " + path, "This is Firecrawl's %s page, with words enough to be its main content "
                    "for a reader and a crawler alike." % path, links[:12] + [("/", "Firecrawl")])
    return None


def pdf(text):
    """A one-page PDF showing `text` in Helvetica, with its cross-reference table."""
    stream = ("BT /F1 24 Tf 72 700 Td (%s) Tj ET" % text).encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> "
            b"/Contents 5 0 R >>", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


SJIS = "ぐ け げ こ ご さ ざ し じ す ず せ ぜ そ ぞ た"


def answer(host, path):
    """(status, content type, body) of a request, or None for a 404."""
    query = ""
    if "?" in path:
        path, query = path.split("?", 1)
    if path == "/robots.txt":
        return 200, "text/plain", ("User-agent: *\nAllow: /\nSitemap: https://%s/sitemap.xml\n" % host).encode()
    if path == "/style.css":
        return 200, "text/css", b"body { font-family: sans-serif }"
    if host in ("firecrawl.dev", "www.firecrawl.dev"):
        if path == "/sitemap.xml":
            urls = "".join("<url><loc>https://firecrawl.dev%s</loc></url>" % p for p in ["/"] + FIRECRAWL_PAGES)
            return 200, "application/xml", ('<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.'
                                            'sitemaps.org/schemas/sitemap/0.9">%s</urlset>' % urls).encode()
        body = firecrawl(path)
        return (200, "text/html; charset=utf-8", body) if body else None
    if host == "www.hfea.gov.uk" and path == "/sitemap.xml":  # query URLs, as map.test.ts expects of the real site
        urls = ["/", "/choose-a-clinic/"] + ["/choose-a-clinic/clinic-search/results/?options=%d" % i
                                              for i in range(1, 6)]
        return 200, "application/xml", ('<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.'
                                        'org/schemas/sitemap/0.9">%s</urlset>' % "".join(
                                            "<url><loc>https://www.hfea.gov.uk%s</loc></url>" % u for u in urls)
                                        ).encode()
    if host == "docs.firecrawl.dev":
        return 200, "text/html; charset=utf-8", page("Firecrawl Docs", "The documentation of Firecrawl.",
                                                     [("https://firecrawl.dev/", "Firecrawl")])
    if host == "www.orimi.com" and path == "/pdf-test.pdf":
        return 200, "application/pdf", pdf("PDF Test File")
    if host == "jsonplaceholder.typicode.com" and path.startswith("/todos/"):
        n = path.rsplit("/", 1)[1]
        return 200, "application/json; charset=utf-8", ('{\n  "userId": 1,\n  "id": %s,\n  "title": "delectus '
                                                        'aut autem",\n  "completed": false\n}' % n).encode()
    if host == "www.rtpro.yamaha.co.jp":
        body = ("<html><head><meta http-equiv=Content-Type content='text/html; charset=Shift_JIS'><title>SJIS"
                "</title></head><body><main><h1>Shift_JIS</h1><p>%s</p></main></body></html>" % SJIS)
        return 200, "text/html", body.encode("shift_jis")
    if host == "httpbin.org" and path == "/html":
        return 200, "text/html; charset=utf-8", page("Herman Melville - Moby-Dick", "Availing himself of the mild, "
                                                     "summer-cool weather that now reigned in these latitudes...")
    if host == "expired.badssl.com":
        return 200, "text/html; charset=utf-8", page("expired.badssl.com", "expired. badssl.com")
    if host in ("example.com", "www.example.com"):
        return 200, "text/html; charset=utf-8", page("Example Domain", "This domain is for use in examples.")
    return 200, "text/html; charset=utf-8", page(host, "A stand-in page of %s." % html.escape(host))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        host = (self.headers.get("Host") or "").split(":")[0].lower()
        got = answer(host, self.path)
        status, ctype, body = got if got else (404, "text/html", page("Not found", "No such page."))
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


HOSTS = ["firecrawl.dev", "www.firecrawl.dev", "docs.firecrawl.dev", "example.com", "www.example.com",
         "mendable.ai", "ecma-international.org", "www.orimi.com", "jsonplaceholder.typicode.com",
         "www.rtpro.yamaha.co.jp", "httpbin.org", "expired.badssl.com", "icanhazip.com", "iplocation.com",
         "docs.google.com", "www.researchgate.net", "www.hfea.gov.uk"]


def main():
    os.makedirs(WORK, exist_ok=True)
    key, cert = os.path.join(WORK, "standins.key"), os.path.join(WORK, "standins.crt")
    bad_key, bad_cert = os.path.join(WORK, "untrusted.key"), os.path.join(WORK, "untrusted.crt")
    for k, c, hosts in ((key, cert, [h for h in HOSTS if h != "expired.badssl.com"]),
                        (bad_key, bad_cert, ["expired.badssl.com"])):
        san = ",".join("DNS:" + h for h in hosts)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", k, "-out", c,
                        "-days", "2", "-subj", "/CN=" + hosts[0], "-addext", "subjectAltName=" + san],
                       check=True, capture_output=True)
    with open(HOSTS_FILE, "w") as f:
        f.write("127.0.0.1 localhost\n")
        for h in HOSTS:
            f.write("%s %s\n" % (ADDRESS, h))
    plain = ThreadingHTTPServer((ADDRESS, 80), Handler)
    tls = ThreadingHTTPServer((ADDRESS, 443), Handler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    untrusted = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    untrusted.load_cert_chain(bad_cert, bad_key)

    def by_name(sock, name, _):
        if name == "expired.badssl.com":
            sock.context = untrusted

    ctx.sni_callback = by_name
    tls.socket = ctx.wrap_socket(tls.socket, server_side=True)
    threading.Thread(target=plain.serve_forever, daemon=True).start()
    print("standins: listening on %s:80 and :443" % ADDRESS, flush=True)
    tls.serve_forever()


if __name__ == "__main__":
    main()
