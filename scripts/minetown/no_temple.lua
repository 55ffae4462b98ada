-- A Minetown without a temple priest (Orcish Town, or a priest gone): once the town is
-- explored (no frontier left, or 2,000 turns on it), note it, so that the phase is done
-- (minetown/plan.lua). Only notes: never acts.
--
-- API used: world.specials, world:temple, world:frontier, world.turn, blackboard, `state`.
local M = require("minetown.common")

local PATIENCE = 2000

return function(world, state, path)
  local in_town = false
  for _, s in ipairs(world.specials) do
    if s == "minetown" then in_town = true end
  end
  if not in_town or M.settled().no_temple then return false end
  local t = world:temple()
  if t and t.priest then return false end
  state.since = state.since or world.turn
  local explored = #world:frontier() == 0
  if explored or world.turn - state.since > PATIENCE then
    M.note({ no_temple = true })
    log(string.format("Minetown %s without a temple priest", explored and "explored" or
      string.format("visited %d turns", world.turn - state.since)))
  end
  return false
end
