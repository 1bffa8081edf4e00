-- ARGV: lease ms, tokens... Extends the leases still held; returns the tokens that were lost.
local lost = {}
local expiry = now + tonumber(ARGV[1])
for i = 2, #ARGV do
  if redis.call('ZSCORE', leases, ARGV[i]) then
    redis.call('ZADD', leases, 'XX', expiry, ARGV[i])
    redis.call('ZADD', active, 'XX', expiry, ARGV[i])
  else
    table.insert(lost, ARGV[i])
  end
end
return lost
