-- Wear armour found: put on each piece that fills an empty slot, and pick up (or walk a few
-- steps to) armour that would. A piece worth more AC than the one worn in its slot (base AC
-- plus the enchantment its name shows) replaces it, as AutoAscend wears the best AC per slot:
-- the worn one comes off, the better one goes on, and the old one is dropped (it only weighs,
-- and a nymph's theft picks among all we carry). Never for a plate mail (450 weight: burdened,
-- every monster gets more blows), never off a cursed piece. Unknown curse status is worn anyway (the risk AutoAscend takes);
-- a piece its name says is cursed, or that may be one of the identities that hurt once on
-- (helm of opposite alignment, fumbling, levitation...; the KB's candidates decide), is not.
-- Body armour goes under the cloak: the cloak comes off first and back on after. A wear, take
-- off or pick-up that did not happen (cursed, "You are already wearing", too heavy) is
-- remembered with the game's message, so it is never tried again.
--
-- API used: world.inventory (name, buc, worn, wielded), world.objects_here, world:objects,
-- world:path, world:in_shop, world.encumbrance, world.last_decision, world.messages,
-- kb.candidates, kb.why, act.wear, act.take_off, act.pickup, act.look, act.move, act.travel, log, `state`.
local common = require("gear.common")
local armour = require("gear.armour")
local REACH = 6 -- steps to walk for a piece on the floor
-- Steps to walk for a known piece that fills an empty suit or shield slot: 61 of b36's 400
-- deaths came at AC 10, 49 of them after a nymph took the armour (or it fell off in a were
-- form), many hundreds of turns later with armour lying further than REACH. b36, seeds 1..400
-- (b36-arm against b36-eye): such walks in 30 games, 26 games differ, score 14 better / 11
-- worse (p 0.69), mean +125 (CI -182..516), median 5,079 -> 5,151.
local FAR_REACH = 30
-- Wears, take-offs and pick-ups of one piece at most: the outcome is only read when this leaf
-- acts again right after, so a refusal between other leaves' decisions is caught by the count.
local TRIES = 3

-- Order of the slots when several are empty: body armour first (it goes under a cloak).
local SLOT_ORDER = { suit = 1, cloak = 2, helmet = 3, boots = 4, gloves = 5, shield = 6 }
-- Suits too heavy to swap for (objects.c weight 450).
local HEAVY = { ["plate mail"] = true, ["crystal plate mail"] = true,
  ["bronze plate mail"] = true }

-- The enchantment a name shows ("a +2 orcish helm"), else 0 (unknown: 0 is the likeliest).
local enchantment = common.per_text(function(text)
  return tonumber(text:match("([+-]%d+) ")) or 0
end)

-- A piece's worth in AC: its base AC plus the enchantment its name shows.
local function worth(piece, text)
  return piece.ac + (text and enchantment(text) or 0)
end

local function said(world)
  local m = world.messages
  return #m > 0 and table.concat(m, " ") or "no message"
end

-- The pack as slots: what is worn in each, the pieces not worn, the weapon in hand.
local function pack(world, state)
  local worn, spare, weapon = {}, {}, nil
  for _, it in ipairs(world.inventory) do
    if it.wielded then weapon = it end
    if it.class == "Armor" then
      local piece = armour.piece(it.name)
      if piece and it.worn then
        worn[piece.slot] = { item = it, piece = piece }
      elseif piece then
        spare[#spare + 1] = { item = it, piece = piece }
      elseif not state.unknown[it.name] then
        state.unknown[it.name] = true
        log("not an armour piece I know: " .. it.text)
      end
    end
  end
  return worn, spare, weapon
end

-- Why a piece for `slot` cannot go on now (nil: it can): slot taken, shield with a two-handed
-- weapon; a suit under a cloak is fine when the cloak can come off.
local function slot_blocked(slot, worn, weapon, state)
  if worn[slot] then return "the " .. slot .. " slot holds " .. worn[slot].item.text end
  if slot == "shield" and weapon and armour.two_handed(weapon.name) then
    return "a shield needs a hand free of the " .. weapon.name
  end
  if slot == "suit" and worn.cloak then
    local cloak = worn.cloak.item
    if cloak.buc == "cursed" or state.refused["off:" .. cloak.name] then
      return "the " .. cloak.name .. " cannot come off"
    end
  end
  return nil
end

-- The worn piece a piece (`piece`, seen as `text`) would replace, and both worths; nil when
-- the slot is empty, the piece is not better, too heavy, or the worn one cannot come off.
local function replaces(piece, text, worn, state)
  local cur = worn[piece.slot]
  -- Not for a shuffled appearance either: a "piece of cloth" may be a cloak of invisibility
  -- (seed 221 of b32-armour2 swapped its dwarvish cloak for one; shops shut, and the bot
  -- ended stuck beside a peaceful pony it could not see past).
  if not cur or HEAVY[piece.key] or piece.pool then return nil end
  local new, old = worth(piece, text), worth(cur.piece, cur.item.text)
  local stuck = function(it) return it.buc == "cursed" or state.refused["off:" .. it.name] end
  -- Body armour comes off only under a cloak that comes off (b32-armour: a cursed orcish
  -- cloak refused 44,000 times in one game, each refusal taking no game time).
  if new <= old or stuck(cur.item) or (piece.slot == "suit" and worn.cloak and stuck(worn.cloak.item)) then
    return nil
  end
  return cur, new, old
end

-- Checks what our previous action did; remembers a refusal with the game's words.
local function outcome(world, state, mine)
  local p = state.pending
  state.pending = nil
  if not p or not mine then return end
  local now
  for _, it in ipairs(world.inventory) do
    if it.name == p.name then now = it end
  end
  if p.verb == "wear" then
    if now and now.worn then
      log(string.format("now wearing %s (%s)", now.text, said(world)))
    else
      state.refused[p.name] = said(world)
      log(string.format("could not wear the %s: %s", p.name, said(world)))
    end
  elseif p.verb == "take_off" then
    if now and now.worn then
      state.refused["off:" .. p.name] = said(world)
      log(string.format("could not take off the %s: %s", p.name, said(world)))
    end
  elseif p.verb == "pickup" then
    local count = 0
    for _, it in ipairs(world.inventory) do
      if armour.piece(it.name) and armour.piece(it.name).key == p.key then count = count + 1 end
    end
    if count <= p.had then
      state.refused[p.floor] = said(world)
      log(string.format("did not pick up the %s: %s", p.key, said(world)))
    end
  end
end

return function(world, state, path)
  state.refused = state.refused or {}
  state.tried = state.tried or {}
  state.unknown = state.unknown or {}
  state.attempts = state.attempts or {}
  -- The previous decision is read only when an action of ours is pending.
  local mine = state.pending ~= nil and world.last_decision ~= nil
    and world.last_decision.path == path
  outcome(world, state, mine)
  if common.hostile_in_view(world) then return false end

  local worn, spare, weapon = pack(world, state)
  -- What to put on: the pieces whose slot is free, body armour first, then the best AC.
  table.sort(spare, function(a, b)
    local sa, sb = SLOT_ORDER[a.piece.slot] or 9, SLOT_ORDER[b.piece.slot] or 9
    if sa ~= sb then return sa < sb end
    return worth(a.piece, a.item.text) > worth(b.piece, b.item.text)
  end)
  for _, s in ipairs(spare) do
    local it, piece = s.item, s.piece
    local blocked = slot_blocked(piece.slot, worn, weapon, state)
    local refusal = state.refused[it.name] and ("the game refused it: " .. state.refused[it.name])
      or ((state.attempts[it.name] or 0) >= TRIES and "tried " .. TRIES .. " times already")
      or (it.buc == "cursed" and "it is cursed") or armour.refusal(piece, it.text)
    if refusal then
      if not state.unknown["skip:" .. it.name] then
        state.unknown["skip:" .. it.name] = true
        log(string.format("not wearing %s: %s", it.text, refusal))
      end
    elseif blocked and worn[piece.slot] and replaces(piece, it.text, worn, state)
        and not (piece.slot == "shield" and weapon and armour.two_handed(weapon.name)) then
      local cur, new, old = replaces(piece, it.text, worn, state)
      -- Body armour is under the cloak: the cloak comes off first (and back on after).
      local off = (piece.slot == "suit" and worn.cloak) and worn.cloak.item or cur.item
      local key = "off:" .. off.name
      state.attempts[key] = (state.attempts[key] or 0) + 1
      if state.attempts[key] >= TRIES then state.refused[key] = "tried " .. TRIES .. " times" end
      state.pending = { verb = "take_off", name = off.name }
      return act.take_off(off.letter, string.format(
        "taking off the %s: %s (AC %d) is better than the %s (AC %d)", off.name, it.text, new,
        cur.item.name, old))
    elseif not blocked then
      if piece.slot == "suit" and worn.cloak then
        local cloak = worn.cloak.item
        local off = "off:" .. cloak.name
        state.attempts[off] = (state.attempts[off] or 0) + 1
        if state.attempts[off] >= TRIES then state.refused[off] = "tried " .. TRIES .. " times" end
        state.pending = { verb = "take_off", name = cloak.name }
        return act.take_off(cloak.letter, string.format(
          "taking off the %s to put the %s on under it", cloak.name, it.name))
      end
      state.attempts[it.name] = (state.attempts[it.name] or 0) + 1
      state.pending = { verb = "wear", name = it.name }
      local buc = it.buc and (it.buc .. ")") or "curse status unknown: worn anyway)"
      return act.wear(it.letter, string.format("wearing %s (%s slot empty, base AC %d; %s",
        it.text, piece.slot, piece.ac, buc))
    end
  end

  -- A spare piece that will not replace the one worn in its slot (no better, or what is worn
  -- will not come off): dropped, it only weighs.
  if not world:in_shop(world.x, world.y) then
    for _, s in ipairs(spare) do
      local cur = worn[s.piece.slot]
      local key = "drop:" .. s.item.name
      if cur and not replaces(s.piece, s.item.text, worn, state)
        and (state.attempts[key] or 0) < TRIES then
        state.attempts[key] = (state.attempts[key] or 0) + 1
        local why = (worth(cur.piece, cur.item.text) >= worth(s.piece, s.item.text) and "is as good")
          or (s.piece.pool and "stays on: a shuffled appearance may be worse")
          or "will not come off"
        return act.drop(s.item.letter, nil, string.format("dropping %s: the %s worn %s",
          s.item.text, cur.item.name, why))
      end
    end
  end

  -- Floor pieces that would fill a free slot or replace a worse piece (none already in the
  -- pack for that slot).
  local holding = {}
  for _, s in ipairs(spare) do holding[s.piece.slot] = true end
  local function wanted(text)
    local piece = armour.piece(text)
    if not piece or holding[piece.slot] or armour.refusal(piece, text) then return nil end
    if not slot_blocked(piece.slot, worn, weapon, state) then return piece, "empty" end
    if worn[piece.slot] and replaces(piece, text, worn, state)
      and not (piece.slot == "shield" and weapon and armour.two_handed(weapon.name)) then
      return piece, "better"
    end
    return nil
  end
  if world.encumbrance ~= "unencumbered" or world:in_shop(world.x, world.y) then return false end
  for _, o in ipairs(world.objects_here) do
    local piece, why = wanted(o.text)
    local floor = string.format("floor:%d:%d,%d:%s", world.dlvl, world.x, world.y,
      piece and piece.key or "")
    if piece and not state.refused[floor] and (state.attempts[floor] or 0) < TRIES then
      state.attempts[floor] = (state.attempts[floor] or 0) + 1
      local had = 0
      for _, it in ipairs(world.inventory) do
        local p = armour.piece(it.name)
        if p and p.key == piece.key then had = had + 1 end
      end
      state.pending = { verb = "pickup", key = piece.key, had = had, floor = floor }
      local what = why == "empty" and string.format("for the empty %s slot", piece.slot)
        or string.format("to replace the %s worn", worn[piece.slot].item.name)
      return act.pickup({ name = piece.key }, string.format("picking up %s %s", o.text, what))
    end
  end
  state.looked = state.looked or {}
  local look = common.look_if_unlisted(world, state.looked, "[")
  if look then return look end
  local p = common.fetch(world, REACH, state.tried, function(o)
    if o.text == nil then return o.glyph == "[" end
    return wanted(o.text) ~= nil
  end)
  if p then
    local top = world:objects(p.x, p.y)[1]
    return common.go(p, string.format("fetching %s, %d steps away",
      top and top.text or "an unseen armour piece", p.length))
  end
  if not worn.suit or not worn.shield then
    local function fills(o)
      if o.text == nil then return nil end
      local piece, why = wanted(o.text)
      return why == "empty" and (piece.slot == "suit" or piece.slot == "shield") and piece or nil
    end
    local far = common.fetch(world, FAR_REACH, state.tried, function(o) return fills(o) ~= nil end)
    if far then
      for _, o in ipairs(world:objects(far.x, far.y)) do
        local piece = fills(o)
        if piece then
          return common.go(far, string.format("fetching %s for the empty %s slot, %d steps away",
            o.text, piece.slot, far.length))
        end
      end
    end
  end
  return false
end
