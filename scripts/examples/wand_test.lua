-- Engrave-test unknown wands. Picks up wands it stands on (or walks to one nearby), engraves
-- with each unidentified one once, and reads what the knowledge base made of the game's answer
-- (the engine's KB feed records every engrave test as a fact with the message as its reason).
--
-- API used: world.inventory, world.objects_here, world:objects, world:path, world:in_shop,
-- world.feature_here, world:has_condition, act.pickup{name=}, act.engrave_with, act.travel,
-- kb.identity, kb.candidates, kb.why, log, `state`.
local common = require("examples.common")
local REACH = 8

-- "a tin wand" / "an oak wand (0:4)" -> "tin wand"; nil for an identified "wand of ...".
local function appearance(text)
  if text:find("wand of") then return nil end
  return text:match("(%a[%a%-]* wand)")
end

local function is_wand(o)
  return (o.text and o.text:find("wand")) or (o.text == nil and o.glyph == "/")
end

return function(world, state)
  state.tested = state.tested or {}
  if state.testing then
    local name = state.testing
    state.testing = nil
    local facts = kb.why(name)
    log(string.format("engrave test of the %s: %s, %d candidates left, %d facts (%s)", name,
      kb.identity(name) or "not identified", #kb.candidates(name), #facts,
      facts[1] or "no reason"))
  end
  if common.hostile_in_view(world) then return false end
  if not world:in_shop(world.x, world.y) then
    for _, o in ipairs(world.objects_here) do
      if o.text and o.text:find("wand") then
        return act.pickup({ name = "wand" }, "picking up " .. o.text)
      end
    end
  end
  local here = world.feature_here
  local can_engrave = (here == "floor" or here == "corridor") and not world:has_condition("blind")
    and not world:has_condition("lev")
  for _, item in ipairs(world.inventory) do
    local name = item.class == "Wands" and appearance(item.text)
    if name and can_engrave and not state.tested[name] and not kb.identity(name) then
      state.tested[name] = world.turn
      state.testing = name
      return act.engrave_with(item.letter, "x", "engrave-testing the " .. name)
    end
  end
  state.tried = state.tried or {}
  local p = common.fetch(world, REACH, state.tried, is_wand)
  if p then
    return act.travel(p.x, p.y, string.format("fetching a wand, %d steps", p.length))
  end
  return false
end
