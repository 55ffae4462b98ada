-- Pick thrown missiles back up once the fight is over (issue 27, item 6): no hostile next to
-- us, within 3 squares or in a clear line (a floating eye or a mold, which never attack, does
-- not count), HP at least half, not blind, confused, stunned or hallucinating. The squares are
-- those along each throw this level remembers (throw_missiles.lua writes them on the
-- blackboard, with what lay there then): a pile that names the missile, a `)` seen there, or a
-- pile that appeared where the monster stood (the corpse of what it killed, lying on it).
-- Travel there (the game's travel never attacks a monster in the way; next to a monster, which
-- stops travel, step, never into one), look at a pile known by its glyph only, pick up by the
-- missile's name. A square in a shop, on a trap, in water or lava, or with a monster on it is
-- left alone; a walk that did not move us or was broken off, or no path there, waits WAIT
-- turns; a square with TRIES failed tries (or MAX_ACTIONS actions) is given up. Standing on the fresh corpse of a floating eye we
-- killed, alone on its square, eat it (telepathy; never when Satiated).
--
-- API used: blackboard, world.objects_here, world:objects, world:square, world:terrain,
-- world:in_shop, world:path, world:fire_dir, world:distance, world:message_turn,
-- world:has_intrinsic, world:has_condition, world.monsters, world.hunger, world.hp, act.travel,
-- act.look, act.pickup, act.eat, log, `state`.
local missiles = require("combat.missiles")
local targets = require("combat.targets")

local TRIES = 6 -- failed tries at one square (a walk that did not move us, a look, a pick-up)
local MAX_ACTIONS = 40 -- actions toward one square, whatever came of them
local WAIT = 10 -- turns a square waits after a walk there failed (a monster in the way)
local WALK = 30 -- the longest walk to a missile
local FRESH = 30 -- turns after the kill a floating eye corpse is still eaten
local FIGHT_REACH = 8 -- a hostile in a clear line this near keeps the fight on
local SETTLED = 20 -- turns after which a throw with nothing left to fetch is forgotten
local UNSURE = { "blind", "conf", "stun", "hallu" }
local AVOID = { water = true, lava = true, trap = true, web = true }

local function square_key(world, x, y)
  return missiles.level(world) .. ":" .. x .. "," .. y
end

local function monster_at(world, x, y)
  for _, m in ipairs(world.monsters) do
    if m.x == x and m.y == y then return m end
  end
  return nil
end

-- Why the pile at `sq` may hold our missile of `key` (`before`: the pile's top glyph when we
-- threw, false for none; `aimed`: the square where the monster we threw at stood), or nil.
local function ours(world, sq, key, before, aimed)
  local pile = world:objects(sq.x, sq.y)
  if #pile == 0 then return nil end
  for _, o in ipairs(pile) do
    if o.text and o.text:find(key, 1, true) then return "the pile there lists " .. o.text end
  end
  local top = pile[1]
  if top.text ~= nil then return nil end -- listed, and no missile in it
  if top.glyph == ")" then return "a `)` lies there" end
  if aimed and not before then
    return string.format("a `%s` lies where the monster stood", top.glyph or "?")
  end
  return nil
end

