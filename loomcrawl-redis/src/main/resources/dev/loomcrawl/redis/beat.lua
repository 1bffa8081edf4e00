-- KEYS: the crawl's processes hash. ARGV: process id, its line. Keeps the line, prefixed with the server's
-- time (ms), so that whoever reads it can tell how long ago the process was last heard of.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('HSET', KEYS[1], ARGV[1], now .. ' ' .. ARGV[2])
return {now}
