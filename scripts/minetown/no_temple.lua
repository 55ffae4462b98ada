-- A Minetown without a temple priest (Orcish Town, or a priest gone): once the town is
-- explored (no frontier left, none of it reachable for CUT_OFF turns, or PATIENCE turns on
-- it), note it, so that the phase is done (minetown/plan.lua). Only notes: never acts.
--
-- A frontier cut off (behind a locked door or a wall the map does not open) is no reason to
-- wait: with nothing left to explore in town, the phase's tree fails there and the bot
-- climbed out of the Mines and came straight back for the rest of PATIENCE (b29 seed 73:
-- 750 round trips between Mines 5 and 6 over 1,876 turns).
--
-- API used: world.specials, world:temple, world:frontier, world:path, world.turn, blackboard,
-- `state`.
local M = require("minetown.common")

local PATIENCE = 2000
local CUT_OFF = 50

-- Whether some frontier square has a known path from the hero.
local function frontier_reachable(frontier, world)
  for _, p in ipairs(frontier) do
    if world:path(p.x, p.y) then return true end
  end
  return false
end

return function(world, state, path)
  local in_town = false
  for _, s in ipairs(world.specials) do
    if s == "minetown" then in_town = true end
  end
  if not in_town or M.settled().no_temple then return false end
  local t = world:temple()
  if t and t.priest then return false end
  state.since = state.since or world.turn
  local frontier = world:frontier()
  if #frontier > 0 and not frontier_reachable(frontier, world) then
    state.cut_off_since = state.cut_off_since or world.turn
  else
    state.cut_off_since = nil
  end
  local explored = #frontier == 0
    or (state.cut_off_since ~= nil and world.turn - state.cut_off_since >= CUT_OFF)
  if explored or world.turn - state.since > PATIENCE then
    M.note({ no_temple = true })
    log(string.format("Minetown %s without a temple priest", explored and "explored" or
      string.format("visited %d turns", world.turn - state.since)))
  end
  return false
end
