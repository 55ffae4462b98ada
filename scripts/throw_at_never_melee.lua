-- Missiles only at the monsters we must never melee (issue 27, item 9): a floating eye (its
-- passive paralysis kills), molds, jellies, acid blobs; never a gas spore next to us. They
-- attack nothing themselves, so the fight nodes leave them be, and a floating eye in a corridor
-- blocks the only way on: on the bench (seeds 1..100) a floating eye stood next to the bot 200
-- turns before the end in 15 games, and 4 of them starved camping in a corridor between eyes.
-- A killed eye is eaten by recover_missiles.lua (telepathy). Same rules as throw_missiles.lua
-- (combat/throw.lua): clear line, no pet, peaceful or unnamed monster along the flight, no shop.
--
-- API used: as throw_missiles.lua.
return require("combat.throw").leaf({ only_never_melee = true })
