-- Helpers shared by the example leaves (`require("examples.common")`).
local M = {}

-- Whether a hostile monster is in view now (not one only remembered).
function M.hostile_in_view(world)
  for _, m in ipairs(world.monsters) do
    if m.hostile and not m.remembered then return true end
  end
  return false
end

-- The path to the nearest square within `reach` whose remembered objects satisfy `wanted`, not
-- in a shop, and not one already fetched `TRIES` times (`tried`, the caller's state: what lies
-- there may not be what we want, or not reachable). Counts this fetch. Nil when none.
local TRIES = 6
function M.fetch(world, reach, tried, wanted)
  local best, best_key
  for dy = -reach, reach do
    for dx = -reach, reach do
      local x, y = world.x + dx, world.y + dy
      local key = world.dlvl .. ":" .. x .. "," .. y
      if (dx ~= 0 or dy ~= 0) and (tried[key] or 0) < TRIES and not world:in_shop(x, y) then
        for _, o in ipairs(world:objects(x, y)) do
          if wanted(o) then
            local p = world:path(x, y)
            if p and (not best or p.length < best.length) then best, best_key = p, key end
            break
          end
        end
      end
    end
  end
  if best then tried[best_key] = (tried[best_key] or 0) + 1 end
  return best
end

return M
