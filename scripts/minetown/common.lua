-- Helpers shared by the Minetown leaves (`require("minetown.common")`): what the phase has
-- settled (the blackboard's "minetown" table, read by minetown/plan.lua's `done`), directions
-- to an adjacent square, and the way next to a square.
local M = {}

-- The blackboard's "minetown" table: protection = "bought" | "refused" | "poor",
-- protection_xl, ac_before, ac_after; altar = "used" | "nothing"; tested (items the altar
-- told); no_temple (the town explored without one); idle (the town waited in, nothing to do); ready_turn (when the phase could first
-- start: minetown/plan.lua gives it up some turns later).
function M.settled()
  return blackboard.get("minetown") or {}
end

-- Merges `fields` into the "minetown" table.
function M.note(fields)
  local t = M.settled()
  for k, v in pairs(fields) do t[k] = v end
  blackboard.set("minetown", t)
end

local DIRS = {
  [-1] = { [-1] = "nw", [0] = "n", [1] = "ne" },
  [0] = { [-1] = "w", [1] = "e" },
  [1] = { [-1] = "sw", [0] = "s", [1] = "se" },
}

-- The direction from the hero to the adjacent square (x, y), or nil.
function M.dir_to(world, x, y)
  local dx, dy = x - world.x, y - world.y
  if math.abs(dx) > 1 or math.abs(dy) > 1 or (dx == 0 and dy == 0) then return nil end
  return DIRS[dy][dx]
end

-- The shortest known path to a square next to (x, y) (the square itself holds a monster or
-- is where we want to stand beside), or nil.
function M.path_beside(world, x, y)
  local best
  for dy = -1, 1 do
    for dx = -1, 1 do
      if dx ~= 0 or dy ~= 0 then
        local p = world:path(x + dx, y + dy)
        if p and (not best or p.length < best.length) then best = p end
      end
    end
  end
  return best
end

-- A sight the leaves cannot trust: blind (no flash seen, no priest), hallucinating (made-up
-- gods and colours), or a hostile in view (the phase's survival comes first).
function M.unsafe(world)
  if world:has_condition("blind") or world:has_condition("hallu") then return "cannot see well" end
  local common = require("gear.common")
  local h = common.hostile_in_view(world)
  if h then return "a hostile " .. (h.name or h.glyph) .. " in view" end
  return nil
end

return M
