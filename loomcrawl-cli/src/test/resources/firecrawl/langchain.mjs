// LangChain.js's FireCrawlLoader (@langchain/community 1.1.14, with firecrawl-js 1.29.3: Firecrawl's v1 API) loads
// documents from a real `loomcrawl serve` in its three modes, as a user's program does, and prints what it loaded as
// one JSON object for LangChainLoaderTest to check. Arguments: the npm cache (scripts/firecrawl/setup langchain),
// serve's URL, its API key, the test site's URL.
const [, , cache, apiUrl, apiKey, site] = process.argv;
const { FireCrawlLoader } =
  await import(`${cache}/node_modules/@langchain/community/dist/document_loaders/web/firecrawl.js`);
const out = {};
const load = async (mode, url, params) => {
  const docs = await new FireCrawlLoader({ url, apiKey, apiUrl, mode, params }).load();
  return docs.map((d) => ({ pageContent: d.pageContent, metadata: d.metadata }));
};
out.scrape = await load('scrape', `${site}/p0`, { formats: ['markdown'] });
out.crawl = await load('crawl', `${site}/p0`, { limit: 12, allowBackwardLinks: true, ignoreSitemap: true,
  scrapeOptions: { formats: ['markdown'] } });
out.map = await load('map', `${site}/p0`, { ignoreSitemap: true });
console.log(JSON.stringify(out));
