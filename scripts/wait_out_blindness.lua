-- Blind without telepathy, stay put and search until we see again (issue 27, item 4): a blind
-- hero who walks on meets monsters it cannot see. On the bench (seeds 1..200) 29 of 199 deaths
-- came blind, most after a yellow light's explosion (10d20 turns), to ordinary wolves, ants and
-- rats while the bot explored or rested "with no hostile within 6" it could not have seen. The
-- survive subtree above still strikes back at what hits us (`I`), prays and eats, and
-- `blind_and_hit.lua` (before it) engraves Elbereth when the blows are winning; this leaf only
-- replaces walking. Blindness that lasts past GIVE_UP turns (a cursed blindfold...) is
-- lived with: the leaf steps aside.
--
-- API used: world:has_condition, world:has_intrinsic, world:said_since, world.turn, act.search, log,
-- `state`.
local GIVE_UP = 400 -- turns of blindness after which we go on anyway
local SEARCH = 5 -- turns per search (a hit interrupts it)
-- Zapped lately (a bolt of lightning blinds for d(6,50) turns, and the zapper zaps again while we
-- stay in its line): the `dodge_zapper` node above moves us off its lines; when it does not
-- (the zapper is out of reach), wait one turn at a time so the next zap is answered at once.
local ZAP_WINDOW = 20
local ZAP_SIGNS = { "a nearby zap", " zaps a", "The bolt of ", "The magic missile ", "The wand hits", "The wand misses",
  "blinded by the flash" }

local function zapped_since(world, turn)
  for _, sign in ipairs(ZAP_SIGNS) do
    if world:said_since(turn, sign) then return sign end
  end
  return nil
end

return function(world, state)
  if not world:has_condition("blind") or world:has_intrinsic("telepathy") then
    state.since = nil
    return false
  end
  state.since = state.since or world.turn
  local blind_for = world.turn - state.since
  if blind_for > GIVE_UP then
    if not state.gave_up then log(string.format("blind for %d turns: going on", blind_for)) end
    state.gave_up = true
    return false
  end
  state.gave_up = nil
  local zap = zapped_since(world, world.turn - ZAP_WINDOW)
  if zap then
    return act.search(1, string.format(
      "blind for %d turns, zapped lately (\"%s\" within %d turns): waiting one turn at a time",
      blind_for, zap, ZAP_WINDOW))
  end
  return act.search(SEARCH, string.format(
    "blind for %d turns without telepathy: waiting in place for sight", blind_for))
end
