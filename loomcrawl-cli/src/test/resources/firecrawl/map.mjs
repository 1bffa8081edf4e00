// Maps a whole site through a real `loomcrawl serve` with Firecrawl's JS SDK and with the MCP TypeScript SDK's client
// (serve's /mcp), and prints what they returned as one JSON object for MapPythonDocsTest. Arguments: the npm cache
// (scripts/firecrawl/setup), serve's URL, its API key, the site's root URL.
const [, , cache, apiUrl, apiKey, root] = process.argv;
const { Firecrawl } = await import(`${cache}/node_modules/@mendable/firecrawl-js/dist/index.js`);
const sdk = `${cache}/node_modules/@modelcontextprotocol/sdk/dist/esm`;
const { Client } = await import(`${sdk}/client/index.js`);
const { StreamableHTTPClientTransport } = await import(`${sdk}/client/streamableHttp.js`);
const app = new Firecrawl({ apiKey, apiUrl });
const out = {};

let t = Date.now();
out.map = (await app.map(root, { limit: 5000 })).links.map((l) => l.url);
out.mapMs = Date.now() - t;
out.search = (await app.map(root, { search: 'asyncio event loop', limit: 10 })).links.map((l) => l.url);

const client = new Client({ name: 'loomcrawl-test', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(`${apiUrl}/mcp`),
  { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }));
out.mcp = [];
let cursor;
t = Date.now();
do { // a long list is cut: read on with its cursor
  const r = await client.callTool({ name: 'map', arguments: { url: root, limit: 5000, ...(cursor ? { cursor } : {}) } },
    undefined, { timeout: 120_000 });
  out.mcp.push(...r.structuredContent.links.map((l) => l.url));
  cursor = r.structuredContent.cursor;
} while (cursor);
out.mcpMs = Date.now() - t;
const s = await client.callTool({ name: 'map', arguments: { url: root, search: 'asyncio event loop', limit: 5 } });
out.mcpSearch = s.structuredContent.links.map((l) => l.url);
await client.close();
console.log(JSON.stringify(out));
process.exit(0);
