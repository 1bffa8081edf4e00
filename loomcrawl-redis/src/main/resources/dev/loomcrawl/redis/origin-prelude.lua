-- Shared by every script on one origin's keys (one hash tag, so one cluster slot).
-- KEYS: queue, seen, leases, leased, active, state, records, ended (CrawlKeys.origin).
-- Times are the Redis server's: ms for schedules and leases, and "info" in µs, the moment this
-- script's view of the origin was true (the schedule keeps the newest view of each origin).
local queue, seen, leases, leased, active, state, records, ended =
    KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local info = tonumber(clock[1]) * 1000000 + tonumber(clock[2])

-- Leases that ran out (their worker died or froze) go back to the head of the queue.
local function reclaim()
  local expired = redis.call('ZRANGEBYSCORE', leases, '-inf', now)
  for _, token in ipairs(expired) do
    local visit = redis.call('HGET', leased, token)
    if visit then redis.call('LPUSH', queue, visit) end
    redis.call('HDEL', leased, token)
    redis.call('ZREM', leases, token)
    redis.call('ZREM', active, token)
  end
  return #expired
end

local function earliest(zset)
  local first = redis.call('ZRANGE', zset, 0, 0, 'WITHSCORES')
  return tonumber(first[2])
end

local function nextStart()
  return tonumber(redis.call('HGET', state, 'next') or 0)
end

-- When this origin is next worth a look (ms), or -1 when it has nothing queued and nothing leased.
local function due(perHost)
  if redis.call('LLEN', queue) > 0 then
    if redis.call('ZCARD', active) < perHost then return math.max(now, nextStart()) end
    return earliest(active) -- a slot frees when a fetch is released, or at the latest when its lease runs out
  end
  if redis.call('ZCARD', leases) > 0 then return earliest(leases) end
  return -1
end

local function gap(asked)
  return math.max(asked, tonumber(redis.call('HGET', state, 'delay') or 0))
end

local function later(ms)
  if ms > 0 then redis.call('HSET', state, 'next', math.max(nextStart(), now + ms)) end
end

local function unlease(token)
  redis.call('ZREM', leases, token)
  redis.call('ZREM', active, token)
  redis.call('HDEL', leased, token)
end

-- Leases the origin's next visit to token if a politeness slot is free and the gap has passed; a token that
-- already holds a visit (a repeated call whose first answer was lost) gets the same one.
-- Returns the visit ('' if none) and the origin's gap (ms).
local function take(token, leaseMs, perHost, delayMs)
  local again = redis.call('HGET', leased, token)
  if again then return again, gap(delayMs) end
  if redis.call('LLEN', queue) == 0 or redis.call('ZCARD', active) >= perHost or nextStart() > now then
    return '', 0
  end
  local visit = redis.call('LPOP', queue)
  local expiry = now + leaseMs
  redis.call('ZADD', leases, expiry, token)
  redis.call('ZADD', active, expiry, token)
  redis.call('HSET', leased, token, visit)
  local spacing = gap(delayMs)
  redis.call('HSET', state, 'next', now + spacing)
  return visit, spacing
end
