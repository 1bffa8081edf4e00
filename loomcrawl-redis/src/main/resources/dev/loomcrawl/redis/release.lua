-- ARGV: perHost, token, pause ms. The fetch is over: its politeness slot is free (the lease stays until done).
redis.call('ZREM', active, ARGV[2])
later(tonumber(ARGV[3]))
return {1, due(tonumber(ARGV[1])), info}
