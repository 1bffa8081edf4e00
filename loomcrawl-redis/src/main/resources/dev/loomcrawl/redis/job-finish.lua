-- KEYS: a job's hash (state, record). ARGV: the state it ends in, its record then, how long it is kept (ms).
-- Ends the job if it is still running (compare and set): {1} for the caller who ended it, else {0, state, record}
-- as someone else ended it, so that a job ends once whichever server sees it end first.
local state = redis.call('HGET', KEYS[1], 'state')
if state ~= 'scraping' then
  return {0, state or '', redis.call('HGET', KEYS[1], 'record') or ''}
end
redis.call('HSET', KEYS[1], 'state', ARGV[1], 'record', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1}
