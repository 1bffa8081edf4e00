-- KEYS: the crawl's processes hash (so that the time is that of the node beat.lua runs on). The server's
-- time, ms.
local clock = redis.call('TIME')
return {tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)}
