-- KEYS: due, hinted. ARGV: origin, due ms (-1: nothing to do), info µs, wake-up channel.
-- The schedule keeps the newest view of each origin: a view older than the one it has is ignored.
-- An origin that becomes due now is announced on the channel, so that idle processes wake up for it.
local last = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or 0)
local info = tonumber(ARGV[3])
if info < last then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
local due = tonumber(ARGV[2])
if due < 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
local now = math.floor(info / 1000)
local before = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or -1)
redis.call('ZADD', KEYS[1], due, ARGV[1])
if due <= now and (before < 0 or before > now) then redis.call('PUBLISH', ARGV[4], ARGV[1]) end
return 1
