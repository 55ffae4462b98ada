-- Hallucinating, stay put and search until it passes (issue 27, items 4 and 9). Every monster
-- and object in view is drawn at random and redrawn every turn: nothing met can be told (the
-- world marks such monsters `hallucinated` and the threat model takes each for the depth's
-- typical monster), a blow may land on a floating eye, and an Elbereth comes out garbled one
-- letter in two. On the bench (seeds 1..200) 33 games hallucinated, every time from a black
-- light's explosion (10d12 turns), and 10 died in it, mostly while exploring or solving
-- Sokoban. The survive subtree above still prays, and its `hallucination_guard` strikes back
-- at what strikes us and waits a turn at a time while a monster we cannot tell is within 4
-- (seeds 121, 147, 184 lost 12-30 HP in one search of ours beside one); this leaf only
-- replaces walking on (exploring, fetching, descending into a level full of
-- monsters we could not tell). A hallucination that lasts past GIVE_UP turns (a potion's is
-- 600-800 turns) is lived with: the leaf steps aside.
--
-- API used: world:has_condition, world.turn, world.x, world.y, world.monsters (hallucinated,
-- tame, x, y), act.search, log, `state`.
local GIVE_UP = 200 -- turns of hallucination after which we go on anyway
local SEARCH = 5 -- turns per search (a blow interrupts it)

-- Monsters seen hallucinating within `radius` squares of us, our pet left out.
local function unknown_near(world, radius)
  local n = 0
  for _, m in ipairs(world.monsters) do
    local d = math.max(math.abs(m.x - world.x), math.abs(m.y - world.y))
    if m.hallucinated and not m.tame and d <= radius then
      n = n + 1
    end
  end
  return n
end

return function(world, state)
  if not world:has_condition("hallu") then
    state.since = nil
    return false
  end
  state.since = state.since or world.turn
  local for_turns = world.turn - state.since
  if for_turns > GIVE_UP then
    if not state.gave_up then
      log(string.format("hallucinating for %d turns: going on", for_turns))
    end
    state.gave_up = true
    return false
  end
  state.gave_up = nil
  return act.search(SEARCH, string.format(
    "hallucinating for %d turns, %d monster(s) we cannot tell within 3: waiting in place "
      .. "until it passes", for_turns, unknown_near(world, 3)))
end
