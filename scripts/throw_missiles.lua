-- Throw missiles in ordinary fights (issue 27, item 6): daggers first (then spears, javelins,
-- shuriken, knives, darts), never the wielded weapon, at a hostile in a clear line within the
-- missile's range (Str / 2 squares for a dagger). Out of melee reach any hostile is worth it (a
-- blow before it closes in); next to us only one we must never melee (a floating eye, whose
-- passive paralysis kills; molds, jellies, acid blobs), never a gas spore (it explodes). Never
-- with our pet, a peaceful or a monster farlook has not named anywhere along the flight (a miss
-- flies on), never into or from a shop, never over water or lava, never blind, confused,
-- stunned or hallucinating. Each throw is remembered on the blackboard (combat/missiles.lua)
-- for recover_missiles.lua to pick the missiles up again. The game's multishot may throw more
-- than one.
--
-- API used: world.inventory (name, text, wielded, worn, buc), world.monsters (name, peaceful,
-- tame, statue, mimic, remembered, glyph, color), world.pet, world.strength, world:fire_dir,
-- world:terrain, world:in_shop, world:objects, world:distance, world:has_condition, world.branch,
-- world.dlvl, blackboard, act.throw, log, `state`.
local missiles = require("combat.missiles")
local targets = require("combat.targets")

local UNSURE = { "blind", "conf", "stun", "hallu" }

return function(world, state)
  local stack, kind = missiles.stack(world)
  if not stack then return false end
  for _, c in ipairs(UNSURE) do
    if world:has_condition(c) then return false end
  end
  local range = missiles.range(world, kind)
  local skipped = {}
  local aim = targets.pick(world, range, range, skipped)
  if not aim then
    -- Say once per change why a monster in line was spared.
    local note = table.concat(skipped, "; ")
    if note ~= "" and note ~= state.noted then log("not throwing: " .. note) end
    state.noted = note
    return false
  end
  missiles.remember(world, aim.dir, kind, range, aim.d)
  state.thrown = (state.thrown or 0) + 1
  return act.throw(stack.letter, aim.dir, string.format(
    "throwing %s (%s) at the %s %d square%s %s (%s; range %d)", stack.text, stack.letter,
    aim.name, aim.d, aim.d == 1 and "" or "s", aim.dir, aim.why, range))
end
