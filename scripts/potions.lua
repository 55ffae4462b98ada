-- Potions, through what the game names and what the knowledge base says (issue 27): pick up the
-- ones that may heal, drink one known to heal when HP is low in a fight, and (optional leaves)
-- drink-test unknown ones when it is safe, or drink an unknown one when death is at hand. A
-- potion is known to heal when the game names it ("potion of extra healing": drunk, seen drunk
-- by a monster, or identified) or when the KB's candidates for its appearance are all of the
-- healing family (shop prices and elimination); every decision's reason names that evidence.
-- A healing potion drunk makes its appearance known in the game (potion.c makeknown); when the
-- last one of its stack went, the discoveries list (`\`, no game time) tells the KB what the
-- appearance was, so elimination can rule healing out of the others.
--
-- Functions (`function:` in the tree): pick_up (trees/gear.yaml), quaff_to_heal
-- (trees/survive.yaml), test_unknown and last_resort (off: the trees' comments give the bench).
--
-- API used: world.inventory (class, name, text, count, letter, buc), world.objects_here,
-- world:objects, world:objects_near, world:path, world:in_shop, world.encumbrance, world.hp,
-- world.hp_max, world.hunger, world.branch, world.monsters, world:distance, world:has_condition,
-- world.last_decision, world:can_pray_safely, world.turn, kb.candidates, kb.identity, kb.why,
-- kb.observe, world:on_elbereth, world.feature_here, act.pickup, act.quaff, act.keys, act.engrave,
-- act.move, act.travel, act.look, log, `state`.
local common = require("gear.common")

local M = {}

-- Potions carried at most (20 weight each; a pack over 600 cannot squeeze diagonally, and the
-- squeeze code keeps potions).
local MAX_CARRIED = 6
-- Steps to walk for a potion seen on the floor.
local REACH = 8
-- Pick-ups of one square at most (a pile that gives no potion is left alone).
local TRIES = 2

-- The healing family, weakest first, with the HP an uncursed one restores on average
-- (potion.c: healing d(6,4), extra healing d(6,8), full healing 400).
local HEALING = { "healing", "extra healing", "full healing" }
local HEALS = { ["healing"] = 15, ["extra healing"] = 27, ["full healing"] = 400 }

-- "potions of extra healing" -> "extra healing"; nil for an appearance.
local function named_identity(name)
  return name:match("^potions? of (.+)$")
end

-- "2 bubbly potions" / "bubbly potions" -> "bubbly potion" (the KB's key); nil for a named one.
local function appearance(name)
  if named_identity(name) or name:find(" called ") then return nil end
  local app = name:gsub("potions$", "potion")
  if not app:find("potion$") then return nil end
  return app
end

-- Water's own appearance, never shuffled (objects.c): no healing potion, nothing to learn.
local WATER = "clear potion"

local function is_healing(identity)
  return identity ~= nil and HEALS[identity] ~= nil
end

-- What a potion (its pack name or floor text) is and the evidence: identity (nil: unknown),
-- candidates (every identity it may still be) and evidence (a short text for the reason).
local function knowledge(name)
  local named = named_identity(name)
  if named then
    return { identity = named, candidates = { named },
      evidence = string.format("the game names it (%q)", name) }
  end
  local app = appearance(name)
  if not app then return { candidates = {}, evidence = "not a potion" } end
  if app == WATER then
    return { identity = "water", candidates = { "water" }, evidence = "a clear potion is water" }
  end
  local why = kb.why(app)
  local evidence = why[#why] or "no facts"
  local id = kb.identity(app)
  if id then return { identity = id, candidates = { id }, evidence = evidence, appearance = app } end
  return { candidates = kb.candidates(app), evidence = evidence, appearance = app }
end

-- The healing identity a potion is known to be: its own name, or the KB's candidates all of the
-- family (then the weakest of them, to be safe). Nil when not known to heal.
local function known_healing(k)
  if k.identity then return is_healing(k.identity) and k.identity or nil end
  if #k.candidates == 0 then return nil end
  local weakest
  for _, c in ipairs(HEALING) do
    for _, x in ipairs(k.candidates) do
      if x == c and not weakest then weakest = c end
    end
  end
  for _, x in ipairs(k.candidates) do
    if not is_healing(x) then return nil end
  end
  return weakest
end

-- Whether a potion may heal: known to, or unknown with a healing identity among its candidates
-- (an empty answer is a KB without facts: it may).
local function may_heal(k)
  if k.identity then return is_healing(k.identity) end
  if #k.candidates == 0 then return k.appearance ~= nil end
  for _, x in ipairs(k.candidates) do
    if is_healing(x) then return true end
  end
  return false
end

local function potions(world)
  local out = {}
  for _, it in ipairs(world.inventory) do
    if it.class == "Potions" then out[#out + 1] = it end
  end
  return out
end

local function carried(world)
  local n = 0
  for _, it in ipairs(potions(world)) do n = n + (it.count or 1) end
  return n
end

-- After a quaff of ours, what the game made of the appearance drunk. When it left the pack
-- (named, or the last of its stack), the discoveries list (`\`, no game time) tells the KB the
-- game's name for it; when it is still unnamed after that, it is no healing potion (potion.c
-- names healing, extra and full healing when drunk, seen), and the KB is told so.
local function learn_after_quaff(world, state)
  local p = state.drunk
  if not p then return nil end
  if kb.identity(p.appearance) then
    state.drunk = nil
    return nil
  end
  local still = false
  for _, it in ipairs(potions(world)) do
    if appearance(it.name) == p.appearance then still = true end
  end
  if not still and not p.read then
    p.read = true
    state.drunk = p
    return act.keys("\\", string.format(
      "reading the discoveries: the %s just drunk left the pack, the game may have named it",
      p.appearance))
  end
  state.drunk = nil
  if p.blind or kb.identity(p.appearance) then return nil end
  local reason = string.format("drunk on turn %d and still unnamed: potion.c names the healing "
    .. "potions when drunk", p.turn)
  for _, id in ipairs(HEALING) do
    -- A KB that takes no observations (or an appearance it does not know) changes nothing.
    pcall(kb.observe, { appearance = p.appearance, not_identity = id, reason = reason })
  end
  log(string.format("the %s is no healing potion: %s", p.appearance, reason))
  return nil
end

-- What to remember of a quaff of `k`'s appearance, for learn_after_quaff (nil: nothing to learn).
local function drinking(world, k)
  if not k.appearance then return nil end
  return { appearance = k.appearance, turn = world.turn, blind = world:has_condition("blind")
    or world:has_condition("hallu") }
end

-- A floor object's text as a pack name: "2 uncursed diluted bubbly potions (for sale, 20
-- zorkmids)" -> "bubbly potions".
local floor_name = common.per_text(function(text)
  local name = text:gsub("^an? ", ""):gsub("^the ", ""):gsub("^%d+ ", ""):gsub(" %b()$", "")
  for _, word in ipairs({ "blessed", "uncursed", "cursed", "unholy", "holy", "diluted" }) do
    name = name:gsub("^" .. word .. " ", "")
  end
  return name
end)

local names_potion = common.per_text(function(text) return text:find("potion") ~= nil end)

local function floor_potion(o)
  if o.text == nil then return o.glyph == "!" end
  if not names_potion(o.text) then return false end
  return may_heal(knowledge(floor_name(o.text)))
end

-- Pick up potions that may heal (known healing ones, unknown ones whose candidates include
-- healing), up to MAX_CARRIED; walks up to REACH steps to one seen. Never in a shop, never with a
-- hostile in view, only unencumbered.
function M.pick_up(world, state, path)
  state.tried = state.tried or {}
  state.here = state.here or {}
  state.looked = state.looked or {}
  if common.hostile_in_view(world) or world:in_shop(world.x, world.y) then return false end
  if world.encumbrance ~= "unencumbered" or carried(world) >= MAX_CARRIED then return false end
  local key = world.dlvl .. ":" .. world.x .. "," .. world.y
  for i, o in ipairs(world.objects_here) do
    if o.text and floor_potion(o) and (state.here[key] or 0) < TRIES then
      state.here[key] = (state.here[key] or 0) + 1
      return act.pickup({ index = i }, "picking up " .. o.text .. ": it may be healing")
    end
  end
  local look = common.look_if_unlisted(world, state.looked, "!")
  if look then return look end
  local p = common.fetch(world, REACH, state.tried, floor_potion)
  if p then
    local top = world:objects(p.x, p.y)[1]
    return common.go(p, string.format("fetching %s, %d steps away (a potion that may heal)",
      top and top.text or "a potion", p.length))
  end
  return false
end

-- The known healing potion to drink for `missing` HP: the weakest whose average covers half of
-- it, else the strongest carried. Returns the item, its identity and the evidence.
local function healing_to_drink(world, missing)
  local found = {}
  for _, it in ipairs(potions(world)) do
    local k = knowledge(it.name)
    local id = known_healing(k)
    if id then found[#found + 1] = { item = it, identity = id, k = k } end
  end
  if #found == 0 then return nil end
  table.sort(found, function(a, b) return HEALS[a.identity] < HEALS[b.identity] end)
  for _, f in ipairs(found) do
    if HEALS[f.identity] * 2 >= missing then return f end
  end
  return found[#found]
end

-- HP below a third of max (AutoAscend's line) while a hostile is within 5 or HP fell since the
-- last decision: drink the healing potion known (after a safe prayer, before a prayer that
-- gambles on the timeout).
function M.quaff_to_heal(world, state, path)
  local read = learn_after_quaff(world, state)
  if read then return read end
  if world.hp * 3 >= world.hp_max then return false end
  local foe, d = common.hostile_in_view(world)
  local last = world.last_decision
  local falling = last ~= nil and last.hp > world.hp
  if not (foe and d <= 5) and not falling then return false end
  local f = healing_to_drink(world, world.hp_max - world.hp)
  if not f then return false end
  state.drunk = drinking(world, f.k)
  local why = foe and string.format("%s %d squares away", foe.name or ("`" .. foe.glyph .. "`"), d)
    or string.format("HP fell from %d", last.hp)
  return act.quaff(f.item.letter, string.format(
    "drinking one of %s (%s, ~%d HP) at HP %d/%d, %s: %s", f.item.text, f.identity,
    HEALS[f.identity], world.hp, world.hp_max, why, f.k.evidence))
end

-- Whether it is safe to drink an unknown potion for what it teaches: full HP, nothing hostile in
-- view, not hungry, not in a shop or Sokoban, no condition that a bad potion would stack on.
local function safe_to_test(world)
  if world.hp < world.hp_max or common.hostile_in_view(world) then return false end
  if world.hunger ~= "not_hungry" and world.hunger ~= "satiated" then return false end
  if world:in_shop(world.x, world.y) or world.branch == "sokoban" then return false end
  for _, c in ipairs({ "blind", "hallu", "conf", "stun", "lev", "ill", "foodpois" }) do
    if world:has_condition(c) then return false end
  end
  return true
end

-- Squares where an Elbereth is written for a drink test (dust takes, eyes to read it back).
local function can_engrave(world)
  local here = world.feature_here
  return here == "floor" or here == "corridor"
end

-- Engravings for a drink test on one square at most (a misspelled one is written again once).
local ENGRAVINGS = 2

-- Drink-test an unknown potion that may heal, when it is safe: the game names most potions once
-- drunk, so the healing ones become known for quaff_to_heal. Drunk on an Elbereth read back (a
-- potion of sleeping or paralysis leaves us helpless for up to ~30 turns, and a monster that
-- respects Elbereth does not strike us there): engrave, read it back, drink.
function M.test_unknown(world, state, path)
  state.engraved = state.engraved or {}
  local read = learn_after_quaff(world, state)
  if read then return read end
  if not safe_to_test(world) then return false end
  local it, k
  for _, cand in ipairs(potions(world)) do
    local ck = knowledge(cand.name)
    if not it and ck.appearance and not ck.identity and may_heal(ck) and cand.buc ~= "cursed" then
      it, k = cand, ck
    end
  end
  if not it then return false end
  if world:on_elbereth() then
    state.stand = nil
    state.drunk = drinking(world, k)
    return act.quaff(it.letter, string.format(
      "drink-testing %s on Elbereth at full HP with nothing hostile in view: %d candidates, "
        .. "healing among them (%s)", it.text, #k.candidates, k.evidence))
  end
  if not can_engrave(world) then return false end
  local key = world.dlvl .. ":" .. world.x .. "," .. world.y
  local st = state.stand
  if st and st.key == key and world.turn - st.turn <= 3 and not st.looked then
    st.looked = true
    return act.look("reading back the Elbereth written to drink-test " .. it.text .. " on it")
  end
  state.stand = nil
  if (state.engraved[key] or 0) >= ENGRAVINGS then return false end
  state.engraved[key] = (state.engraved[key] or 0) + 1
  state.stand = { key = key, turn = world.turn }
  return act.engrave("Elbereth", string.format(
    "engraving Elbereth to drink-test %s on it (a sleeping or paralysis potion leaves us helpless)",
    it.text))
end

-- Death at hand (HP at most a seventh of max or 5, a hostile next to us) with no healing potion
-- known and no safe prayer: drink an unknown potion that may heal rather than nothing.
function M.last_resort(world, state, path)
  local read = learn_after_quaff(world, state)
  if read then return read end
  if world.hp * 7 > world.hp_max and world.hp > 5 then return false end
  local foe, d = common.hostile_in_view(world)
  if not foe or d > 1 or world:can_pray_safely() then return false end
  if healing_to_drink(world, world.hp_max - world.hp) then return false end
  local best, best_k
  for _, it in ipairs(potions(world)) do
    local k = knowledge(it.name)
    if k.appearance and not k.identity and may_heal(k)
      and (not best or #k.candidates < #best_k.candidates) then
      best, best_k = it, k
    end
  end
  if not best then return false end
  state.drunk = drinking(world, best_k)
  return act.quaff(best.letter, string.format(
    "drinking an unknown potion (%s) at HP %d/%d with %s next to us, no safe prayer: %d "
      .. "candidates (%s)",
    best.text, world.hp, world.hp_max, foe.name or ("`" .. foe.glyph .. "`"), #best_k.candidates,
    best_k.evidence))
end

return M
