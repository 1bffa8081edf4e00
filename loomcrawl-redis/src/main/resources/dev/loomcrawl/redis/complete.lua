-- ARGV: perHost, token, record. The visit is finished: its record is kept and its lease ends, atomically.
-- Fencing: if the lease ran out (and the visit went back to the queue) the record is refused: {0, ...}.
if redis.call('HEXISTS', leased, ARGV[2]) == 0 then return {0, due(tonumber(ARGV[1])), info} end
unlease(ARGV[2])
redis.call('RPUSH', records, ARGV[3])
return {1, due(tonumber(ARGV[1])), info}
