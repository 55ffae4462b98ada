-- Helpers shared by the gear leaves (`require("gear.common")`): safety checks, fetching objects
-- seen nearby, and what a wand is, with the evidence for it.
local M = {}

-- The nearest hostile monster in view now (not one only remembered, not a statue), or nil.
function M.hostile_in_view(world)
  local best, best_d
  for _, m in ipairs(world.monsters) do
    if m.hostile and not m.remembered and not m.statue then
      local d = world:distance(m.x, m.y)
      if not best or d < best_d then best, best_d = m, d end
    end
  end
  return best, best_d
end

-- `f`, a function of a text whose answer depends on the text alone, remembering its answer
-- for each text (at most 4,096, then it starts afresh; a nil answer is not kept): the leaves
-- ask about the same pack, floor and monster texts at every decision, and each search through a
-- text (a pattern tried at every position, a name looked for among many) costs far more.
function M.per_text(f)
  local known, count = {}, 0
  return function(text)
    local answer = known[text]
    if answer == nil then
      answer = f(text)
      if answer ~= nil then
        if count >= 4096 then known, count = {}, 0 end
        known[text], count = answer, count + 1
      end
    end
    return answer
  end
end

local cursed_word = M.per_text(function(text) return text:find("%f[%a]cursed") ~= nil end)

-- "cursed" as a word of its own ("uncursed" is not).
function M.says_cursed(text)
  return text ~= nil and cursed_word(text)
end

-- The path to the nearest square within `reach` (steps walked) whose remembered objects satisfy
-- `wanted`, not in a shop, and not one already fetched `TRIES` times (`tried`, the caller's
-- state: what lies there may not be what we want, or not reachable). Counts this fetch. Nil
-- when none.
local TRIES = 4
-- The key of a square in `tried`: a number, as building a "dlvl:x,y" text for every square with
-- objects was most of a fetch's time (x and y are below 128).
local function square_key(dlvl, x, y)
  return (dlvl * 128 + y) * 128 + x
end
function M.fetch(world, reach, tried, wanted)
  local best, best_key
  local hx, hy, dlvl = world.x, world.y, world.dlvl
  -- Only the squares with objects, in reading order (nearest path wins; ties: the first).
  for _, sq in ipairs(world:objects_near(hx, hy, reach)) do
    local x, y = sq.x, sq.y
    local key = square_key(dlvl, x, y)
    if (x ~= hx or y ~= hy) and (tried[key] or 0) < TRIES and not world:in_shop(x, y) then
      for _, o in ipairs(sq.objects) do
        if wanted(o) then
          local p = world:path(x, y)
          if p and p.length <= reach and (not best or p.length < best.length) then
            best, best_key = p, key
          end
          break
        end
      end
    end
  end
  if best then tried[best_key] = (tried[best_key] or 0) + 1 end
  return best
end

-- A look (`:`) at the pile under us when an object drawn `glyph` there is known by its glyph
-- alone (travel ends on a pile without listing it), once per square and 50 turns; nil when not
-- needed. `looked`: the caller's state.
function M.look_if_unlisted(world, looked, glyph)
  local key = world.dlvl .. ":" .. world.x .. "," .. world.y
  for _, o in ipairs(world.objects_here) do
    if o.text == nil and o.glyph == glyph then
      if looked[key] and world.turn - looked[key] < 50 then return nil end
      looked[key] = world.turn
      return act.look("looking at the pile here: only its glyph " .. (o.glyph or "?")
        .. " is known")
    end
  end
  return nil
end

-- The way to a fetched square: a step when it is next to us, else travel.
function M.go(p, reason)
  if p.length <= 1 or not p.travel then return act.move(p.first_dir, reason) end
  return act.travel(p.x, p.y, reason)
end

-- A wand's appearance ("oak wand") while the game does not name it; nil for a "wand of ...".
function M.wand_appearance(item)
  if item.class ~= "Wands" or item.name:find("^wand of ") then return nil end
  return item.name
end

-- What a pack wand is and why we think so: `identity` (nil when unknown), `candidates` (what
-- it may still be; {identity} once known) and `evidence` (a short text naming the source).
function M.wand_knowledge(item)
  local named = item.name:match("^wand of (.+)$")
  if named then
    return { identity = named, candidates = { named },
      evidence = string.format("the game names it (%q)", item.text) }
  end
  local app = item.name
  local why = kb.why(app)
  local id = kb.identity(app)
  local evidence = why[#why] or "no facts"
  if id then return { identity = id, candidates = { id }, evidence = evidence } end
  return { candidates = kb.candidates(app), evidence = evidence }
end

-- After a zap of this leaf's (`state.zapped`: the wand's name, set when zapping) that was the
-- previous decision: "empty" when the game said the wand is empty ("Nothing happens", "You
-- wrest"; noted in `state.empty`), else "zapped"; nil when there was none. Clears
-- `state.zapped`.
-- The previous decision is read only after a zap (its table is built at the first read).
function M.read_zap(world, state, path)
  local zapped = state.zapped
  state.zapped = nil
  local d = zapped and world.last_decision
  if not (zapped and d and d.path == path) then return nil end
  if world:message_contains("Nothing happens") or world:message_contains("You wrest") then
    state.empty[zapped] = true
    log("the " .. zapped .. " is empty: " .. table.concat(world.messages, " "))
    return "empty"
  end
  return "zapped"
end

return M
