-- KEYS: a hash of counts. ARGV: field, max. Takes one if fewer than max are taken: {1}, else {0}.
if tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or 0) >= tonumber(ARGV[2]) then return {0} end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return {1}
