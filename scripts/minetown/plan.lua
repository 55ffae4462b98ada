-- The Minetown phase's conditions (trees/plan.yaml), read from what the phase's leaves settled
-- (minetown.common's blackboard table "minetown").
local M = require("minetown.common")

return {
  -- When to go: strong enough for the Mines (XL 8, AutoAscend's milestone), or rich enough to
  -- buy protection now (400 x XL gold) from XL 5.
  when = function(world)
    return world.xl >= 8 or (world.xl >= 5 and world.gold >= 400 * world.xl)
  end,
  -- Done once the temple's business is settled: protection bought, refused, or no gold for
  -- it; and the altar used (or nothing to test on it). A Minetown without a temple (Orcish
  -- Town) is done once explored.
  done = function(world)
    local m = M.settled()
    if m.no_temple then return true end
    return m.protection ~= nil and m.altar ~= nil
  end,
}