-- Squares that may hold our missiles, each { x, y, key, why, sq_key }, and the throws with
-- something left to fetch (or too recent to tell).
local function spots(world, state)
  local out, seen, live = {}, {}, {}
  local throws = missiles.throws_here(world, state.kept)
  for _, t in ipairs(throws) do
    local open = world.turn - t.turn <= SETTLED
    for i, sq in ipairs(missiles.ray(world, t.x, t.y, t.dir, t.reach)) do
      local why = ours(world, sq, t.key, t.before[i], i == t.target)
      local k = square_key(world, sq.x, sq.y)
      if why or monster_at(world, sq.x, sq.y) then open = true end
      if why and not seen[k] then
        seen[k] = true
        out[#out + 1] = { x = sq.x, y = sq.y, key = t.key, why = why, sq_key = k }
      end
    end
    if open then live[#live + 1] = t end
  end
  return out, live, #throws
end

-- Forgets this level's throws with nothing left to fetch (missiles picked up or given up).
local function forget_settled(world, state, live, count)
  if #live == count then return end
  local level, keep = missiles.level(world), {}
  for _, t in ipairs(missiles.throws(state.kept)) do
    if t.level ~= level then keep[#keep + 1] = t end
  end
  for _, t in ipairs(live) do keep[#keep + 1] = t end
  missiles.set_throws(keep)
end

-- Whether a spot is to be left alone now (a monster on it) or for good (shop, trap, water).
local function avoid(world, s)
  if monster_at(world, s.x, s.y) then return "a monster stands on it" end
  if world:in_shop(s.x, s.y) then return "in a shop" end
  local sq = world:square(s.x, s.y)
  if sq and (sq.trap or AVOID[sq.feature]) then return sq.trap or sq.feature end
  return nil
end

-- Eats the corpse here when it is a floating eye we killed within FRESH turns, alone here.
local function eat_eye(world, state)
  local here = world.objects_here
  if #here ~= 1 or not here[1].text or not here[1].text:find("floating eye corpse", 1, true) then
    return nil
  end
  local killed = world:message_turn("You kill the floating eye")
  if not killed or world.turn - killed > FRESH or world.hunger == "satiated"
      or world:has_intrinsic("telepathy") then
    return nil
  end
  local k = square_key(world, world.x, world.y) .. "@" .. killed
  if state.ate[k] then return nil end
  state.ate[k] = true
  return act.eat(nil, string.format("eating the floating eye we killed %d turns ago (%s): "
    .. "telepathy", world.turn - killed, here[1].text))
end

-- Whether a monster other than our pet stands next to us (the game's travel will not start).
local function crowded(world)
  for _, m in ipairs(world.monsters) do
    if not m.tame and world:distance(m.x, m.y) <= 1 then return true end
  end
  return false
end

-- The way to `s` along path `p`: a step when it is one square, or when a monster next to us
-- would stop the game's travel before it starts; else travel. Nil when the step is blocked by
-- a monster (never walked into: a floating eye's paralysis).
local function walk(world, s, p)
  local why = string.format("fetching our thrown %s at (%d, %d), %d steps: %s", s.key, s.x,
    s.y, p.length, s.why)
  if p.length > 1 and p.travel and not crowded(world) then return act.travel(s.x, s.y, why) end
  local d = missiles.DELTA[p.first_dir]
  local m = d and monster_at(world, world.x + d[1], world.y + d[2])
  if not d or (m and not m.tame) then return nil end
  return act.move(p.first_dir, why)
end

-- A failed try at square `k`: it waits WAIT turns.
local function failed(world, state, k)
  state.tries[k] = (state.tries[k] or 0) + 1
  state.resume[k] = world.turn + WAIT
end

-- The square our last decision walked toward (nil when it was not ours or no walk); a walk
-- that did not move us is a failed try.
local function check_walk(world, state, path)
  local going = state.going
  state.going = nil
  if not going then return nil end
  local last = world.last_decision
  if not last or last.path ~= path then return nil end
  if world.x == going.x and world.y == going.y then failed(world, state, going.k) end
  return going.k
end

-- Whether the spot `k` is given up (logged once).
local function given_up(state, s)
  local k = s.sq_key
  if (state.tries[k] or 0) < TRIES and (state.actions[k] or 0) < MAX_ACTIONS then return false end
  if not state.logged[k] then
    state.logged[k] = true
    log(string.format("giving up the %s at (%d, %d): %d failed tries, %d actions", s.key, s.x,
      s.y, state.tries[k] or 0, state.actions[k] or 0))
  end
  return true
end

return function(world, state, path)
  for _, t in ipairs({ "tries", "actions", "resume", "logged", "ate", "kept" }) do
    state[t] = state[t] or {}
  end
  local was_going = check_walk(world, state, path)
  local found, live, count = spots(world, state)
  -- Picked up: the square starts afresh (the next throw may land there again).
  if state.picking then
    local still = false
    for _, s in ipairs(found) do still = still or s.sq_key == state.picking end
    if not still then state.tries[state.picking], state.actions[state.picking] = nil, nil end
    state.picking = nil
  end
  forget_settled(world, state, live, count)
  if count == 0 then return false end
  for _, c in ipairs(UNSURE) do
    if world:has_condition(c) then return false end
  end
  if world.hp * 2 < world.hp_max then return false end
  local foe, d = targets.fighting(world, FIGHT_REACH)
  if foe then
    if state.waiting ~= foe.glyph then
      log(string.format("missiles to fetch; waiting: %s %d squares away",
        targets.name(foe) or foe.glyph, d))
    end
    state.waiting = foe.glyph
    return false
  end
  state.waiting = nil
  local eat = eat_eye(world, state)
  if eat then return eat end
  local best
  local held = {} -- why each spot waits, for the log
  for _, s in ipairs(found) do
    local k = s.sq_key
    local waits = world.turn < (state.resume[k] or 0)
    local wait = given_up(state, s) and "given up" or not waits and avoid(world, s)
    if wait then held[#held + 1] = string.format("(%d, %d): %s", s.x, s.y, wait) end
    if not wait and not waits then
      if s.x == world.x and s.y == world.y then
        best = { s = s, length = 0 }
        break
      end
      local p = world:path(s.x, s.y)
      if not p then
        -- No way there now (a floating eye in a corridor is a wall to the path finder): a
        -- failed try, waited out, so the walk does not alternate with the other leaves'.
        failed(world, state, k)
        held[#held + 1] = string.format("(%d, %d): no path", s.x, s.y)
      elseif p.length > WALK then
        held[#held + 1] = string.format("(%d, %d): over %d steps away", s.x, s.y, WALK)
      elseif not best or p.length < best.length then
        best = { s = s, length = p.length, p = p }
      end
    end
  end
  -- A walk broken off (a monster on the square or in the way, the way round too long) is a
  -- failed try too: otherwise the walk and the other leaves' moves would take turns.
  if was_going and not (best and best.s.sq_key == was_going) then failed(world, state, was_going) end
  if not best then
    local note = table.concat(held, "; ")
    if note ~= "" and note ~= state.held then log("missiles left where they lie: " .. note) end
    state.held = note
    return false
  end
  state.held = nil
  local s = best.s
  state.actions[s.sq_key] = (state.actions[s.sq_key] or 0) + 1
  if best.length == 0 then
    -- A look or a pick-up that leaves the missile here is a failed try too.
    state.tries[s.sq_key] = (state.tries[s.sq_key] or 0) + 1
    for _, o in ipairs(world.objects_here) do
      if o.text and o.text:find(s.key, 1, true) then
        state.picking = s.sq_key
        return act.pickup({ name = s.key }, "picking up our thrown " .. o.text)
      end
    end
    return act.look("looking at the pile where our " .. s.key .. " may lie (" .. s.why .. ")")
  end
  local step = walk(world, s, best.p)
  if not step then
    failed(world, state, s.sq_key)
    return false
  end
  state.going = { k = s.sq_key, x = world.x, y = world.y }
  return step
end
