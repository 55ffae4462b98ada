-- Throw daggers at a hostile monster in a clear line of fire, then pick them back up.
--
-- API used: world.inventory, world.monsters, world:distance, world:fire_dir (the line of fire
-- with the game's rules), world.objects_here / world:objects (remembered piles), world:path,
-- world:in_shop, act.throw, act.pickup{name=...}, act.travel, log, and the leaf's own `state`.
local common = require("examples.common")
local RANGE = 7 -- a dagger flies about Str/2 squares; 7 is safe for a Valkyrie

local function dagger_stack(world)
  for _, item in ipairs(world.inventory) do
    local text = item.text
    if text:find("dagger") and not text:find("in hand") and not text:find("cursed") then
      return item
    end
  end
end

-- The nearest hostile 2..RANGE squares away that a dagger reaches; adjacent ones are the
-- melee leaves' job.
local function target(world)
  local best
  for _, m in ipairs(world.monsters) do
    if m.hostile and not m.statue and not m.remembered then
      local d = world:distance(m.x, m.y)
      local dir = d >= 2 and world:fire_dir(m.x, m.y, RANGE)
      if dir and (not best or d < best.d) then
        best = { m = m, d = d, dir = dir }
      end
    end
  end
  return best
end

local function is_dagger(o)
  return o.text and o.text:find("dagger")
end

local function dagger_or_unknown_weapon(o)
  return is_dagger(o) or (o.text == nil and o.glyph == ")")
end

return function(world, state)
  local stack = dagger_stack(world)
  local aim = stack and target(world)
  if aim then
    state.thrown = (state.thrown or 0) + 1
    local who = aim.m.name or aim.m.glyph
    log(string.format("throw #%d: %s at %s, %d squares %s", state.thrown, stack.text, who,
      aim.d, aim.dir))
    return act.throw(stack.letter, aim.dir, string.format("dagger at %s, %d squares away", who,
      aim.d))
  end
  if (state.thrown or 0) == 0 or common.hostile_in_view(world) then return false end
  for _, o in ipairs(world.objects_here) do
    if is_dagger(o) then
      log("picking up " .. o.text)
      return act.pickup({ name = "dagger" }, "picking my daggers back up")
    end
  end
  state.tried = state.tried or {}
  local p = common.fetch(world, RANGE, state.tried, dagger_or_unknown_weapon)
  if p then
    return act.travel(p.x, p.y, string.format("fetching a thrown dagger, %d steps", p.length))
  end
  log(string.format("no dagger left to fetch after %d throws", state.thrown))
  state.thrown, state.tried = 0, {}
  return false
end
