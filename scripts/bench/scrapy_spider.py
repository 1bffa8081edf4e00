"""A plain Scrapy crawl of one site, for comparison with loomcrawl: follow every link on the site's host.

scrapy runspider scripts/bench/scrapy_spider.py -a root=URL -s CONCURRENT_REQUESTS=100
"""
from urllib.parse import urlparse

import scrapy
from scrapy.linkextractors import LinkExtractor


class SiteSpider(scrapy.Spider):
    name = "site"
    custom_settings = {
        "LOG_LEVEL": "ERROR",
        "ROBOTSTXT_OBEY": False,
        "CONCURRENT_REQUESTS_PER_DOMAIN": 100,
        "COOKIES_ENABLED": False,
        "TELNETCONSOLE_ENABLED": False,
    }

    def __init__(self, root, **kwargs):
        super().__init__(**kwargs)
        self.start_urls = [root]
        self.netloc = urlparse(root).netloc  # allow_domains would compare host:port with the host and match nothing
        self.links = LinkExtractor(deny_extensions=[])
        self.pages = 0

    def parse(self, response):
        self.pages += 1
        if b"html" not in response.headers.get("Content-Type", b""):
            return
        for link in self.links.extract_links(response):
            if urlparse(link.url).netloc == self.netloc:
                yield response.follow(link.url, self.parse)

    def closed(self, reason):
        print(f"scrapy-pages {self.pages}")
