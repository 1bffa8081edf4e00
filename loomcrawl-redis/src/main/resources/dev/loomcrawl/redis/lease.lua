-- ARGV: token, lease ms, perHost, delay ms
-- Hands out the origin's next visit if a politeness slot is free and its gap has passed.
-- Returns {visit or '', the origin's gap ms (its own delay or the one asked), due, info}.
reclaim()
local perHost = tonumber(ARGV[3])
local again = redis.call('HGET', leased, ARGV[1])
if again then return {again, gap(tonumber(ARGV[4])), due(perHost), info} end -- a repeated call (its first answer was lost): same visit
if redis.call('LLEN', queue) == 0 or redis.call('ZCARD', active) >= perHost or nextStart() > now then
  return {'', 0, due(perHost), info}
end
local visit = redis.call('LPOP', queue)
local expiry = now + tonumber(ARGV[2])
redis.call('ZADD', leases, expiry, ARGV[1])
redis.call('ZADD', active, expiry, ARGV[1])
redis.call('HSET', leased, ARGV[1], visit)
local spacing = gap(tonumber(ARGV[4]))
redis.call('HSET', state, 'next', now + spacing)
return {visit, spacing, due(perHost), info}
