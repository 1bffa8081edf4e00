-- ARGV: perHost, delay ms. The origin's own minimum gap (robots.txt Crawl-delay, or a slow-down).
redis.call('HSET', state, 'delay', ARGV[2])
return {1, due(tonumber(ARGV[1])), info}
