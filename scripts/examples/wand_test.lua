-- Engrave-test unknown wands. Picks up wands it stands on (or walks to one nearby), engraves
-- with each unidentified one once, and reads what the knowledge base made of the game's answer
-- (the engine's KB feed records every engrave test as a fact with the message as its reason).
--
-- API used: world.inventory, world.objects_here, world:objects, world:path, world:in_shop,
-- world.feature_here, world:has_condition, act.pickup{name=}, act.engrave_with, act.travel,
-- kb.identity, kb.candidates, kb.why, log, `state`.
local REACH = 8

local function hostile_in_view(world)
  for _, m in ipairs(world.monsters) do
    if m.hostile and not m.remembered then return true end
  end
  return false
end

-- "a tin wand" / "an oak wand (0:4)" -> "tin wand"; nil for an identified "wand of ...".
local function appearance(text)
  if text:find("wand of") then return nil end
  return text:match("(%a[%a%-]* wand)")
end

local function is_wand(o)
  return (o.text and o.text:find("wand")) or (o.text == nil and o.glyph == "/")
end

-- Not a square we already went for 6 times (what lies there may be no wand, or unreachable).
local function nearest_wand(world, tried)
  local best
  for dy = -REACH, REACH do
    for dx = -REACH, REACH do
      local x, y = world.x + dx, world.y + dy
      local key = world.dlvl .. ":" .. x .. "," .. y
      if (dx ~= 0 or dy ~= 0) and (tried[key] or 0) < 6 and not world:in_shop(x, y) then
        for _, o in ipairs(world:objects(x, y)) do
          if is_wand(o) then
            local p = world:path(x, y)
            if p and (not best or p.length < best.length) then best = p end
            break
          end
        end
      end
    end
  end
  return best
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
  if hostile_in_view(world) then return false end
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
  local p = nearest_wand(world, state.tried)
  if p then
    local key = world.dlvl .. ":" .. p.x .. "," .. p.y
    state.tried[key] = (state.tried[key] or 0) + 1
    return act.travel(p.x, p.y, string.format("fetching a wand, %d steps", p.length))
  end
  return false
end
