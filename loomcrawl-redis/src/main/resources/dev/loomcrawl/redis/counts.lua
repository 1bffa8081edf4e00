-- KEYS: an origin's keys (CrawlKeys.origin). Returns {queued, leased, completed, errors}; changes nothing.
local state = redis.call('HMGET', KEYS[6], 'done', 'errors')
return {redis.call('LLEN', KEYS[1]), redis.call('ZCARD', KEYS[3]), tonumber(state[1] or 0), tonumber(state[2] or 0)}
