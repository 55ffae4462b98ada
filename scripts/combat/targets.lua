-- Which monsters to throw at, and which ones a fight is over with (`require("combat.targets")`).
-- The rules of engine/skills/src/threat.rs `melee_hazard`, by the names farlook gives: a
-- floating eye's passive paralysis, a mold's or jelly's passive acid, cold, fire or stun, an acid
-- blob's acid, a gas spore's explosion when killed next to us.
local missiles = require("combat.missiles")
local danger = require("gear.danger")
local M = {}

-- Monsters to throw at rather than hit, even next to us, and why.
local NEVER_MELEE = {
  ["floating eye"] = "a floating eye paralyses whoever hits it",
  ["acid blob"] = "an acid blob's passive acid corrodes the weapon that hits it",
  ["spotted jelly"] = "a spotted jelly splashes acid on whoever hits it",
  ["blue jelly"] = "a blue jelly freezes whoever hits it",
  ["brown mold"] = "a brown mold freezes whoever hits it (6d4)",
  ["yellow mold"] = "a yellow mold stings whoever hits it and stuns",
  ["green mold"] = "a green mold splashes acid on whoever hits it (4d6)",
  ["red mold"] = "a red mold burns whoever hits it",
}
-- Killed before they reach us: their one attack is to explode next to us. A yellow light's
-- blinds for 10d20 turns (it blew up in 77 of 200 bench games; 29 of 199 deaths came blind).
-- Killed in melee it does not explode, but a miss leaves it its turn.
local EXPLODES_AT_US = {
  ["yellow light"] = "a yellow light explodes next to us and blinds for 10d20 turns",
  ["black light"] = "a black light explodes next to us and makes us hallucinate",
}
-- Never killed next to us, whatever with.
local NOT_ADJACENT = {
  ["gas spore"] = "a gas spore explodes for 4d6 when it dies next to us",
}
-- Monsters with no attack of their own (only passive ones): no fight is on while they stand by.
local HARMLESS = {
  ["floating eye"] = true, ["acid blob"] = true, ["spotted jelly"] = true, ["blue jelly"] = true,
  ["brown mold"] = true, ["yellow mold"] = true, ["green mold"] = true, ["red mold"] = true,
}
local BLUE = 4

-- The monster's name: farlook's, or a blue `e` (only a floating eye is drawn so).
function M.name(m)
  if m.name then return m.name end
  if m.glyph == "e" and m.color == BLUE then return "floating eye" end
  return nil
end

-- Why `m` is not to be meleed, or nil.
function M.never_melee(m)
  local name = M.name(m)
  return name and NEVER_MELEE[name]
end

-- Why `m` is to be killed before it comes next to us, or nil.
function M.explodes_at_us(m)
  local name = M.name(m)
  return name and EXPLODES_AT_US[name]
end

-- Why `m` is to be killed from 2 squares or more and never next to us, or nil (a gas spore:
-- 477 blows at one in 221 of the b34 bench's 400 games, 4d6 on us at each kill).
function M.not_adjacent(m)
  local name = M.name(m)
  return name and NOT_ADJACENT[name]
end

-- Why `m` is best killed before it is next to us, or nil: it explodes at us there, or when
-- it dies there.
local function from_afar(m)
  return M.explodes_at_us(m) or M.not_adjacent(m)
end

-- Whether `m` attacks nothing of itself (a floating eye, a mold...).
function M.harmless(m)
  local name = M.name(m)
  return name ~= nil and HARMLESS[name] == true
end

-- A hostile in view that a fight is on with: a hostile that is not harmless, next to us, within
-- 3 squares or in a clear line within `reach`. Nil when none.
function M.fighting(world, reach)
  for _, m in ipairs(world.monsters) do
    if m.hostile and not m.statue and not m.remembered and not M.harmless(m) then
      local d = world:distance(m.x, m.y)
      if d <= 3 or world:fire_dir(m.x, m.y, reach) then return m, d end
    end
  end
  return nil
end

-- Whether a monster at (x, y) is one a missile must not hit: our pet, a peaceful, one not yet
-- known hostile (farlook has not told).
local function friend_at(world, x, y)
  for _, m in ipairs(world.monsters) do
    if m.x == x and m.y == y and (m.tame or m.peaceful ~= false) then return m end
  end
  local pet = world.pet
  if pet and pet.x == x and pet.y == y then return pet end
  return nil
end

-- Why a throw along `dir` (flying up to `reach` squares: a miss flies on past the target) is
-- unsafe, or nil: a shop square (the missile would be the shopkeeper's), water or lava (it is
-- lost), our pet, a peaceful or an unknown monster on the way.
function M.unsafe_line(world, dir, reach, target)
  if world:in_shop(world.x, world.y) then return "we stand in a shop" end
  for _, sq in ipairs(missiles.ray(world, world.x, world.y, dir, reach)) do
    if world:in_shop(sq.x, sq.y) then return "a shop lies along the line" end
    if sq.feature == "water" or sq.feature == "lava" then
      return sq.feature .. " lies along the line"
    end
    if sq.x ~= target.x or sq.y ~= target.y then
      local f = friend_at(world, sq.x, sq.y)
      if f then return (f.name or f.glyph) .. " stands along the line" end
    end
  end
  return nil
end

-- Why `m`, `d` squares away, is worth a missile, or nil: any hostile out of melee reach (a free
-- blow before it closes in), and next to us only one we must not hit (never a gas spore).
local function worth(m, d)
  local name = M.name(m)
  if name and NOT_ADJACENT[name] and d <= 1 then return nil end
  local never = M.never_melee(m)
  if never then return "never meleed: " .. never end
  local explodes = from_afar(m)
  if explodes and d >= 2 then return "before it reaches us: " .. explodes end
  if d >= 2 then return "a blow before it reaches us" end
  return nil
end

-- The monster to throw at within `range`: hostile by farlook (never one farlook has not named,
-- it may be peaceful), in view, not a statue or mimic, in a clear line with nothing in the way
-- and nothing to spare beyond it within `reach`; those we must not melee first, then the
-- nearest. { m, name, d, dir, why } or nil; `skipped` (optional) collects why others were not.
-- `only_never_melee`: only monsters we must not melee (a floating eye in the way) and those
-- that explode at us or when killed next to us (a gas spore), while they are not next to us yet.
function M.pick(world, range, reach, skipped, only_never_melee)
  local best
  for _, m in ipairs(world.monsters) do
    local d = world:distance(m.x, m.y)
    if m.hostile and m.peaceful == false and not m.remembered and not m.statue
        and not m.mimic and (not only_never_melee or M.never_melee(m)
          or (from_afar(m) and d >= 2)) then
      local why = worth(m, d)
      local dir = why and world:fire_dir(m.x, m.y, range)
      local unsafe = dir
        and (M.unsafe_line(world, dir, reach, m) or danger.elbereth_spares(world, m))
      if unsafe and skipped then skipped[#skipped + 1] = (M.name(m) or m.glyph) .. ": " .. unsafe end
      if dir and not unsafe then
        local rank = ((M.never_melee(m) or from_afar(m)) and 0 or 100) + d
        if not best or rank < best.rank then
          best = { m = m, name = M.name(m) or m.glyph, d = d, dir = dir, why = why, rank = rank }
        end
      end
    end
  end
  return best
end

return M
