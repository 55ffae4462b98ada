-- Advance a skill (`#enhance`) once the game says one can be ("You feel more confident in your
-- weapon skills."): a Valkyrie's long sword goes Basic -> Skilled -> Expert, +2/+3 to hit and
-- +1/+2 damage. Takes no game time. The bench's games said so hundreds of times and never
-- enhanced.
--
-- API used: world:said_since, world.turn, act.enhance, `state`.
return function(world, state, path)
  local since = state.since or 0
  if world:said_since(since, "more confident in your") then
    state.since = world.turn + 1
    return act.enhance("the game said: \"You feel more confident in your skills\"")
  end
  state.since = world.turn
  return false
end
