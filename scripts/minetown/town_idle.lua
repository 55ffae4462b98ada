-- In Minetown with nothing left for the town's leaves to do (the temple's business not
-- settled, but the priest not reachable now: a watchman in the temple's door, a priest gone
-- out of reach...): wait here, searching, rather than let the dungeons tree climb out of the
-- Mines and the phase bring us straight back (b45-stairs: seed 49 went up and down between
-- Mines 5 and 6 27 times, 10 games so). Waited IDLE_LIMIT turns in all: note it, so that
-- the phase is done (minetown/plan.lua).
--
-- API used: world.specials, world.turn, blackboard, `state`, act.search.
local M = require("minetown.common")

local IDLE_LIMIT = 500
local SEARCH = 10

return function(world, state)
  local in_town = false
  for _, s in ipairs(world.specials) do
    if s == "minetown" then in_town = true end
  end
  if not in_town or M.settled().idle then return false end
  state.since = state.since or world.turn
  local idle_for = world.turn - state.since
  if idle_for >= IDLE_LIMIT then
    M.note({ idle = true })
    log(string.format("nothing to do in Minetown for %d turns: the phase is over", idle_for))
    return false
  end
  return act.search(SEARCH, string.format(
    "in Minetown with nothing to do since turn %d: waiting for the way to the temple", state.since))
end
