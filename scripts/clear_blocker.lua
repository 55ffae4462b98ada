-- The floating eye (or another monster we never melee) on the only way on: walk next to it,
-- throw missiles, then spare pack items, zap a wand of striking, teleportation, cancellation or
-- make invisible, and at last, after PATIENCE turns blocked with full HP and no other hostile
-- in view, hit it (FIGHT = false never does). See combat/blocker.lua.
--
-- API used: as combat/blocker.lua.
local PATIENCE = 300 -- turns blocked before the blow
local FIGHT = true
return require("combat.blocker").leaf({ patience = PATIENCE, fight = FIGHT, keep_food = 2 })
