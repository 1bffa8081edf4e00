-- KEYS: a job's list of result lines, and the set of the URLs they come from (one hash tag: the job's).
-- ARGV: url, line, url, line... Appends each line whose URL the list does not hold yet (a page fetched twice, its
-- lease having run out, has one line). Returns a 1 for each line appended, a 0 for each left out, in order.
local added = {}
for i = 1, #ARGV, 2 do
  if redis.call('SADD', KEYS[2], ARGV[i]) == 1 then
    redis.call('RPUSH', KEYS[1], ARGV[i + 1])
    added[#added + 1] = 1
  else
    added[#added + 1] = 0
  end
end
return added
