-- Eat something from the pack when hungry: the first comestible that is not a known risk.
-- Returns an action, or false when the pack holds nothing worth eating.
local risky = { "cockatrice", "chickatrice", "lichen corpse", "green slime", "tin" }

local function is_risky(text)
  for _, word in ipairs(risky) do
    if string.find(text, word, 1, true) then return true end
  end
  return false
end

return function(world, state)
  for _, item in ipairs(world.inventory) do
    if item.class == "Comestibles" and not is_risky(item.text) then
      state.meals = (state.meals or 0) + 1
      return act.eat(item.letter, string.format("%s, eating %s (%s), meal #%d",
        world.hunger, item.text, item.letter, state.meals))
    end
  end
  return false
end
