-- A wand of digging zapped down (`z`, `>`) digs a hole and drops us to the next level: the way
-- out BotHack and strong players take when a fight is lost, and the way on when a level hides
-- its down stairs. Two leaves:
--
-- `escape`: a hostile we cannot beat is next to us (the look-ahead fled it or chose Elbereth
-- last turn and HP is at most a third of max, or HP is at most a fifth) and the god would not
-- help now (world:can_pray_safely): dig down rather than gamble on a prayer refused as too soon
-- (the bench's deaths while praying) or on blows at a losing HP. Once per `ESCAPE_GAP` turns:
-- landing hurt beside another foe and digging again drops us ever deeper (seed 52 of the first
-- try went Dlvl 9 -> 11 at XL 5 and died there).
--
-- `stuck` (after the tree's ready_to_descend): the level is explored (no frontier), no down
-- stairs are known (or a blocker stands on the only way), and `STUCK_TURNS` have passed since
-- we were first ready to leave it: dig down rather than camp and starve (seed 15 of the
-- 200-game bench spent 11,000 turns on one Dlvl 3).
--
-- Never where a hole cannot be dug (Sokoban, stairs, an altar, a fountain, a throne, a sink: the
-- game says "too hard to dig in" or makes a pit, remembered for the level), in a shop (the
-- shopkeeper grabs the pack), nor while levitating. The wand is one the game names "wand of
-- digging" (the engrave test names it) or that the KB says is digging; an empty one ("Nothing
-- happens", "You wrest") is remembered.
--
-- API used: world.inventory (class, name, charges, letter), world.monsters, world.hp,
-- world.hp_max, world.branch, world.specials, world.dlvl, world.turn, world.feature_here,
-- world.stairs_down, world:frontier, world:find, world:blocker, world:in_shop,
-- world:has_condition, world:can_pray_safely, world:distance, world.last_decision,
-- world.messages, world:message_contains, kb (through gear.common), act.zap, log, `state`.
local common = require("gear.common")
local danger = require("gear.danger")

-- Turns from the first call on a level (we were ready to leave it) before digging on.
local STUCK_TURNS = 1000
-- Turns after an escape dig before another.
local ESCAPE_GAP = 300
-- Squares a hole cannot be dug through (dig.c dighole: "The <stairs> are too hard to dig in").
local HARD = { stairs_up = true, stairs_down = true, ladder_up = true, ladder_down = true,
  altar = true, fountain = true, throne = true, sink = true, water = true, lava = true,
  air = true, cloud = true }

local function level_key(world)
  return world.branch .. ":" .. world.dlvl
end

-- Reads what the last zap of ours did: an empty wand, or a level whose floor will not open.
local function learn(world, state, path)
  if common.read_zap(world, state, path) ~= "zapped" then return end
  if world:message_contains("too hard to dig") or world:message_contains("dig a pit") then
    state.hard[state.zapped_at] = true
    log("no hole on " .. state.zapped_at .. ": " .. table.concat(world.messages, " "))
  end
end

-- The pack's wand of digging (by the game's name or the KB), not known empty; nil if none.
local function digging_wand(world, state)
  for _, item in ipairs(world.inventory) do
    if item.class == "Wands" and item.charges ~= 0 and not state.empty[item.name] then
      if item.name == "wand of digging" then return item, "the game names it" end
      local k = common.wand_knowledge(item)
      if k.identity == "digging" then return item, k.evidence end
    end
  end
  return nil
end

-- Why no hole can be dug here now, or nil.
local function cannot_dig(world, state)
  if world.branch == "sokoban" then return "Sokoban's floor" end
  -- The bottom of the Mines digs a pit, not a hole, and a pit holds us for turns (seed 36 of
  -- the first bench, Dlvl 10, died in one): in the Mines only where down stairs are known.
  for _, special in ipairs(world.specials) do
    if special == "mines_end" then return "the Mines' bottom" end
  end
  if world.branch == "mines" and #world:find("stairs_down") == 0 then
    return "maybe the Mines' bottom (no down stairs known)"
  end
  if state.hard[level_key(world)] then return "this level's floor" end
  if HARD[world.feature_here] then return "the " .. world.feature_here .. " here" end
  if world:in_shop(world.x, world.y) then return "a shop (the keeper grabs the pack)" end
  if world:has_condition("lev") then return "levitating" end
  return nil
end

local function dig(world, state, item, why, evidence)
  state.zapped = item.name
  state.zapped_at = level_key(world)
  return act.zap(item.letter, "down", string.format("digging down with the %s (%s): %s",
    item.name, evidence, why))
end

-- The hostile next to us we are losing to, and why; nil if none.
local function losing_to(world)
  local fled, choice = danger.look_ahead_fled(world)
  for _, m in ipairs(world.monsters) do
    if m.hostile and not m.remembered and not m.statue and not m.peaceful
        and not danger.harmless(m) and world:distance(m.x, m.y) <= 1 then
      local name = m.name or m.glyph
      if world.hp * 5 <= world.hp_max then
        return string.format("HP %d/%d with the %s next to us", world.hp, world.hp_max, name)
      end
      if fled and world.hp * 3 <= world.hp_max then
        return string.format("HP %d/%d, the look-ahead chose %s against the %s last turn",
          world.hp, world.hp_max, choice, fled)
      end
    end
  end
  return nil
end

local M = {}

function M.escape(world, state, path)
  state.empty = state.empty or {}
  state.hard = state.hard or {}
  learn(world, state, path)
  if world.hp * 3 > world.hp_max then return false end
  if state.escaped and world.turn - state.escaped < ESCAPE_GAP then return false end
  local item, evidence = digging_wand(world, state)
  if not item then return false end
  local why = losing_to(world)
  if not why or world:can_pray_safely() or cannot_dig(world, state) then return false end
  state.escaped = world.turn
  return dig(world, state, item, why .. " and no safe prayer", evidence)
end

function M.stuck(world, state, path)
  state.empty = state.empty or {}
  state.hard = state.hard or {}
  state.arrived = state.arrived or {}
  learn(world, state, path)
  local key = level_key(world)
  -- The first call on a level (and again on coming back to it after another).
  if state.level ~= key then
    state.level = key
    state.arrived[key] = world.turn
  end
  local item, evidence = digging_wand(world, state)
  if not item then return false end
  local here_for = world.turn - state.arrived[key]
  if here_for < STUCK_TURNS then return false end
  local blocked = world:blocker()
  if world.stairs_down and not blocked then return false end
  if #world:frontier() > 0 and not blocked then return false end
  if cannot_dig(world, state) then return false end
  local why = blocked and string.format("a %s blocks the only way on",
    blocked.monster.name or blocked.monster.glyph)
    or "the level is explored and no down stairs are known"
  return dig(world, state, item, string.format("%s after %d turns here", why, here_for), evidence)
end

return M
