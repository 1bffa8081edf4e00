// Drives loomcrawl's MCP server with the official MCP TypeScript SDK's client, as an agent's host does, and prints
// what the calls returned as one JSON object for McpClientsTest to check. Arguments: the npm cache
// (scripts/firecrawl/setup), the scenario ("tools" or "guard"), the transport ("stdio": the next argument is the
// command line as a JSON array; "http": serve's /mcp URL, then its API key), the test site's URL, and for "tools"
// a slow site's URL (a crawl to cancel).
const [, , cache, scenario, transport, target, key, site, slow] = process.argv;
const sdk = `${cache}/node_modules/@modelcontextprotocol/sdk/dist/esm`;
const { Client } = await import(`${sdk}/client/index.js`);
const client = new Client({ name: 'loomcrawl-test', version: '1.0.0' });
if (transport === 'stdio') {
  const { StdioClientTransport } = await import(`${sdk}/client/stdio.js`);
  const [command, ...args] = JSON.parse(target);
  await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
} else {
  const { StreamableHTTPClientTransport } = await import(`${sdk}/client/streamableHttp.js`);
  await client.connect(new StreamableHTTPClientTransport(new URL(target),
    { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
}
const timeout = 120_000;
const call = async (name, args, progress) => {
  const r = await client.callTool({ name, arguments: args }, undefined,
    { timeout, onprogress: progress ? (p) => progress.push(p) : undefined });
  return { isError: r.isError ?? false, text: r.content?.[0]?.text, data: r.structuredContent };
};
const out = { protocol: client.getServerVersion(), instructions: client.getInstructions() };

if (scenario === 'guard') {
  out.scrape = await call('scrape', { url: `${site}/` });
  out.crawl = await call('crawl', { url: `${site}/` });
} else {
  out.tools = (await client.listTools()).tools;
  out.scrape = await call('scrape', { url: `${site}/docs/install` });
  out.scrapeCut = await call('scrape', { url: `${site}/long` });
  let part = out.scrapeCut;
  let whole = part.text.replace(/\n\n\[cut: [^\]]*\]$/, '');
  for (let calls = 0; part.data?.cursor && calls < 20; calls++) {
    part = await call('scrape', { url: `${site}/long`, cursor: part.data.cursor });
    whole += part.text.replace(/\n\n\[cut: [^\]]*\]$/, '');
  }
  out.scrapeWhole = whole;
  out.map = await call('map', { url: `${site}/`, search: 'api reference' });
  const started = await call('crawl', { url: `${site}/`, limit: 20 });
  out.crawl = started;
  const progress = [];
  let status = await call('crawl_status', { id: started.data.id, wait: 60 }, progress);
  out.crawlProgress = progress.length;
  const urls = status.data.documents.map((d) => d.url);
  while (status.data.cursor && status.data.documents.length > 0 && status.data.state !== 'scraping'
    && urls.length < status.data.completed) {
    status = await call('crawl_status', { id: started.data.id, cursor: status.data.cursor });
    urls.push(...status.data.documents.filter((d) => !d.continued).map((d) => d.url));
  }
  out.crawlStatus = { ...status.data, urls, text: status.text };
  const other = await call('crawl', { url: `${slow}/p0`, limit: 1000 });
  if (other.isError) throw new Error(`crawl: ${other.text}`);
  out.cancel = await call('crawl_cancel', { id: other.data.id });
  out.cancelled = (await call('crawl_status', { id: other.data.id })).data;
  const checked = [];
  out.checkLinks = await call('check_links', { url: `${site}/` }, checked);
  out.checkProgress = checked.length;
  out.badArgument = await call('crawl_status', { id: 'no-such-job' });
}
console.log(JSON.stringify(out));
await client.close();
