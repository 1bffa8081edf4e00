-- ARGV: perHost, delay ms. The fetch starts now: the next one on this origin waits the gap from here.
later(gap(tonumber(ARGV[2])))
return {1, due(tonumber(ARGV[1])), info}
