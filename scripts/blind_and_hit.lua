-- Blind, without telepathy, and losing to something that strikes us: engrave Elbereth here and
-- stand on it searching one turn at a time (issue 27, item 4). On the 200-game bench (acad74a)
-- 7 of the 13 deaths to unseen attackers came blind (seeds 12, 46, 73, 110, 132, 173, 174):
-- the survive subtree "retreated" from the `I`, the foe followed and struck again, the
-- blindness leaf searched, and so on from HP 40-60 to death. A blind hero cannot outrun
-- anything, but the ants, mumaks, dogs and trolls that killed it all respect Elbereth
-- (monmove.c onscary: not @ humans, minotaurs, shopkeepers, guards; the monster must see it).
-- Blind, each letter of a dust engraving is garbled with chance 1/25 + 1/11 (engrave.c), so
-- "Elbereth" comes out whole about one time in three, and we cannot read it back: a blow
-- after our engraving says it failed (or the foe ignores it), and we engrave again (blind,
-- a new dust engraving replaces the old one), at most TRIES times in a row (an engraving that
-- kept the blows off HOLD turns starts a new count); then the leaf steps aside and the survive
-- subtree fights. Never a blow from our square while we hold
-- it: attacking from an Elbereth erases it (mon.c setmangry).
--
-- Placed before the survive subtree (trees/upkeep.yaml), it steps aside for a prayer (in
-- major trouble the survive subtree prays), for a zap (dodge_zapper moves us off its line)
-- with death at hand (pray_when_desperate) and while winning (HP at least LOSING of max and
-- not falling fast: the survive subtree strikes back at the `I`).
--
-- Two variants (trees/upkeep.yaml picks one with `function:`): `hold`, as above; `persist`
-- (session 27): 6 tries, a fresh count after each prayer, and it steps aside for a prayer only
-- when one can come (no refusal yet, the last prayer at least PRAYER_SOON turns ago). In the
-- b26 bench 14 games died to unseen blows blind, each soon after a prayer: the leaf stepped
-- aside for "death at hand" with the prayer spent and the survive subtree struck from our
-- Elbereth (erasing it), or it had spent its 4 tries before the prayer and fought on at full HP
-- against three or more `I`s that respect Elbereth (seeds 53, 100, 164).
--
-- API used: world:has_condition, world:has_intrinsic, world:prayer_trouble, world:history,
-- world.turns_since_prayer, world.refused_prayers, world.last_prayer_turn,
-- world:said_since, world.turn, world.x, world.y, world.hp, world.hp_max, world.monsters (glyph),
-- act.engrave, act.search, `state`.
local HOLD_TRIES = 4 -- engravings in a row under blows before the leaf steps aside (0.66^4: 19% all garbled)
local PERSIST_TRIES = 6 -- the same for `persist` (0.66^6: 8% all garbled)
-- Turns after a granted prayer from which another is refused as too soon with chance at most
-- 50% (world/src/prayer.rs refusal_chance: 50% at 152 turns), the survive subtree's
-- pray_when_desperate max_refusal: before it, no prayer comes to step aside for.
local PRAYER_SOON = 152
local STRUCK = 2 -- turns since a blow that count as being struck now
local HOLD = 10 -- turns after the last blow we stay on our engraving
-- HP fraction below which a blow blind starts an engraving. Not higher: seed 110 at 28/56 HP,
-- losing 8 in 3 turns to a raven, engraved twice under its bites where the old tree killed it.
local LOSING = 0.4
local FALLING = 0.25 -- or HP lost within FALL_TURNS, as a fraction of max
local FALL_TURNS = 3
local ZAP_SIGNS = { " zaps a", "The bolt of ", "The wand hits", "blinded by the flash" }

-- The turn of the latest blow at us ("It bites!", "The soldier ant misses!") in the last
-- messages, or nil.
local BLOWS = { " hits!", " bites!", " stings!", " butts!", " kicks!", " claws!", " touches you!",
  " misses!", " misses.", " misses you." }
