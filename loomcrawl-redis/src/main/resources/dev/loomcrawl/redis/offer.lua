-- ARGV: fingerprint, visit, perHost, queue ('1' to queue the visit, '0' only to mark it seen)
-- Returns {1 if the URL was new, due, info}.
local fresh = redis.call('SADD', seen, ARGV[1])
if fresh == 1 and ARGV[4] == '1' then redis.call('RPUSH', queue, ARGV[2]) end
return {fresh, due(tonumber(ARGV[3])), info}
