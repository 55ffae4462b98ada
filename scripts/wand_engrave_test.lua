-- Engrave-test unknown wands so the knowledge base learns what they are: picks up wands it
-- stands on (or walks to one seen a few steps away), then, when it is safe (no hostile in view,
-- HP at least half, a floor or corridor square it can write on, not blind or levitating),
-- engraves with each unidentified wand once. The engine's KB feed records the game's answer
-- ("The bugs on the floor stop moving!", "Gravel flies up from the floor.") as a fact with the
-- message as its reason; the next decision logs what the KB made of it.
--
-- API used: world.inventory (class, name, charges), world.objects_here, world:objects,
-- world:path, world:in_shop, world.feature_here, world:has_condition, world.hp/hp_max,
-- act.pickup, act.engrave_with, act.look, act.move, act.travel, kb.identity, kb.candidates, kb.why, log, `state`.
local common = require("gear.common")
local REACH = 8 -- steps to walk for a wand on the floor

local names_wand = common.per_text(function(text) return text:find("wand") ~= nil end)

local function is_wand(o)
  if o.text == nil then return o.glyph == "/" end
  return names_wand(o.text)
end

-- Whether an engraving here would test the wand: a square one writes on, eyes to read it.
local function can_engrave(world)
  local here = world.feature_here
  return (here == "floor" or here == "corridor") and not world:has_condition("blind")
    and not world:has_condition("lev") and not world:has_condition("hallu")
end

return function(world, state)
  state.tested = state.tested or {}
  state.tried = state.tried or {}
  if state.testing then
    local name = state.testing
    state.testing = nil
    local facts = kb.why(name)
    local cands = kb.candidates(name)
    log(string.format("engrave test of the %s: %s; candidates %s; evidence: %s", name,
      kb.identity(name) or "not identified", table.concat(cands, ", "),
      facts[#facts] or "none"))
  end
  if common.hostile_in_view(world) or world.hp * 2 < world.hp_max then return false end

  state.picked = state.picked or {}
  local here = world.dlvl .. ":" .. world.x .. "," .. world.y
  if not world:in_shop(world.x, world.y) and world.encumbrance == "unencumbered"
    and (state.picked[here] or 0) < 2 then
    for _, o in ipairs(world.objects_here) do
      if o.text and names_wand(o.text) then
        state.picked[here] = (state.picked[here] or 0) + 1
        return act.pickup({ name = "wand" }, "picking up " .. o.text .. " to engrave-test it")
      end
    end
  end

  if can_engrave(world) then
    for _, item in ipairs(world.inventory) do
      local app = common.wand_appearance(item)
      local untested = app and not state.tested[app] and not kb.identity(app)
        and item.charges ~= 0
      if untested then
        state.tested[app] = world.turn
        state.testing = app
        local cands = kb.candidates(app)
        return act.engrave_with(item.letter, "x", string.format(
          "engrave-testing the %s (%s): the KB has %d candidates for it", app, item.letter,
          #cands))
      end
    end
  end

  if world.encumbrance ~= "unencumbered" then return false end
  state.looked = state.looked or {}
  local look = common.look_if_unlisted(world, state.looked, "/")
  if look then return look end
  local p = common.fetch(world, REACH, state.tried, is_wand)
  if p then
    local top = world:objects(p.x, p.y)[1]
    return common.go(p, string.format("fetching %s, %d steps away",
      top and top.text or "a wand seen there", p.length))
  end
  return false
end
