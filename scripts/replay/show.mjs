// Replays one page of a web archive in ReplayWeb.page, in headless Chromium, and prints the page's visible text.
//   node show.mjs ARCHIVE URL [TIMESTAMP]      (run through scripts/replay/show, which installs what it needs)
// ARCHIVE is a .wacz (or a .warc/.warc.gz, which ReplayWeb.page also opens). TIMESTAMP is 14 digits
// (20261123063447), a prefix of them (2026112306), or ISO-8601 (to the second): the capture shown must have it,
// else exit 1; without it ReplayWeb.page picks the capture (the latest). One server on 127.0.0.1 (an
// ephemeral port) serves ReplayWeb.page's files and the archive, with HTTP range requests, which ReplayWeb.page
// uses to read a WACZ. Exit 0 with the text on stdout; else exit 1 (2 for usage) and one line on stderr.
// Environment: REPLAY_CACHE (the directory whose node_modules holds playwright-core, required), RWP_DIR
// (ReplayWeb.page's unpacked package, required), CHROMIUM (default /usr/bin/chromium),
// REPLAY_TIMEOUT (seconds, default 60), REPLAY_DEBUG=1 (the browser's console and the requests on stderr).
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

let server, browser, problem = "", failed = false;

const [archive, archivedUrl, timestamp = ""] = process.argv.slice(2);
if (!archive || !archivedUrl || process.argv.length > 5) {
  usage("usage: show ARCHIVE.wacz ARCHIVED_URL [TIMESTAMP]");
}
if (!fs.existsSync(archive)) usage(`no such archive: ${archive}`);
const rwpDir = process.env.RWP_DIR;
if (!rwpDir || !fs.existsSync(path.join(rwpDir, "sw.js"))) usage("RWP_DIR does not hold ReplayWeb.page (sw.js)");
const { chromium } = createRequire(path.resolve(process.env.REPLAY_CACHE || ".", "package.json"))("playwright-core");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const timeoutMs = 1000 * Number(process.env.REPLAY_TIMEOUT || 60);
const debug = process.env.REPLAY_DEBUG === "1";
const ts = toTimestamp(timestamp);

