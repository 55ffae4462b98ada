-- NetHack 3.6.6 melee weapons (objects.c) for the gear leaves (`require("gear.weapons")`): the
-- mean damage against small monsters (most of what an early character meets), the skill, and
-- whether the weapon takes both hands, known by name or unidentified appearance.
local M = {}

-- name or appearance -> { mean damage vs small, skill, two_handed }
local WEAPONS = {
  ["dagger"] = { 2.5, "dagger" }, ["elven dagger"] = { 3, "dagger" },
  ["runed dagger"] = { 3, "dagger" }, ["orcish dagger"] = { 2, "dagger" },
  ["crude dagger"] = { 2, "dagger" }, ["silver dagger"] = { 2.5, "dagger" },
  ["athame"] = { 2.5, "dagger" }, ["knife"] = { 2, "knife" }, ["stiletto"] = { 2, "knife" },
  ["scalpel"] = { 2, "knife" },
  ["axe"] = { 3.5, "axe" }, ["battle-axe"] = { 9, "axe", true },
  ["double-headed axe"] = { 9, "axe", true },
  ["pick-axe"] = { 3.5, "pick-axe" }, ["dwarvish mattock"] = { 6.5, "pick-axe", true },
  ["broad pick"] = { 6.5, "pick-axe", true },
  ["short sword"] = { 3.5, "short sword" }, ["orcish short sword"] = { 3, "short sword" },
  ["crude short sword"] = { 3, "short sword" }, ["dwarvish short sword"] = { 4, "short sword" },
  ["broad short sword"] = { 4, "short sword" }, ["elven short sword"] = { 4.5, "short sword" },
  ["runed short sword"] = { 4.5, "short sword" },
  ["broadsword"] = { 5, "broadsword" }, ["elven broadsword"] = { 6, "broadsword" },
  ["runed broadsword"] = { 6, "broadsword" },
  ["long sword"] = { 4.5, "long sword" }, ["katana"] = { 5.5, "long sword" },
  ["samurai sword"] = { 5.5, "long sword" },
  ["two-handed sword"] = { 6.5, "two-handed sword", true },
  ["tsurugi"] = { 8.5, "two-handed sword", true },
  ["long samurai sword"] = { 8.5, "two-handed sword", true },
  ["scimitar"] = { 4.5, "scimitar" }, ["curved sword"] = { 4.5, "scimitar" },
  ["saber"] = { 4.5, "saber" }, ["silver saber"] = { 4.5, "saber" },
  ["mace"] = { 4.5, "mace" }, ["morning star"] = { 5, "morning star" },
  ["flail"] = { 4.5, "flail" }, ["war hammer"] = { 3.5, "hammer" },
  ["club"] = { 3.5, "club" }, ["aklys"] = { 3.5, "club" }, ["thonged club"] = { 3.5, "club" },
  ["quarterstaff"] = { 3.5, "quarterstaff", true }, ["staff"] = { 3.5, "quarterstaff", true },
  ["spear"] = { 3.5, "spear" }, ["elven spear"] = { 4, "spear" }, ["runed spear"] = { 4, "spear" },
  ["orcish spear"] = { 3, "spear" }, ["crude spear"] = { 3, "spear" },
  ["dwarvish spear"] = { 4.5, "spear" }, ["stout spear"] = { 4.5, "spear" },
  ["trident"] = { 5.5, "trident" },
}

-- What a Valkyrie starts able to use (u_init.c: Basic in long sword and dagger); every other
-- weapon is Unskilled until practised: -4 to hit and -2 damage (weapon.c). The penalty in mean
-- damage, the miss chance folded in.
local TRAINED = { ["long sword"] = true, ["dagger"] = true }
local UNSKILLED = 3

-- The weapon's entry for an inventory or floor name, or nil (not a melee weapon we know).
function M.info(name)
  local w = name and WEAPONS[name]
  if not w then return nil end
  return { mean = w[1], skill = w[2], two_handed = w[3] == true }
end

-- Expected damage per blow of an item named `name` with `enchantment` (nil: unknown, taken as 0).
function M.value(name, enchantment)
  local w = M.info(name)
  if not w then return nil end
  local v = w.mean + (enchantment or 0)
  if not TRAINED[w.skill] then v = v - UNSKILLED end
  return v
end

-- Bare hands: 1d2.
M.BARE = 1.5

return M
