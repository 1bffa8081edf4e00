// Drives loomcrawl's MCP server with the official MCP TypeScript SDK's client, as an agent's host does, over both
// transports at once in one run, and prints what the calls returned as one JSON object ({"stdio": ..., "http": ...})
// for McpClientsTest to check. Arguments: the npm cache (scripts/firecrawl/setup); the stdio server's command line as
// a JSON array; serve's /mcp URL and its API key; then the sites' URLs: the test site, a slow site (a crawl to
// cancel), another slow one (a check_links call the client cancels), and one neither server may reach (the guard).
const [, , cache, command, mcpUrl, key, site, slow, slower, refused] = process.argv;
const sdk = `${cache}/node_modules/@modelcontextprotocol/sdk/dist/esm`;
const { Client } = await import(`${sdk}/client/index.js`);
const { StdioClientTransport, getDefaultEnvironment } = await import(`${sdk}/client/stdio.js`);
const { StreamableHTTPClientTransport } = await import(`${sdk}/client/streamableHttp.js`);
const timeout = 120_000;
const t0 = Date.now();
const ms = {};
const timed = async (name, work) => {
  const from = Date.now();
  const r = await work;
  ms[name] = [from - t0, Date.now() - t0];
  return r;
};

const connect = async (transport) => {
  const client = new Client({ name: 'loomcrawl-test', version: '1.0.0' });
  await client.connect(transport);
  // a call that fails says which it was (a lost answer shows as the client's timeout)
  const call = async (name, args, progress) => {
    let r;
    try {
      r = await client.callTool({ name, arguments: args }, undefined,
        { timeout, onprogress: progress ? (p) => progress.push(p) : undefined });
    } catch (e) {
      throw new Error(`${name} ${JSON.stringify(args)} at ${Date.now() - t0} ms: ${e.message}`, { cause: e });
    }
    return { isError: r.isError ?? false, text: r.content?.[0]?.text, data: r.structuredContent };
  };
  return { client, call };
};

// follows a crawl to its end and reads all its pages with the cursors
const follow = async (call, id, progress) => {
  let status = await call('crawl_status', { id, wait: 60 }, progress);
  const urls = status.data.documents.map((d) => d.url);
  while (status.data.cursor && status.data.documents.length > 0 && status.data.state !== 'scraping'
    && urls.length < status.data.completed) {
    status = await call('crawl_status', { id, cursor: status.data.cursor });
    urls.push(...status.data.documents.filter((d) => !d.continued).map((d) => d.url));
  }
  return { ...status.data, urls, text: status.text };
};

const tools = async ({ client, call }) => {
  const out = { tools: (await client.listTools()).tools };
  out.scrape = await call('scrape', { url: `${site}/docs/install` });
  out.scrapeWholePage = await call('scrape', { url: `${site}/blog/hello`, onlyMainContent: false });
  out.scrapeMainOnly = await call('scrape', { url: `${site}/blog/hello` });
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
  out.crawlStatus = await follow(call, started.data.id, progress);
  out.search = await call('search_crawl', { id: started.data.id, query: 'restart the widget service' });
  out.searchApi = await call('search_crawl', { id: started.data.id, query: 'widget API calls', limit: 1 });
  out.searchNone = await call('search_crawl', { id: started.data.id, query: 'zebra "quantum" AND' });
  out.crawlProgress = progress.length;
  const focused = await call('crawl', { url: `${site}/`, limit: 20, query: 'how many calls does the widget API have' });
  if (focused.isError) throw new Error(`crawl: ${focused.text}`);
  out.focused = await follow(call, focused.data.id);
  const other = await call('crawl', { url: `${slow}/p0`, limit: 1000 });
  if (other.isError) throw new Error(`crawl: ${other.text}`);
  out.cancel = await call('crawl_cancel', { id: other.data.id });
  out.cancelled = (await call('crawl_status', { id: other.data.id })).data;
  const checked = [];
  out.checkLinks = await call('check_links', { url: `${site}/` }, checked);
  out.checkProgress = checked.length;
  out.badArgument = await call('crawl_status', { id: 'no-such-job' });
  out.guardScrape = await call('scrape', { url: `${refused}/` });
  out.guardCrawl = await call('crawl', { url: `${refused}/` });
  return out;
};

// the stdio server finds no Chromium (LOOMCRAWL_CHROMIUM names none): rendering is refused in one line
const noBrowser = async ({ call }) => ({
  scrape: await call('scrape', { url: `${site}/app`, render: true }),
  crawl: await call('crawl', { url: `${site}/app`, render: 'auto' }),
});

// serve renders with the machine's Chromium: a scrape with render, a crawl with render auto, each beside the same
// call without
const rendered = async ({ call }) => {
  const out = {};
  out.scrapePlain = await call('scrape', { url: `${site}/app` });
  out.scrapeRendered = await call('scrape', { url: `${site}/app`, render: true });
  const plain = await call('crawl', { url: `${site}/app`, limit: 5 });
  out.crawlPlain = await follow(call, plain.data.id);
  const auto = await call('crawl', { url: `${site}/app`, limit: 5, render: 'auto' });
  out.crawlAuto = { ...(await follow(call, auto.data.id)), started: auto.data };
  out.badRender = await call('crawl', { url: `${site}/app`, render: 'sometimes' });
  return out;
};

// check_links on a big slow site, cancelled by the client (its AbortSignal: notifications/cancelled) once three
// pages are done
const cancelled = async ({ client }) => {
  const controller = new AbortController();
  let progress = 0;
  try {
    await client.callTool({ name: 'check_links', arguments: { url: `${slower}/p0` } }, undefined, {
      timeout,
      signal: controller.signal,
      onprogress: (p) => {
        progress++;
        if (p.progress >= 3) controller.abort('enough');
      },
    });
    return { progress, ended: 'answered' };
  } catch (e) {
    return { progress, ended: controller.signal.aborted ? 'aborted' : `failed: ${e}` };
  }
};

const [command0, ...args] = JSON.parse(command);
// the HTTP side starts while the stdio server's JVM is still starting
const stdioConnected = timed('stdioConnect', connect(new StdioClientTransport({
  command: command0, args, stderr: 'inherit',
  env: { ...getDefaultEnvironment(), LOOMCRAWL_CHROMIUM: '/nonexistent/chromium' },
})));
const httpConnected = connect(new StreamableHTTPClientTransport(new URL(mcpUrl),
  { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
const [stdioOut, httpOut] = await Promise.all([
  (async () => {
    const stdio = await stdioConnected;
    return { ...(await timed('stdioTools', tools(stdio))), noBrowser: await timed('noBrowser', noBrowser(stdio)) };
  })(),
  (async () => {
    const http = await httpConnected;
    return { checkCancelled: await timed('cancel', cancelled(http)), ...(await timed('httpTools', tools(http))),
      rendered: await timed('rendered', rendered(http)) };
  })(),
]);
console.log(JSON.stringify({ stdio: stdioOut, http: httpOut, ms }));
await (await stdioConnected).client.close();
await (await httpConnected).client.close();
