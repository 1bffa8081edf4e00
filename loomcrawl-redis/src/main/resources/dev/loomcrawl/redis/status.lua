-- ARGV: perHost. Reclaims expired leases; returns {queued, leased, completed, due, info}.
reclaim()
return {redis.call('LLEN', queue), redis.call('ZCARD', leases), tonumber(redis.call('HGET', state, 'done') or 0),
        due(tonumber(ARGV[1])), info}