const archiveName = path.basename(archive).replace(/[^A-Za-z0-9._-]/g, "_");
server = await serve(rwpDir, archiveName, archive);
const base = `http://127.0.0.1:${server.address().port}`;
const deadline = setTimeout(() => fail(`timed out after ${timeoutMs / 1000} s: ${lastProblem()}`), timeoutMs);
try {
  browser = await chromium.launch({
    executablePath,
    headless: true,
    // As root Chromium needs --no-sandbox; the rest keep it from reaching for Google's hosts on a closed network.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
  const page = await (await browser.newContext()).newPage();
  // Errors and warnings but the expected ones (404s for favicons, ruffle and the app's API probe) may explain a
  // failure: the last one goes into the failure's line.
  page.on("console", (m) => note(`console.${m.type()}: ${m.text()}`, /^(error|warning)$/.test(m.type())
    && !/^Failed to load resource|allowfullscreen/.test(m.text())));
  page.on("pageerror", (e) => note(`page error: ${e.message}`, true));
  const hash = new URLSearchParams({ url: archivedUrl, ...(ts && { ts }) });
  const appUrl = `${base}/index.html?source=${encodeURIComponent(`${base}/archive/${archiveName}`)}#${hash}`;
  note(`opening ${appUrl}`);
  await page.goto(appUrl, { waitUntil: "load" });
  const result = await replayedPage(page);
  clearTimeout(deadline);
  process.stdout.write(result.endsWith("\n") ? result : result + "\n");
  await close();
  process.exit(0);
} catch (e) {
  fail(e.message.split("\n")[0]);
}

// Waits for ReplayWeb.page's replay frame (/w/COLLECTION/TSmp_/URL, inside the app's shadow DOM) to hold the
// archived page, and returns its text; throws with ReplayWeb.page's own reason when it shows its error page.
async function replayedPage(page) {
  let lastFrames = "";
  for (;;) {
    for (const frame of page.frames()) {
      if (!/\/w\/.+\/\d*mp_\//.test(frame.url())) continue;
      const state = await frame.evaluate(() => ({
        ready: document.readyState,
        error: window.errorReason ? `${window.errorTitle}: ${window.errorReason}` : null,
        text: document.body ? document.body.innerText : "",
      })).catch(() => null); // the frame navigated away meanwhile: look again
      if (!state || state.ready !== "complete") continue;
      if (state.error) {
        throw new Error(`ReplayWeb.page shows no archived page for ${archivedUrl}${ts ? " at " + ts : ""} `
          + `(${state.error})${problem ? `; the browser's last warning: ${problem}` : ""}`);
      }
      note(`replay frame ${frame.url()}`);
      // The frame's path names the capture shown (ReplayWeb.page redirects a request to the nearest capture).
      const shown = /\/(\d*)mp_\//.exec(frame.url())[1];
      if (ts && !shown.startsWith(ts)) throw new Error(`ReplayWeb.page shows the capture of ${archivedUrl} at ${shown}, none at ${ts}`);
      return state.text;
    }
    const frames = page.frames().map((f) => f.url()).join(" ");
    if (frames !== lastFrames) note(`frames: ${(lastFrames = frames)}`);
    const appError = await page.evaluate(appErrorText).catch(() => null);
    if (appError) throw new Error(`ReplayWeb.page could not load ${archive}: ${appError}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ReplayWeb.page reports an archive it cannot load in its own UI (shadow DOM), not in a frame.
function appErrorText() {
  const seen = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (el.classList.contains("error")) seen.push(el.innerText); // its loader's <div class="error has-text-danger">
    }
  };
  walk(document);
  const text = seen.map((t) => (t || "").trim()).filter(Boolean).join(" ").replace(/\s+/g, " ");
  return text ? text.slice(0, 300) : null;
}

// A static server for ReplayWeb.page's files and the archive, with single byte ranges (all ReplayWeb.page asks).
function serve(root, name, archivePath) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".json": "application/json",
    ".wacz": "application/wacz", ".gz": "application/octet-stream", ".warc": "application/warc" };
  const srv = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const file = url.pathname === `/archive/${name}` ? archivePath
      : path.join(root, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ""));
    let stat;
    try { stat = fs.statSync(file); } catch { stat = null; }
    if (!stat || !stat.isFile()) { note(`${req.method} ${url.pathname} 404`); res.writeHead(404).end(); return; }
    const headers = { "Content-Type": types[path.extname(file)] || "application/octet-stream",
      "Accept-Ranges": "bytes", "Cache-Control": "no-store" };
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range || "");
    let start = 0, end = stat.size - 1, status = 200;
    if (m && (m[1] || m[2])) {
      start = m[1] ? Number(m[1]) : Math.max(0, stat.size - Number(m[2]));
      end = m[1] && m[2] ? Math.min(Number(m[2]), stat.size - 1) : stat.size - 1;
      if (start > end || start >= stat.size) {
        res.writeHead(416, { "Content-Range": `bytes */${stat.size}` }).end();
        return;
      }
      status = 206;
      headers["Content-Range"] = `bytes ${start}-${end}/${stat.size}`;
    }
    headers["Content-Length"] = end - start + 1;
    note(`${req.method} ${url.pathname} ${req.headers.range || ""} ${status}`);
    res.writeHead(status, headers);
    if (req.method === "HEAD" || stat.size === 0) res.end();
    else fs.createReadStream(file, { start, end }).pipe(res);
  });
  return new Promise((resolve) => srv.listen(0, "127.0.0.1", () => resolve(srv)));
}

function toTimestamp(t) {
  if (!t) return "";
  if (/^\d{4,14}$/.test(t)) return t;
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) usage(`bad timestamp ${t}: give 14 digits (20261123063447) or ISO-8601`);
  return d.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

function note(line, isProblem = false) {
  if (isProblem) problem = line.split("\n")[0].slice(0, 300);
  if (debug) process.stderr.write(`replay: ${line}\n`);
}
function lastProblem() {
  return `ReplayWeb.page did not show ${archivedUrl}${problem ? `; the browser's last warning: ${problem}` : ""}`;
}

async function close() {
  await browser?.close().catch(() => {});
  server?.close();
}

// One line, once (a timeout and the wait it cuts short both end here), then Chromium and the server are closed.
function fail(line) {
  if (failed) return;
  failed = true;
  process.stderr.write(`replay: ${line}\n`);
  close().finally(() => process.exit(1));
  setTimeout(() => process.exit(1), 3000).unref();
}

function usage(line) {
  process.stderr.write(`replay: ${line}\n`);
  process.exit(2);
}
