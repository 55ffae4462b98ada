-- Missiles thrown by hand (`require("combat.missiles")`): which pack stack to throw, how far it
-- flies, the squares along a throw, and the throws remembered for picking them up again.
--
-- The throw leaf (throw_missiles.lua) writes each throw to the blackboard under THROWS; the
-- pick-up leaf (recover_missiles.lua) reads it: two leaves, one record.
local common = require("gear.common")
local M = {}

M.THROWS = "combat.throws"
-- Writes of THROWS so far: a reader that kept a copy knows it is still the one stored while the
-- count is the one it copied at (a `blackboard.get` copies the whole record, at every call of
-- the pick-up leaf).
M.THROWS_WRITES = "combat.throws_writes"
local KEEP_THROWS = 24 -- the newest throws kept
local FORGET_AFTER = 3000 -- turns after which a throw is forgotten

-- Missile kinds, best first (daggers: a Valkyrie reaches Expert with them). `key` is the text
-- the game's names of that kind contain, singular and plural ("kni": knife and knives;
-- "throwing star": an unidentified shuriken); `weight` shortens the flight (dothrow.c).
local KINDS = {
  { key = "dagger", weight = 10 },
  { key = "spear", weight = 30 }, -- also "throwing spear", an unidentified javelin
  { key = "javelin", weight = 20 },
  { key = "shuriken", weight = 1 },
  { key = "throwing star", weight = 1 },
  { key = "kni", weight = 5 },
  { key = "dart", weight = 1 },
}

-- What `M.kind` answers for each rank, made once (a table a pack item a call was most of the
-- throw leaf's garbage): shared, so never to be changed by a caller.
local KIND_OF_RANK = {}
for rank, k in ipairs(KINDS) do
  KIND_OF_RANK[rank] = { key = k.key, weight = k.weight, rank = rank }
end

-- The rank in KINDS each text was found to hold (false: none): the throw leaf asks about every
-- pack item at every decision, and each search tries every kind.
local ranks = {}
local ranks_count = 0

-- The kind of a missile named `text` ("3 +0 daggers", "a runed dagger"), or nil.
function M.kind(text)
  if not text then return nil end
  local rank = ranks[text]
  if rank == nil then
    rank = false
    for r, k in ipairs(KINDS) do
      if text:find(k.key, 1, true) then
        rank = r
        break
      end
    end
    if ranks_count >= 4096 then ranks, ranks_count = {}, 0 end
    ranks[text], ranks_count = rank, ranks_count + 1
  end
  if not rank then return nil end
  return KIND_OF_RANK[rank]
end

-- "cursed" as a word of its own ("uncursed" is not).
local function cursed(item)
  return item.buc == "cursed" or common.says_cursed(item.text)
end

-- The stack to throw and its kind: the best kind in the pack, never the wielded weapon, nor a
-- worn, cursed (it may slip) or unpaid one. Nil when none.
function M.stack(world)
  local best, best_kind
  for _, item in ipairs(world.inventory) do
    local kind = M.kind(item.name)
    if kind and not item.wielded and not item.worn and not cursed(item)
        and not item.text:find("unpaid", 1, true)
        and (not best or kind.rank < best_kind.rank) then
      best, best_kind = item, kind
    end
  end
  return best, best_kind
end

-- How far a missile of `kind` flies from our hand (dothrow.c: ACURRSTR / 2 - weight / 40, at
-- least 1). The strength is the game's own scale; unknown (0) counts as 16.
function M.range(world, kind)
  local s = world.strength
  if not s or s <= 0 then s = 16 end
  local str = s
  if s > 18 and s <= 121 then str = 19 + s // 50 elseif s > 121 then str = s - 100 end
  return math.max(1, str // 2 - kind.weight // 40)
end

M.DELTA = { n = { 0, -1 }, s = { 0, 1 }, e = { 1, 0 }, w = { -1, 0 }, ne = { 1, -1 },
  nw = { -1, -1 }, se = { 1, 1 }, sw = { -1, 1 } }
-- Terrain a thrown object stops before (unknown squares may be a dark room's floor: not these).
local STOPS = { rock = true, wall = true, closed_door = true, tree = true, iron_bars = true }

-- The squares a missile thrown from (x, y) along `dir` may reach, nearest first, at most `n`,
-- up to the first that stops it: { x, y, feature } each.
function M.ray(world, x, y, dir, n)
  local d = M.DELTA[dir]
  local out = {}
  if not d then return out end
  for k = 1, n do
    local px, py = x + d[1] * k, y + d[2] * k
    local f = world:terrain(px, py)
    if f == nil or STOPS[f] then break end
    out[#out + 1] = { x = px, y = py, feature = f }
  end
  return out
end

-- This level's name in the throw records (a Mines level and a main-dungeon one share a depth).
function M.level(world)
  return world.branch .. ":" .. world.dlvl
end

-- The top glyph of the pile remembered at (x, y), or false when nothing lies there.
function M.top_glyph(world, x, y)
  local pile = world:objects(x, y)
  return pile[1] and (pile[1].glyph or "?") or false
end

-- Remembers a throw of `kind` along `dir` from here at a monster `target` squares away, with
-- what lay along its path then (a pile that was there before is not ours unless it shows a `)`;
-- one that appears where the monster stood may be its corpse, lying on our missile).
function M.remember(world, dir, kind, reach, target)
  local throws = blackboard.get(M.THROWS) or {}
  local before = {}
  for i, sq in ipairs(M.ray(world, world.x, world.y, dir, reach)) do
    before[i] = M.top_glyph(world, sq.x, sq.y)
  end
  throws[#throws + 1] = { level = M.level(world), x = world.x, y = world.y, dir = dir,
    key = kind.key, turn = world.turn, reach = reach, before = before, target = target }
  while #throws > KEEP_THROWS do table.remove(throws, 1) end
  M.set_throws(throws)
end

-- Stores `throws` as THROWS, counting the write (counted first: a store refused leaves at most
-- a copy read again for nothing).
function M.set_throws(throws)
  blackboard.set(M.THROWS_WRITES, (blackboard.get(M.THROWS_WRITES) or 0) + 1)
  blackboard.set(M.THROWS, throws)
end

-- The throws stored: the copy `kept` (the caller's state) holds while nothing was written
-- since it was made, else a fresh one, kept there. To read only (later calls get it again).
function M.throws(kept)
  local writes = blackboard.get(M.THROWS_WRITES)
  if writes ~= nil and kept.writes == writes and kept.throws ~= nil then return kept.throws end
  kept.throws = blackboard.get(M.THROWS) or {}
  kept.writes = writes
  return kept.throws
end

-- The throws remembered on this level that are not too old (`kept`: see `M.throws`).
function M.throws_here(world, kept)
  local here, level = {}, M.level(world)
  for _, t in ipairs(M.throws(kept)) do
    if t.level == level and world.turn - t.turn <= FORGET_AFTER then here[#here + 1] = t end
  end
  return here
end

return M
