-- Learn the curse status of pack items at an altar (do.c `doaltarobj`): an item dropped on an
-- altar flashes black (cursed) or amber (blessed), or just lands (uncursed), and the game
-- names its status from then on (the world also remembers it where the pack line leaves
-- "uncursed" out). Walks to the temple's altar (or any altar of the level, a co-aligned one
-- first), drops every item whose status is unknown one by one (never what is worn or
-- wielded, never gold or gray stones: a cursed loadstone cannot be dropped), then picks them
-- back up. Not blind or hallucinating (no flash seen, or made-up colours), not while a
-- hostile is in view; dropping on any altar angers no priest (only sacrifices do).
--
-- Settles the phase (minetown.common's blackboard table): altar = "used" (items tested and
-- picked up) or "nothing" (an altar here, nothing to test); tested = items dropped so far.
--
-- API used: world:temple, world:altars, world.inventory, world:path, world:has_condition,
-- world.monsters, act.drop, act.pickup, act.look, act.move, act.travel, blackboard, log,
-- `state`.
local M = require("minetown.common")
local go = require("gear.common").go

-- Items to drop at one visit (each costs a turn, and as many to pick them up again).
local AT_MOST = 20
-- Pick-ups of one dropped item before it is given up (stolen, or not there).
local PICKUP_TRIES = 3

-- The altar to use: the temple's, else a co-aligned one, else the nearest reachable.
local function altar(world)
  local t = world:temple()
  if t and t.altar then return t.altar end
  local best, best_len
  for _, a in ipairs(world:altars()) do
    local p = world:path(a.x, a.y)
    local here = a.x == world.x and a.y == world.y
    local len = here and 0 or (p and p.length)
    if len then
      local rank = (a.coaligned and 0 or 1000) + len
      if not best or rank < best_len then best, best_len = a, rank end
    end
  end
  return best
end

local function untested(item)
  return item.buc == nil and not item.worn and not item.wielded and item.class ~= "Coins"
    and not item.name:find("gray stone", 1, true) and not item.text:find("chained to you", 1, true)
end

-- The pack holds `name` again (picked back up, its status now known).
local function back(world, name)
  for _, item in ipairs(world.inventory) do
    if item.name == name then return true end
  end
  return false
end

return function(world, state, path)
  state.dropped = state.dropped or {}
  state.pickups = state.pickups or {}
  -- Every item dropped once, by letter and name: never dropped again (were its flash missed,
  -- it would be dropped forever).
  state.tried = state.tried or {}
  local function todo(item)
    return untested(item) and not state.tried[item.letter .. " " .. item.name]
  end
  local a = altar(world)
  if not a then return false end
  if M.unsafe(world) then return false end
  local pending = next(state.dropped) ~= nil
  local on_altar = world.x == a.x and world.y == a.y
  if not on_altar then
    local wanted = pending
    for _, item in ipairs(world.inventory) do
      if todo(item) then wanted = true break end
    end
    if not wanted then
      M.note({ altar = M.settled().altar or "nothing" })
      return false
    end
    local p = world:path(a.x, a.y)
    if not p then return false end
    return go(p, string.format("to the %s altar at (%d, %d), %d steps: %s", a.alignment or
      "unknown", a.x, a.y, p.length, pending and "our items lie on it" or
      "items of unknown curse status to drop on it"))
  end
  if a.alignment == nil and not state.looked then
    state.looked = true
    return act.look("on the altar: its alignment is not known")
  end
  -- Drop the next untested item.
  state.count = state.count or 0
  for _, item in ipairs(world.inventory) do
    if todo(item) and state.count < AT_MOST then
      state.tried[item.letter .. " " .. item.name] = true
      state.dropped[item.letter] = item.name
      state.count = state.count + 1
      return act.drop(item.letter, nil, string.format(
        "on the %s altar at (%d, %d): dropping %s (%s) to see its curse status",
        a.alignment or "unknown", a.x, a.y, item.text, item.letter))
    end
  end
  -- Pick them back up, one by one (by name, as the pile lists them), in letter order: Lua 5.4
  -- seeds its string hashes per state, so `pairs` order differs from run to run.
  local letters = {}
  for letter in pairs(state.dropped) do letters[#letters + 1] = letter end
  table.sort(letters)
  for _, letter in ipairs(letters) do
    local name = state.dropped[letter]
    local tries = state.pickups[letter] or 0
    if back(world, name) or tries >= PICKUP_TRIES then
      state.dropped[letter] = nil
      state.pickups[letter] = nil
    else
      state.pickups[letter] = tries + 1
      return act.pickup(name, string.format("picking the %s (%s) back up from the altar",
        name, letter))
    end
  end
  if state.count > 0 then
    local told = {}
    for _, item in ipairs(world.inventory) do
      if item.buc then told[#told + 1] = item.letter .. " " .. item.buc end
    end
    M.note({ altar = "used", tested = (M.settled().tested or 0) + state.count })
    log(string.format("altar used: %d items dropped; known now: %s", state.count,
      table.concat(told, ", ")))
    state.count = 0
  else
    M.note({ altar = M.settled().altar or "nothing" })
  end
  return false
end
