-- ARGV: fingerprint, visit, perHost, queue ('1' to queue the visit, '0' only to mark it seen)
-- Returns {1 if the URL was new, 1 if the origin's place in the schedule may have changed, due, info}:
-- a URL added behind others changes nothing in the schedule, which already has the origin as having work.
local fresh = redis.call('SADD', seen, ARGV[1])
local moved = 0
if fresh == 1 and ARGV[4] == '1' then
  if redis.call('RPUSH', queue, ARGV[2]) == 1 then moved = 1 end
end
return {fresh, moved, due(tonumber(ARGV[3])), info}