local function last_blow(world)
  local latest = nil
  for _, said in ipairs(world:history(40)) do
    local t = said.text
    if t:sub(1, 3) == "It " or t:sub(1, 4) == "The " then
      for _, b in ipairs(BLOWS) do
        if t:sub(-#b) == b then
          latest = said.turn
          break
        end
      end
    end
  end
  return latest
end

local function mark_adjacent(world)
  for _, m in ipairs(world.monsters) do
    if m.glyph == "I" and math.max(math.abs(m.x - world.x), math.abs(m.y - world.y)) == 1 then
      return true
    end
  end
  return false
end

-- Remembers the most HP seen this turn (kept FALL_TURNS turns).
local function see_hp(world, state)
  state.hp_seen = state.hp_seen or {}
  state.hp_seen[world.turn] = math.max(state.hp_seen[world.turn] or 0, world.hp)
  for turn in pairs(state.hp_seen) do
    if world.turn - turn > FALL_TURNS or turn > world.turn then state.hp_seen[turn] = nil end
  end
end

-- HP lost within the last `turns` turns, from the HP seen each turn.
local function hp_lost(world, state, turns)
  local most = world.hp
  for turn, hp in pairs(state.hp_seen) do
    if world.turn - turn <= turns and hp > most then most = hp end
  end
  return most - world.hp
end

-- Whether the survive subtree may pray now: no refusal yet, and the last prayer long enough ago.
local function prayer_may_come(world)
  if #world.refused_prayers > 0 then return false end
  local since = world.turns_since_prayer
  return since == nil or since >= PRAYER_SOON
end

-- The leaf: `tries` engravings in a row; `persist` adds the prayer-aware step aside and the
-- fresh count after a prayer.
local function make(tries, persist)
  local TRIES = tries
  return function(world, state)
    see_hp(world, state)
    local lost = hp_lost(world, state, FALL_TURNS)
    if not world:has_condition("blind") or world:has_intrinsic("telepathy") then
      state.square = nil
      return false
    end
    local pray_soon = not persist or prayer_may_come(world)
    if persist and world.last_prayer_turn ~= state.prayed then
      -- Prayed (HP back to full, the blows go on): a fresh count of tries.
      state.prayed, state.tries, state.spent, state.held = world.last_prayer_turn, 0, nil, nil
    end
    if pray_soon and world:prayer_trouble() then return false end
    -- Death at hand (two more turns like the last would kill us): the survive subtree's
    -- pray_when_desperate prays though the prayer timeout may not be over (seed 110: ravens, HP
    -- 28 -> 19 -> 11 -> dead while this leaf engraved).
    local last_turn = hp_lost(world, state, 1)
    if pray_soon and last_turn > 0 and world.hp <= 2 * last_turn then return false end
    for _, sign in ipairs(ZAP_SIGNS) do
      if world:said_since(world.turn - 5, sign) then return false end
    end
    local blow = last_blow(world)
    local here = world.x .. "," .. world.y
    if state.square ~= here then
      -- Walked (or was moved) off our engraving: a new square, a fresh count.
      state.square, state.tries, state.engraved, state.held, state.spent = nil, 0, nil, nil, nil
    end
    local struck = blow and world.turn - blow <= STRUCK
    if state.spent then return false end
    if state.engraved then
      -- Standing on our engraving: hold it while the foe may be near.
      if blow and blow > state.engraved and struck then
        -- An engraving that kept the blows off HOLD turns worked: a new streak of tries.
        if state.held then state.tries, state.held = 0, nil end
        if state.tries >= TRIES then
          -- It ignores Elbereth, or we garbled every one: the survive subtree fights it here.
          state.spent = true
          return false
        end
        state.engraved, state.tries = world.turn, state.tries + 1
        return act.engrave("Elbereth", string.format(
          "blind, struck again on our Elbereth at %d,%d (HP %d/%d): engraving it again (%d of %d; blind, " ..
          "a letter garbles with chance 1/25 + 1/11)", world.x, world.y, world.hp, world.hp_max,
          state.tries, TRIES))
      end
      if world.turn - math.max(blow or 0, state.engraved) > HOLD then state.held = true end
      if (blow and world.turn - blow <= HOLD) or mark_adjacent(world) then
        return act.search(1, string.format(
          "blind on our Elbereth at %d,%d (engraved turn %d, last blow turn %s): searching one turn, no blow from it",
          world.x, world.y, state.engraved, tostring(blow)))
      end
      return false
    end
    if not struck then return false end
    local losing = world.hp < LOSING * world.hp_max or lost >= FALLING * world.hp_max
    if not losing then return false end
    state.square, state.engraved, state.tries = here, world.turn, 1
    return act.engrave("Elbereth", string.format(
      "blind without telepathy, struck at turn %d, HP %d/%d (lost %d in %d turns): engraving Elbereth " ..
      "here rather than fleeing what we cannot outrun (1 of %d)", blow, world.hp, world.hp_max, lost,
      FALL_TURNS, TRIES))
  end
end

return { hold = make(HOLD_TRIES, false), persist = make(PERSIST_TRIES, true) }

