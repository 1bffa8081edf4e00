-- ARGV: perHost, token, pause ms. The visit's fetch is over: its politeness slot is freed (the lease stays, until
-- the visit is completed or handed back), and the origin waits at least the pause. A release that comes after the
-- lease ended (completed, handed back, or run out) changes nothing.
-- Returns {1 if the slot was freed, else 0; due; info}.
if redis.call('ZREM', active, ARGV[2]) == 0 then return {0, due(tonumber(ARGV[1])), info} end
later(tonumber(ARGV[3]))
return {1, due(tonumber(ARGV[1])), info}
