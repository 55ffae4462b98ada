-- Buy protection from a temple priest (priest.c `priest_talk`): a gift from 400 x XL to below
-- 600 x XL gold buys it ("Thy devotion has been rewarded.": AC -2..-4 the first time, -1 each
-- time after) while the protection bought is below 20 (from 9 on, less and less likely). Any
-- peaceful priest in his temple sells it, co-aligned or not. So: in a temple with a peaceful
-- priest and gold >= 400 x XL, walk next to the priest and #chat offering exactly 400 x XL.
-- Any other answer ("Thy selfless generosity is deeply appreciated.": no more to buy now;
-- "Cheapskate.", "I thank thee for thy contribution.", "Thou art indeed a pious individual.":
-- too little, the XL changed) means never offering again at this XL.
--
-- Settles the phase (minetown.common's blackboard table): protection = "bought", "refused",
-- "poor" (a priest here, too little gold) or "hostile" (the priest is not peaceful).
--
-- API used: world:temple, world.gold, world.xl, world.ac, world:said_since, world:path,
-- world:has_condition, world.monsters, act.donate, act.move, act.travel, blackboard, log,
-- `state`.
local M = require("minetown.common")
local go = require("gear.common").go

local PRICE_PER_XL = 400
local REWARDED = "Thy devotion has been rewarded"
local REFUSALS = {
  "selfless generosity",
  "Cheapskate",
  "I thank thee",
  "pious individual",
  "Thou shalt regret",
  "doesn't want anything to do with you",
}

-- What the game answered our last offer, once: "bought", the refusal's words, or nil (no
-- answer: the priest had moved, nobody was there to talk to).
local function answer(world, state)
  local since = state.offered_turn
  if world:said_since(since, REWARDED) then return "bought" end
  for _, words in ipairs(REFUSALS) do
    if world:said_since(since, words) then return words end
  end
  return nil
end

return function(world, state, path)
  state.refused = state.refused or {}
  -- The answer to our last offer came with it (whatever decided since).
  if state.offered_turn then
    local got = answer(world, state)
    if got == "bought" then
      state.bought = (state.bought or 0) + 1
      M.note({ protection = "bought", protection_xl = state.offered_xl,
        ac_before = state.ac_before, ac_after = world.ac, bought = state.bought })
      log(string.format("protection bought at XL %d: AC %d -> %d", state.offered_xl,
        state.ac_before, world.ac))
    elseif got then
      state.refused[state.offered_xl] = got
      if (state.bought or 0) == 0 then M.note({ protection = "refused" }) end
      log(string.format("no protection at XL %d: %q", state.offered_xl, got))
    end
    state.offered_turn = nil
  end

  local t = world:temple()
  local priest = t and t.priest
  if not priest then return false end
  if priest.peaceful ~= true then
    if priest.peaceful == false then M.note({ protection = M.settled().protection or "hostile" }) end
    return false
  end
  local price = PRICE_PER_XL * world.xl
  if state.refused[world.xl] then return false end
  if world.gold < price then
    if (state.bought or 0) == 0 then M.note({ protection = "poor" }) end
    return false
  end
  if M.unsafe(world) then return false end
  local who = priest.name or "the priest"
  local dir = M.dir_to(world, priest.x, priest.y)
  if dir then
    state.offered_turn, state.offered_xl, state.ac_before = world.turn, world.xl, world.ac
    return act.donate(dir, price, string.format(
      "%s beside us in the temple: offering %d gold (400 x XL %d of our %d) for protection, AC %d",
      who, price, world.xl, world.gold, world.ac))
  end
  local p = M.path_beside(world, priest.x, priest.y)
  if not p then return false end
  return go(p, string.format("to %s at (%d, %d), %d steps: %d gold buys protection at XL %d",
    who, priest.x, priest.y, p.length, world.gold, world.xl))
end
