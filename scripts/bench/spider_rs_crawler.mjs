// spider-rs (the Rust crawler's Node binding, npm @spider-rs/spider-rs) crawling ROOT the way loomcrawl's default
// crawl does: robots.txt respected, every resource (stylesheets, scripts, images) fetched, not only pages. Prints
// "spider-rs-pages N": the URLs it visited.
//   node spider_rs_crawler.mjs ROOT  (a root ending in a file name, such as /index.html, stops it after one page:
// give the directory)
import { Website } from '@spider-rs/spider-rs';

const [root] = process.argv.slice(2);
const website = new Website(root).withRespectRobotsTxt(true).withFullResources(true).build();
await website.crawl();
console.log(`spider-rs-pages ${website.getLinks().length}`);
