-- ARGV: perHost, token, visit, pause ms. The visit goes back to the head of the queue, the origin pauses.
-- Returns {0, ...} when the lease had already run out (the visit was reclaimed by then).
if redis.call('HEXISTS', leased, ARGV[2]) == 0 then return {0, due(tonumber(ARGV[1])), info} end
unlease(ARGV[2])
redis.call('LPUSH', queue, ARGV[3])
later(tonumber(ARGV[4]))
return {1, due(tonumber(ARGV[1])), info}
