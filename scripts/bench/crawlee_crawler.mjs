// Crawlee's PlaywrightCrawler on Debian's Chromium (no browser download): the comparison of scripts/bench/render.
// Follows every <a href> on the root's host (enqueueLinks, same-hostname), CONCURRENCY pages at once, each page
// loaded to network idle; images, media and fonts blocked, as loomcrawl --render does by default. Prints
// "crawlee-pages N": the pages it handled, failed ones included. CONCURRENCY "auto" leaves it to Crawlee's
// autoscaled pool (its default).
//   node crawlee_crawler.mjs ROOT [CONCURRENCY|auto]
import { Configuration, PlaywrightCrawler } from 'crawlee';
import { chromium } from 'playwright-core';

const [root, concurrency = '2'] = process.argv.slice(2);
let pages = 0;
const crawler = new PlaywrightCrawler({
    launchContext: {
        launcher: chromium,
        useChrome: false,
        launchOptions: {
            executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
            args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
                '--disable-component-update', '--disable-sync'],
        },
    },
    ...(concurrency === 'auto' ? {} : { minConcurrency: Number(concurrency), maxConcurrency: Number(concurrency) }),
    maxRequestRetries: 1,
    navigationTimeoutSecs: 30,
    requestHandlerTimeoutSecs: 60,
    preNavigationHooks: [async ({ page }) => {
        await page.route('**/*', (route) => (['image', 'media', 'font'].includes(route.request().resourceType())
            ? route.abort() : route.continue()));
    }],
    async requestHandler({ page, enqueueLinks }) {
        await page.waitForLoadState('networkidle');
        pages++;
        await enqueueLinks({ strategy: 'same-hostname' });
    },
    failedRequestHandler() {
        pages++;
    },
}, new Configuration({ persistStorage: false, purgeOnStart: true }));
await crawler.run([root]);
console.log(`crawlee-pages ${pages}`);
