-- The Minetown phase's conditions (trees/plan.yaml), read from what the phase's leaves settled
-- (minetown.common's blackboard table "minetown").
local M = require("minetown.common")

-- Turns after the phase could first start that it is given up: 54 of b43-d's 200 games
-- completed it within 600..7,100 turns (all but 8 within 3,200), while others went round for
-- the rest of the game between Minetown and the level above (a watchman barring the way to
-- the temple: 10 games climbed out 181 times, `leave_mines` of the dungeons tree taking over
-- whenever the town's leaves had nothing to do) or never found the Mines' stairs. b44, seeds
-- 1..200 against the same tree without it: the phase completed in 56 -> 67 games; 15 games
-- differ, score 9 better / 6 worse, mean -260 (CI -913..292), all of them past turn 13,000.
local GIVE_UP = 4000

-- When to go: strong enough for the Mines (XL 8, AutoAscend's milestone), or rich enough to
-- buy protection now (400 x XL gold) from XL 5.
local function when(world)
  return world.xl >= 8 or (world.xl >= 5 and world.gold >= 400 * world.xl)
end

return {
  when = when,
  -- Done once the temple's business is settled: protection bought, refused, or no gold for
  -- it; and the altar used (or nothing to test on it). A Minetown without a temple (Orcish
  -- Town) is done once explored. Given up GIVE_UP turns after `when` first held.
  done = function(world)
    local m = M.settled()
    if m.no_temple or m.idle then return true end
    if m.protection ~= nil and m.altar ~= nil then return true end
    if m.ready_turn == nil then
      if when(world) then M.note({ ready_turn = world.turn }) end
      return false
    end
    return world.turn - m.ready_turn >= GIVE_UP
  end,
}
