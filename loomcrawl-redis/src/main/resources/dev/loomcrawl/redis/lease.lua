-- ARGV: token, lease ms, perHost, delay ms
-- Hands out the origin's next visit if a politeness slot is free and its gap has passed.
-- Returns {visit or '', the origin's gap ms (its own delay or the one asked), due, info}.
reclaim()
local perHost = tonumber(ARGV[3])
local visit, spacing = take(ARGV[1], tonumber(ARGV[2]), perHost, tonumber(ARGV[4]))
return {visit, spacing, due(perHost), info}
