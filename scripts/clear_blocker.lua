-- The floating eye (or another monster we never melee) on the only way on: walk next to it,
-- throw missiles, then spare pack items, zap a wand of striking, teleportation, cancellation or
-- make invisible. It is never hit (FIGHT = false): a blow the eye survives freezes us for up to
-- 127 turns 2 times in 3, and in the 200-game bench 27 games hit a blocking eye so and 6 died
-- frozen (seeds 52, 58, 141, 170, 177, 200). See combat/blocker.lua.
--
-- API used: as combat/blocker.lua.
-- A peaceful on the only way on is struck when we starve and the god refused our last prayer, or
-- after 2,000
-- turns blocked (never a shopkeeper, priest, guard, human, elf or unicorn).
local PATIENCE = 300 -- turns blocked before the blow
local FIGHT = false
return require("combat.blocker").leaf({ patience = PATIENCE, fight = FIGHT, keep_food = 2,
  strike_peaceful = true, peaceful_patience = 2000 })
