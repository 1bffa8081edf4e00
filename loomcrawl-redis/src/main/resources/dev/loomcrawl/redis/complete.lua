-- ARGV: perHost, token, record, pause ms, '1' if the record is an error (a failure or a 4xx/5xx).
-- The visit is finished: its record is kept and its lease (and its politeness slot, if still held) ends,
-- atomically; the origin then waits at least the pause.
-- Fencing: if the lease ran out (and the visit went back to the queue) the record is refused: {0, ...}.
if redis.call('HEXISTS', leased, ARGV[2]) == 0 then return {0, due(tonumber(ARGV[1])), info} end
unlease(ARGV[2])
later(tonumber(ARGV[4]))
redis.call('RPUSH', records, ARGV[3])
redis.call('HINCRBY', state, 'done', 1)
if ARGV[5] == '1' then redis.call('HINCRBY', state, 'errors', 1) end
return {1, due(tonumber(ARGV[1])), info}
