// Drives a real `loomcrawl serve` with Firecrawl's own clients, as a user's program does, and prints what they
// returned as one JSON object for FirecrawlClientsTest to check. Arguments: the npm cache (scripts/firecrawl/setup),
// serve's URL, its API key, the test site's URL.
import { spawn } from 'node:child_process';

const [, , cache, apiUrl, apiKey, site] = process.argv;
const { Firecrawl } = await import(`${cache}/node_modules/@mendable/firecrawl-js/dist/index.js`);
const app = new Firecrawl({ apiKey, apiUrl });
const out = {};

const doc = await app.scrape(`${site}/p0`, { formats: ['markdown', 'links'] });
out.scrape = { markdown: doc.markdown, links: doc.links, title: doc.metadata?.title,
  statusCode: doc.metadata?.statusCode, sourceURL: doc.metadata?.sourceURL };

out.map = (await app.map(`${site}/p0`, { sitemap: 'skip' })).links.map((l) => l.url);
out.mapSearch = (await app.map(`${site}/p0`, { sitemap: 'skip', search: 'p13' })).links.map((l) => l.url);

const crawl = await app.crawl(`${site}/p0`, { limit: 130, crawlEntireDomain: true, sitemap: 'skip',
  scrapeOptions: { formats: ['markdown'] }, pollInterval: 1, timeout: 90 });
out.crawl = { status: crawl.status, completed: crawl.completed, total: crawl.total,
  urls: crawl.data.map((d) => d.metadata.url), markdown: crawl.data.map((d) => d.markdown) };

const batch = await app.batchScrape([`${site}/p1`, `${site}/p2`, `${site}/p3`],
  { options: { formats: ['markdown'] }, pollInterval: 1, timeout: 60 });
out.batch = { status: batch.status, completed: batch.completed, urls: batch.data.map((d) => d.metadata.url),
  markdown: batch.data.map((d) => d.markdown) };

// Firecrawl's MCP server, over stdio, FIRECRAWL_API_URL pointed at serve: initialize, then call firecrawl_scrape
const mcp = spawn(process.execPath, [`${cache}/node_modules/firecrawl-mcp/dist/index.js`], {
  env: { ...process.env, FIRECRAWL_API_URL: apiUrl, FIRECRAWL_API_KEY: apiKey },
  stdio: ['pipe', 'pipe', 'inherit'] });
const waiting = new Map();
let buffered = '';
mcp.stdout.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, nl).trim();
    buffered = buffered.slice(nl + 1);
    if (!line) continue;
    const msg = JSON.parse(line);
    if (msg.id !== undefined && waiting.has(msg.id)) { waiting.get(msg.id)(msg); waiting.delete(msg.id); }
  }
});
let nextId = 1;
const call = (method, params) => new Promise((resolve) => {
  const id = nextId++;
  waiting.set(id, resolve);
  mcp.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
});
await call('initialize', { protocolVersion: '2025-03-26', capabilities: {},
  clientInfo: { name: 'loomcrawl-test', version: '1' } });
mcp.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
const result = await call('tools/call', { name: 'firecrawl_scrape',
  arguments: { url: `${site}/p0`, formats: ['markdown'] } });
out.mcp = result;
mcp.kill();

console.log(JSON.stringify(out));
process.exit(0);
