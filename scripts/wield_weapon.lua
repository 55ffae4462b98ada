-- Wield the best melee weapon we carry, and pick up one lying in reach that beats what we hold.
-- A nymph or a monkey may steal the wielded long sword (13 of 100 bench games lost it): then the
-- dagger, an axe found, anything beats bare hands. "Best" is the expected damage per blow
-- (gear/weapons.lua: mean dice vs small monsters, enchantment, Unskilled weapons -3); a new
-- weapon must beat the one in hand by a clear margin (from bare hands, any that hits harder),
-- never one the pack line calls cursed, and never a two-handed one while a shield is worn. A
-- wield or pick-up the game refused is not tried again (but for a form without hands). Waits
-- while a hostile is in view.
--
-- API used: world.inventory (class, name, enchantment, buc, wielded, worn), world.objects_here,
-- world:objects, world:path, world:in_shop, world.encumbrance, world.last_decision, world.turn,
-- world.messages, act.wield, act.pickup, act.move, act.travel, log, `state`.
local common = require("gear.common")
local weapons = require("gear.weapons")
local REACH = 5 -- steps to walk for a weapon on the floor
local MARGIN = 1 -- expected damage a new weapon must add per blow
-- Bare-handed (the sword stolen, the dagger thrown and lost), any weapon that hits harder is
-- worth the turn and a longer walk: an orcish dagger (2.0) beside seed 140 of b42 went unwielded
-- for 400 turns of fists (1.5) and a death to a pony.
local BARE_MARGIN = 0.25
local BARE_REACH = 20
local TRIES = 3

local function said(world)
  local m = world.messages
  return #m > 0 and table.concat(m, " ") or "no message"
end

-- The value of what we hold now (bare hands when nothing), and whether a shield is worn.
local function holding(world)
  local value, text, shield = weapons.BARE, "bare hands", false
  for _, it in ipairs(world.inventory) do
    if it.wielded then
      value = weapons.value(it.name, it.enchantment) or weapons.BARE
      text = it.text
    end
    if it.worn and it.class == "Armor" and it.name:find("shield") then shield = true end
  end
  return value, text, shield
end

-- The weapon a floor text names ("3 +1 daggers", "an uncursed long sword (in a box)") and its
-- value per blow (nil: not a melee weapon we know), remembered per text: the leaf reads every
-- text in reach at every decision, and each reading is eight pattern searches.
local floor_names = {}
local floor_count = 0
local function floor_weapon(text)
  local known = floor_names[text]
  if known == nil then
    local name = text:gsub("^%d+ ", ""):gsub("^an? ", ""):gsub("^the ", "")
    name = name:gsub("^blessed ", ""):gsub("^uncursed ", ""):gsub("^cursed ", "")
    name = name:gsub("^[+-]%d+ ", ""):gsub(" %b()$", "")
    if weapons.info(name) == nil and name:sub(-1) == "s" then name = name:sub(1, -2) end
    known = { name = name, value = weapons.value(name, tonumber(text:match("([+-]%d+) "))) }
    if floor_count >= 4096 then floor_names, floor_count = {}, 0 end
    floor_names[text], floor_count = known, floor_count + 1
  end
  return known.name, known.value
end

local function usable(name, text, shield, state)
  local w = weapons.info(name)
  if not w or state.refused[name] or (state.tries[name] or 0) >= TRIES then return false end
  if w.two_handed and shield then return false end
  return not common.says_cursed(text)
end

return function(world, state, path)
  state.refused = state.refused or {}
  state.tries = state.tries or {}
  state.fetched = state.fetched or {}
  -- What our last action did (the previous decision is read only when one is pending).
  if state.pending and world.last_decision ~= nil and world.last_decision.path == path then
    local p = state.pending
    local now = false
    for _, it in ipairs(world.inventory) do
      if it.name == p.name and (p.verb == "pickup" or it.wielded) then now = true end
    end
    if not now and said(world):find("ridiculous", 1, true) then
      -- "Don't be ridiculous!": a form without hands (a were-change), not the weapon: the
      -- try does not count (seed 8 of b43 never wielded its dagger again after one).
      state.tries[p.name] = (state.tries[p.name] or 1) - 1
      state.handless_until = world.turn + 20
    elseif not now then
      state.refused[p.name] = said(world)
      log(string.format("could not %s the %s: %s", p.verb, p.name, said(world)))
    end
  end
  state.pending = nil
  if world.inventory == nil or #world.inventory == 0 then return false end
  if common.hostile_in_view(world) then return false end
  if state.handless_until and world.turn < state.handless_until then return false end

  local have, have_text, shield = holding(world)
  local bare = have_text == "bare hands"
  local margin, reach = bare and BARE_MARGIN or MARGIN, bare and BARE_REACH or REACH
  -- The best in the pack.
  local best, best_value
  for _, it in ipairs(world.inventory) do
    if it.class == "Weapons" and not it.wielded and usable(it.name, it.text, shield, state) then
      local v = weapons.value(it.name, it.enchantment)
      if v and v >= have + margin and (not best or v > best_value) then best, best_value = it, v end
    end
  end
  if best then
    state.tries[best.name] = (state.tries[best.name] or 0) + 1
    state.pending = { verb = "wield", name = best.name }
    return act.wield(best.letter, string.format(
      "wielding %s (%.1f per blow) instead of %s (%.1f)", best.text, best_value, have_text, have))
  end

  -- A better one on the floor: here, then within reach.
  if world.encumbrance ~= "unencumbered" or world:in_shop(world.x, world.y) then return false end
  local function better(text)
    if text == nil then return nil end
    local name, v = floor_weapon(text)
    if v and v >= have + margin and usable(name, text, shield, state) then return name, v end
    return nil
  end
  for _, o in ipairs(world.objects_here) do
    local name, v = better(o.text)
    if name then
      state.tries[name] = (state.tries[name] or 0) + 1
      state.pending = { verb = "pickup", name = name }
      return act.pickup({ name = name }, string.format(
        "picking up %s (%.1f per blow, we have %.1f)", o.text, v, have))
    end
  end
  local p = common.fetch(world, reach, state.fetched, function(o)
    return better(o.text) ~= nil
  end)
  if p then
    local top = world:objects(p.x, p.y)[1]
    return common.go(p, string.format("fetching %s, %d steps away",
      top and top.text or "a weapon", p.length))
  end
  return false
end
