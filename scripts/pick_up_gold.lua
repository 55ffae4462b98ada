-- Pick up gold: it counts in the score (all of it while alive, 90% at death) and buys protection
-- from a temple priest (400 x XL). The bench's games never carried a coin. Takes the gold we
-- stand on, and walks up to REACH steps to a `$` seen, never in a shop (the keeper's) and never
-- while a hostile is in view; a square that gave nothing after a few tries is left alone.
--
-- API used: world.objects_here, world:objects, world:path, world:in_shop, world.encumbrance,
-- act.pickup, act.move, act.travel, `state`.
local common = require("gear.common")
local REACH = 8

local names_gold = common.per_text(function(text) return text:find("gold piece") ~= nil end)

local function gold(o)
  if o.text then return names_gold(o.text) end
  return o.glyph == "$"
end

return function(world, state, path)
  state.tried = state.tried or {}
  state.here = state.here or {}
  if common.hostile_in_view(world) or world:in_shop(world.x, world.y) then return false end
  if world.encumbrance ~= "unencumbered" and world.encumbrance ~= "burdened" then return false end
  local key = world.dlvl .. ":" .. world.x .. "," .. world.y
  for _, o in ipairs(world.objects_here) do
    if gold(o) and (state.here[key] or 0) < 2 then
      state.here[key] = (state.here[key] or 0) + 1
      return act.pickup({ class = "$" }, "picking up " .. (o.text or "the gold here"))
    end
  end
  local p = common.fetch(world, REACH, state.tried, gold)
  if p then
    return common.go(p, string.format("fetching the gold seen %d steps away", p.length))
  end
  return false
end
