-- The floating eye (or another monster we never melee) on the only way on: walk next to it,
-- throw missiles, then spare pack items, zap a wand of striking, teleportation, cancellation or
-- make invisible. It is never hit (FIGHT = false): a blow the eye survives freezes us for up to
-- 127 turns 2 times in 3, and in the 200-game bench 27 games hit a blocking eye so and 6 died
-- frozen (seeds 52, 58, 141, 170, 177, 200). See combat/blocker.lua.
--
-- API used: as combat/blocker.lua.
local PATIENCE = 300 -- turns blocked before the blow
local FIGHT = false
return require("combat.blocker").leaf({ patience = PATIENCE, fight = FIGHT, keep_food = 2 })
