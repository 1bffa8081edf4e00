-- ARGV: perHost. Reclaims expired leases; returns {queued, leased, due, info}.
reclaim()
return {redis.call('LLEN', queue), redis.call('ZCARD', leases), due(tonumber(ARGV[1])), info}
