-- The throw leaf (`require("combat.throw").leaf(opts)`), shared by throw_missiles.lua (any
-- hostile worth a missile) and throw_at_never_melee.lua (only the monsters we must not melee):
-- the best missile stack (never the wielded weapon), a target in a clear line within its range,
-- the throw remembered on the blackboard for recover_missiles.lua. Never blind, confused,
-- stunned or hallucinating, nor in a form without hands (a were-change: the game refuses the
-- throw and no turn passes).
local missiles = require("combat.missiles")
local targets = require("combat.targets")
local M = {}

local UNSURE = { "blind", "conf", "stun", "hallu" }

-- A leaf function `f(world, state)`. `opts.only_never_melee`: throw only at floating eyes,
-- molds, jellies and acid blobs.
function M.leaf(opts)
  opts = opts or {}
  return function(world, state)
    if world.handless then return false end
    local stack, kind = missiles.stack(world)
    if not stack then return false end
    for _, c in ipairs(UNSURE) do
      if world:has_condition(c) then return false end
    end
    local range = missiles.range(world, kind)
    local skipped = {}
    local aim = targets.pick(world, range, range, skipped, opts.only_never_melee)
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
end

return M
