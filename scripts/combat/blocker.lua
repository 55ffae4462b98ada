-- A monster we never melee on the only way on (`require("combat.blocker").leaf(opts)`):
-- `world:blocker()` names it when every unexplored square and the down stairs lie beyond it.
-- On the bench (seeds 1..200) the bot camped for thousands of turns in corridors beside a
-- floating eye, its only dagger thrown past the eye, and starved (seed 30: 10,000 turns between
-- two eyes). A strong player's escalation, each step only when the one before is impossible:
--   1. a way round it: then world:blocker() is nil and the explore leaves take it;
--   2. walk next to it (it attacks nothing: a floating eye, a mold, a jelly);
--   3. throw a missile at it (daggers, darts...);
--   4. throw a spare pack item we can lose: a weapon or armour neither wielded nor worn, a
--      rock or glass, a plain tool; food only while more than `keep_food` rations are left;
--      never a wand, potion, scroll, ring, amulet, gray stone (a loadstone sticks), nor a
--      pick-axe, unicorn horn or container;
--   5. zap a wand the KB (or the game's name) says is striking, teleportation, cancellation or
--      make invisible (a force bolt; sent away; a cancelled eye's gaze does nothing; an eye we
--      cannot see cannot freeze us): no ray, so nothing bounces back along the corridor;
--   6. only with `fight` set (scripts/clear_blocker.lua does not: 6 of the 27 games of the
--      200-game bench that hit a blocking eye so died frozen), after `patience` turns blocked,
--      with full HP and no other hostile in view: hit it. A floating eye paralyses only if it survives the blow, sees us, and then 2 times
--      in 3 (uhitm.c `passive`), for up to 127 turns; it has 2HD (about 9 HP). Only a
--      floating eye is fought so (a mold's or jelly's passive acid, cold or fire hurts every
--      time, whether it survives or not).
-- A peaceful blocker is left alone (killing it costs alignment, and prayer feeds this bot)
-- unless `strike_peaceful` is set and waiting costs the game (M.strike_peaceful_why).
--
-- API used: world:blocker, world:fire_dir, world:distance, world:path, world:has_condition,
-- world.inventory, world.monsters, world.turn, world.hp, world.hp_max, world.last_decision,
-- world:message_contains, world.hunger, world.refused_prayers, world.last_prayer_turn,
-- kb.identity, kb.candidates, kb.why, act.throw, act.zap, act.fight, act.fight_peaceful,
-- act.move, log, `state`.
local common = require("gear.common")
local missiles = require("combat.missiles")
local targets = require("combat.targets")
local danger = require("gear.danger")
local M = {}

local UNSURE = { "blind", "conf", "stun", "hallu" }

-- Pack items never thrown away, by the text the game shows.
local KEEP = { "pick-axe", "unicorn horn", "bag", "sack", "box", "gray stone", "loadstone",
  "luckstone", "touchstone", "blindfold", "towel", "key", "lock pick", "credit card",
  "magic marker", "lamp", "lantern", "unpaid" }

-- Preference among the spare items by the inventory's class header: the least useful first.
local CLASS_RANK = { ["Gems/Stones"] = 1, Weapons = 2, Armor = 3, Tools = 4, Comestibles = 5 }

local function kept(item)
  for _, k in ipairs(KEEP) do
    if item.text:find(k, 1, true) then return true end
  end
  return false
end

local function food_count(world)
  local n = 0
  for _, item in ipairs(world.inventory) do
    if item.class == "Comestibles" and not item.text:find("corpse", 1, true) then
      n = n + item.count
    end
  end
  return n
end

-- The pack item to throw when no missile is left, and why it may go; nil when none.
function M.spare_item(world, keep_food)
  local best, best_rank
  local food = food_count(world)
  for _, item in ipairs(world.inventory) do
    local rank = CLASS_RANK[item.class]
    local spare = rank and not item.worn and not item.wielded and not kept(item)
    if spare and item.class == "Comestibles" then
      spare = food > keep_food and not item.text:find("corpse", 1, true)
    end
    if spare and (not best or rank < best_rank) then best, best_rank = item, rank end
  end
  return best
end

-- Wands that clear a floating eye off the way without a blow, and how.
local CLEARING_WANDS = {
  striking = "a force bolt", teleportation = "it is sent away",
  cancellation = "a cancelled eye's gaze does nothing",
  ["make invisible"] = "an eye we cannot see cannot freeze us",
}

-- A wand every candidate of which clears the way (see CLEARING_WANDS), with its knowledge;
-- nil when none. `empty`: wand names found empty.
function M.clearing_wand(world, empty)
  for _, item in ipairs(world.inventory) do
    if item.class == "Wands" and item.charges ~= 0 and not empty[item.name] then
      local k = common.wand_knowledge(item)
      local all = #k.candidates > 0
      for _, c in ipairs(k.candidates) do
        if not CLEARING_WANDS[c] then all = false break end
      end
      if all then return item, k end
    end
  end
  return nil
end

-- The nearest square next to `m` we can walk to, as a Path; nil when none.
local function path_beside(world, m)
  local best
  for dx = -1, 1 do
    for dy = -1, 1 do
      if dx ~= 0 or dy ~= 0 then
        local p = world:path(m.x + dx, m.y + dy)
        if p and (not best or p.length < best.length) then best = p end
      end
    end
  end
  return best
end

-- Peacefuls never struck, whatever the wait: shopkeepers, priests, the watch and vault guards
-- (all `@`, with every human and elf: killing one is murder, luck -2), unicorns (luck -5),
-- whatever gear/danger.lua names dangerous, whatever we never melee (a floating eye's
-- paralysis, a mold's passive), and a monster not named by farlook.
local function sacred(m)
  local name = m.name
  return name == nil or m.glyph == "@" or m.glyph == "A" or m.glyph == "&"
    or name:find("unicorn", 1, true) or name:find("shopkeeper", 1, true)
    or name:find("priest", 1, true) or danger.why(m) ~= nil or targets.never_melee(m) ~= nil
end

local STARVING = { weak = true, fainting = true, fainted = true }

-- Why the peaceful `m` on the only way on may be struck now, or nil: waiting costs the game.
-- Weak or worse with no food in the pack and the last prayer refused (the god stays angry: no
-- prayer feeds us; seed 117 of b41 starved beside a peaceful dog caught in a bear trap in the
-- doorway of its dead-end corridor, 1,300 turns), or blocked for `opts.peaceful_patience` turns.
-- Not before the prayer fails: killing a peaceful costs alignment 5 and, one time in 2, a point
-- of luck (mon.c `xkilled`), and with luck below 0 every prayer fails.
function M.strike_peaceful_why(world, m, blocked_for, opts)
  if not opts.strike_peaceful or m.tame or sacred(m) then return nil end
  local patience = opts.peaceful_patience or 2000
  if blocked_for >= patience then
    return string.format("blocked for %d turns", blocked_for)
  end
  local refused = world.refused_prayers
  local last_refused = #refused > 0 and refused[#refused] == world.last_prayer_turn
  if STARVING[world.hunger] and food_count(world) == 0 and last_refused then
    return world.hunger .. " with no food in the pack, the last prayer refused"
  end
  return nil
end

-- `opts.patience`: turns blocked before a floating eye is hit (default 300); `opts.fight`:
-- false never hits it; `opts.keep_food`: food rations never thrown (default 2);
-- `opts.strike_peaceful`: a peaceful blocker may be struck (see M.strike_peaceful_why), after
-- `opts.peaceful_patience` turns (default 2,000) or when starving.
function M.leaf(opts)
  opts = opts or {}
  local patience = opts.patience or 300
  local keep_food = opts.keep_food or 2
  return function(world, state, path)
    state.empty = state.empty or {}
    local last = world.last_decision
    if state.zapped and last and last.path == path
        and (world:message_contains("Nothing happens") or world:message_contains("You wrest")) then
      state.empty[state.zapped] = true
    end
    state.zapped = nil
    local b = world:blocker()
    if not b then
      state.at, state.since = nil, nil
      return false
    end
    local m = b.monster
    local key = m.x .. "," .. m.y
    if state.at ~= key then state.at, state.since = key, world.turn end
    local blocked_for = world.turn - state.since
    local name = targets.name(m) or ("`" .. m.glyph .. "`")
    local what = string.format("the %s at (%d, %d) bars the only way to %s (%d squares) for %d turns",
      name, m.x, m.y, b.goal_kind, b.steps, blocked_for)
    if m.peaceful ~= false then
      local why = m.peaceful == true and M.strike_peaceful_why(world, m, blocked_for, opts)
      if not why then
        if state.noted ~= key then log(what .. "; not known hostile: left alone") end
        state.noted = key
        return false
      end
      if world:distance(m.x, m.y) > 1 then
        local p = path_beside(world, m)
        if not p then return false end
        return act.move(p.first_dir, "walking next to it to strike it (" .. why .. "): " .. what)
      end
      local dir = world:fire_dir(m.x, m.y)
      if not dir then return false end
      return act.fight_peaceful(dir, "striking the peaceful (" .. why .. "): " .. what)
    end
    for _, c in ipairs(UNSURE) do
      if world:has_condition(c) then return false end
    end
    -- No throw, zap or wielded blow in a form without hands (the game refuses, no turn passes).
    if world.handless then return false end
    -- Walked next to only with something to do there: with nothing left to throw or zap (and
    -- no blow allowed) the explore leaf lures a floating eye off the way instead, and an eye
    -- next to us never moves (seeds 1, 129, 176: thousands of turns camped beside one).
    local has_missile = missiles.stack(world) ~= nil
    local can_fight = opts.fight ~= false and name == "floating eye"
    if not (has_missile or can_fight or M.spare_item(world, keep_food) or M.clearing_wand(world, state.empty)) then
      return false
    end
    if world:distance(m.x, m.y) > 1 then
      local p = path_beside(world, m)
      if not p then return false end
      return act.move(p.first_dir, "walking next to it: " .. what)
    end
    local dir = world:fire_dir(m.x, m.y)
    if not dir then return false end
    local stack, kind = missiles.stack(world)
    if stack then
      missiles.remember(world, dir, kind, missiles.range(world, kind), 1)
      return act.throw(stack.letter, dir, string.format("throwing %s (%s): %s",
        stack.text, stack.letter, what))
    end
    local item = M.spare_item(world, keep_food)
    if item then
      return act.throw(item.letter, dir, string.format(
        "no missile left: throwing the spare %s (%s): %s", item.text, item.letter, what))
    end
    local wand, k = M.clearing_wand(world, state.empty)
    if wand then
      state.zapped = wand.name
      local as = k.identity or ("one of " .. table.concat(k.candidates, ", "))
      return act.zap(wand.letter, dir, string.format("zapping the %s (%s, %s: %s; %s): %s",
        wand.text, wand.letter, as, CLEARING_WANDS[k.candidates[1]], k.evidence, what))
    end
    if opts.fight == false or name ~= "floating eye" then return false end
    local other = targets.fighting(world, 8)
    if blocked_for < patience or world.hp < world.hp_max or other then
      local why = other and ("a " .. (targets.name(other) or other.glyph) .. " in view")
        or (world.hp < world.hp_max and "HP not full") or "not blocked long enough"
      if state.waiting ~= why then log(what .. "; nothing left to throw; not hitting it yet: " .. why) end
      state.waiting = why
      return false
    end
    return act.fight(dir, string.format(
      "nothing left to throw and full HP, no other hostile in view: hitting it (it paralyses only if it survives the blow, 2 times in 3): %s (patience %d)",
      what, patience))
  end
end

return M
