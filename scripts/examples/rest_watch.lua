-- Rest until healed, but react when HP drops: a fall while resting means something we do not
-- see is hurting us (an invisible monster, a missile from the dark, poison), so stop and let the
-- fighting leaves and prayer above this one take over for a while.
--
-- API used: world.last_decision and the leaf's own `path` (was the previous action mine?),
-- world.hp/hp_max, world.monsters, world:distance, world:history, act.rest, log, `state`.
local START, UNTIL = 0.6, 0.95 -- start below 60% of max HP, rest up to 95%
local RADIUS = 6 -- no hostile this close
local ALARM_TURNS = 20 -- after a fall, leave the floor to the others this long

local function hostile_near(world)
  for _, m in ipairs(world.monsters) do
    if m.hostile and not m.remembered and world:distance(m.x, m.y) <= RADIUS then return m end
  end
end

return function(world, state, path)
  local mine = world.last_decision ~= nil and world.last_decision.path == path
  if mine and state.hp and world.hp < state.hp then
    local said = world:history(3)
    local last = said[#said]
    log(string.format("HP fell %d -> %d while resting (last message: %s): stopping", state.hp,
      world.hp, last and last.text or "none"))
    state.hp, state.alarm = nil, world.turn
    return false
  end
  if state.alarm and world.turn - state.alarm < ALARM_TURNS then return false end
  state.alarm = nil
  local continuing = mine and world.hp < world.hp_max * UNTIL
  if world.hp >= world.hp_max * START and not continuing then
    state.hp = nil
    return false
  end
  local m = hostile_near(world)
  if m then
    state.hp = nil
    return false
  end
  state.hp = world.hp
  state.rests = (state.rests or 0) + 1
  return act.rest(5, string.format("resting at HP %d/%d (rest #%d)", world.hp, world.hp_max,
    state.rests))
end
