-- KEYS: due, hinted, meta. ARGV: how many.
-- Returns {now ms, earliest due ms or -1, 1 if the crawl is finished else 0, origins due now...}.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local ready = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local reply = {now, tonumber(first[2]) or -1, redis.call('HEXISTS', KEYS[3], 'finished')}
for _, origin in ipairs(ready) do table.insert(reply, origin) end
return reply
