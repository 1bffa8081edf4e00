-- ARGV: perHost, token, record, pause ms, '1' if the record is an error (a failure or a 4xx/5xx), and to lease
-- the origin's next visit in the same call: a token ('' for none), lease ms, delay ms.
-- The visit is finished: its record is kept and its lease (and its politeness slot, if still held) ends,
-- atomically; the origin then waits at least the pause. Then the origin's next visit is leased, as lease.lua does,
-- if another slot than the one just freed is free.
-- Fencing: if the lease ran out (and the visit went back to the queue) the record is refused (0 first).
-- A completion repeated after its first answer was lost (Redis killed between running the script and answering,
-- and the call sent again, by the client on reconnecting or by RedisLink) finds its token among the origin's
-- recent completions (the ended set: the newest 10,000 of the last 10 minutes; the set expires 10 minutes after
-- the origin's last completion) and answers 2, not 0.
-- Returns {1 if completed, 2 if this token had completed before, else 0; the next visit or ''; its gap ms; due;
-- info}.
local perHost = tonumber(ARGV[1])
local completed = 0
if redis.call('HEXISTS', leased, ARGV[2]) == 1 then
  unlease(ARGV[2])
  later(tonumber(ARGV[4]))
  redis.call('RPUSH', records, ARGV[3])
  redis.call('HINCRBY', state, 'done', 1)
  if ARGV[5] == '1' then redis.call('HINCRBY', state, 'errors', 1) end
  completed = 1
  redis.call('ZADD', ended, now, ARGV[2])
  redis.call('ZREMRANGEBYSCORE', ended, '-inf', now - 600000)
  redis.call('ZREMRANGEBYRANK', ended, 0, -10001)
  redis.call('PEXPIRE', ended, 600000)
elseif redis.call('ZSCORE', ended, ARGV[2]) then
  completed = 2
end
local visit, spacing = '', 0
reclaim()
-- Leased ahead only while the origin keeps a slot free for the other processes: when its slots are all taken,
-- the slot this visit frees goes to whichever process asks first, so a process cannot keep an origin to itself.
-- (A repeated call whose first answer was lost gets the visit its token already holds.)
if ARGV[6] ~= '' and (redis.call('HEXISTS', leased, ARGV[6]) == 1 or redis.call('ZCARD', active) < perHost - 1) then
  visit, spacing = take(ARGV[6], tonumber(ARGV[7]), perHost, tonumber(ARGV[8]))
end
return {completed, visit, spacing, due(perHost), info}
