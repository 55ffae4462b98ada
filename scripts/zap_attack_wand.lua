-- Zap an attack wand at a dangerous hostile in line. Cheap unless it matters: it fails at once
-- without a wand in the pack or a dangerous hostile in a clear line within 7 squares (the KB is
-- asked only then). A target is one farlook named as hostile that is dangerous by name
-- (gear/danger.lua: soldier ants, dwarves, were-creatures...), or the foe the look-ahead fled
-- from at the previous decision, or any foe within 2 squares while our HP is below half (not
-- a newt or the like: gear/danger.lua's harmless list). The
-- wand is one the KB (or the game's own name for it) says is striking, sleep, magic missile,
-- fire, cold, lightning or death, or whose every remaining candidate is one of them; never
-- digging or create monster. No zap with our
-- pet or a peaceful anywhere a zap reaches along the line (13 squares: a force bolt goes on past
-- what it hits), and no ray (all but striking) that would bounce back to us off a wall nearer
-- than 7 squares; no force bolt along a line with a boulder (it shatters); none from an
-- Elbereth at a monster that respects it (gear/danger.lua); none in or into a shop. Leaves the
-- turn to prayer when prayer would fix our trouble.
--
-- API used: world.monsters (name, hostile, peaceful, tame), world.pet, world:fire_dir,
-- world:terrain, world:in_shop, world:distance, world:can_pray_safely, world:on_elbereth,
-- world.inventory (class, name,
-- charges), world.last_decision, world.messages, kb.identity, kb.candidates, kb.why, act.zap,
-- log, `state`.
local common = require("gear.common")
local danger = require("gear.danger")
local RANGE = 7 -- a target at most this far
local REACH = 13 -- the farthest a zap may go (bhit 6..13 squares, rays 7..13)
local BOUNCE_SAFE = 7 -- a wall this far or farther cannot send a ray back to us

-- Attack wands, best first; rays bounce off walls.
local RANK = { death = 1, sleep = 2, fire = 3, cold = 3, lightning = 3, striking = 4,
  ["magic missile"] = 5 }
local RAY = { death = true, sleep = true, fire = true, cold = true, lightning = true,
  ["magic missile"] = true }
-- Monsters a wand does nothing to (their own element).
local RESISTS = {
  ["fire ant"] = { fire = true }, ["winter wolf cub"] = { cold = true },
  ["winter wolf"] = { cold = true },
}
local BLOCKS = { rock = true, wall = true, unknown = true, closed_door = true, tree = true }
local DELTA = { n = { 0, -1 }, s = { 0, 1 }, e = { 1, 0 }, w = { -1, 0 }, ne = { 1, -1 },
  nw = { -1, -1 }, se = { 1, 1 }, sw = { -1, 1 } }

-- Squares from us to the first square along `dir` that stops a ray (a wall bounces it).
local function open_run(world, dir)
  local d = DELTA[dir]
  for k = 1, REACH do
    local f = world:terrain(world.x + d[1] * k, world.y + d[2] * k)
    if f == nil or BLOCKS[f] then return k end
  end
  return REACH + 1
end

-- Whether a boulder lies along `dir` before the first wall: a force bolt shatters it (in
-- Sokoban that costs luck and may leave a hole unfillable).
local function boulder_in_line(world, dir)
  local d = DELTA[dir]
  for k = 1, REACH do
    local f = world:terrain(world.x + d[1] * k, world.y + d[2] * k)
    if f == "boulder" then return true end
    if f == nil or BLOCKS[f] then return false end
  end
  return false
end

-- Whether we stand in a shop or the zap along `dir` crosses one before a wall: a force bolt
-- shatters the potions it passes, a ray burns or freezes the stock, and the keeper bills us
-- (seed 113 of b41 broke a 200-zorkmid potion killing a mimic with 16 gold on hand: the keeper
-- kept the door 3,000 turns and the bot starved inside beside his food).
local function shop_in_line(world, dir)
  if world:in_shop(world.x, world.y) then return true end
  local d = DELTA[dir]
  for k = 1, REACH do
    local x, y = world.x + d[1] * k, world.y + d[2] * k
    local f = world:terrain(x, y)
    if f == nil or BLOCKS[f] then return false end
    if world:in_shop(x, y) then return true end
  end
  return false
end

-- Our pet or a peaceful monster on the line along `dir` within REACH squares.
local function friend_in_line(world, dir)
  local d = DELTA[dir]
  local function on_line(m)
    local dx, dy = m.x - world.x, m.y - world.y
    for k = 1, REACH do
      if dx == d[1] * k and dy == d[2] * k then return true end
    end
    return false
  end
  for _, m in ipairs(world.monsters) do
    if (m.tame or m.peaceful) and on_line(m) then return m end
  end
  local pet = world.pet
  if pet and on_line(pet) then return pet end
  return nil
end

-- The pack's attack wands: { item, knowledge, rank, ray }, best first.
local function attack_wands(world, state)
  local found = {}
  for _, item in ipairs(world.inventory) do
    if item.class == "Wands" and item.charges ~= 0 and not state.empty[item.name] then
      local k = common.wand_knowledge(item)
      local rank, ray = nil, false
      for _, c in ipairs(k.candidates) do
        if not RANK[c] then rank = nil break end
        rank = math.max(rank or 0, RANK[c])
        ray = ray or RAY[c] or false
      end
      if rank then found[#found + 1] = { item = item, k = k, rank = rank, ray = ray } end
    end
  end
  table.sort(found, function(a, b) return a.rank < b.rank end)
  return found
end

-- Why `m` is worth a charge now, or nil.
local function worth_it(world, m, d)
  local why = danger.why(m)
  if why then return why end
  local fled, choice = danger.look_ahead_fled(world)
  if fled and (fled == m.name or (fled == "?" and d <= 1)) then
    return string.format("the look-ahead chose %s against it last turn", choice)
  end
  if world.hp * 2 < world.hp_max and d <= 2 and not danger.harmless(m) then
    return string.format("HP %d/%d in a fight with it", world.hp, world.hp_max)
  end
  return nil
end

local function describe(k)
  return k.identity or ("one of " .. table.concat(k.candidates, ", "))
end

return function(world, state, path)
  state.empty = state.empty or {}
  common.read_zap(world, state, path)

  -- The target first: most decisions have none, and the wands ask the KB.
  local has_wand = false
  for _, item in ipairs(world.inventory) do
    if item.class == "Wands" then has_wand = true break end
  end
  if not has_wand then return false end
  local best
  for _, m in ipairs(world.monsters) do
    if m.hostile and m.peaceful == false and not m.remembered and not m.statue and m.name then
      local dist = world:distance(m.x, m.y)
      local dir = world:fire_dir(m.x, m.y, RANGE)
      local why = dir and not danger.elbereth_spares(world, m) and worth_it(world, m, dist)
      if why and not friend_in_line(world, dir) and not shop_in_line(world, dir)
          and (not best or dist < best.dist) then
        best = { m = m, dir = dir, dist = dist, why = why }
      end
    end
  end
  if not best or world:can_pray_safely() then return false end
  local wands = attack_wands(world, state)
  if #wands == 0 then return false end
  local run = open_run(world, best.dir)
  local boulder = boulder_in_line(world, best.dir)
  local resists = RESISTS[best.m.name] or {}
  for _, w in ipairs(wands) do
    local useless = w.k.identity and resists[w.k.identity]
    local may_strike = false
    for _, c in ipairs(w.k.candidates) do may_strike = may_strike or c == "striking" end
    if not useless and (not w.ray or run >= BOUNCE_SAFE) and not (boulder and may_strike) then
      state.zapped = w.item.name
      return act.zap(w.item.letter, best.dir, string.format(
        "zapping the %s (%s) %s at the %s %d squares away (%s); KB: %s", w.item.name,
        describe(w.k), best.dir, best.m.name, best.dist, best.why, w.k.evidence))
    end
  end
  local note = string.format("%s %s %d", best.m.name, best.dir, run)
  if state.noted ~= note then
    state.noted = note
    log(string.format("no safe wand for the %s %s: a wall %d squares away would bounce a ray "
      .. "back%s", best.m.name, best.dir, run, boulder and ", a force bolt would break a boulder"
      or ""))
  end
  return false
end
