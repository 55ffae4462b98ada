-- Which monsters are worth a wand charge (`require("gear.danger")`): the ones that kill early
-- characters (NetHack wiki and the deaths of nhbot's bench games: soldier ants, dwarves with
-- mattocks, were-creatures...), by the name farlook gave. The look-ahead's own verdict comes
-- through the previous decision (see `look_ahead_fled`).
local common = require("gear.common")
local M = {}

local DANGEROUS = {
  ["soldier ant"] = "fast, two attacks, kills early characters",
  ["fire ant"] = "fast, burns",
  ["giant beetle"] = "3d6 bite",
  ["killer bee"] = "poison, comes in swarms",
  ["dwarf"] = "a mattock or an axe hits for d12 and more",
  ["dwarf lord"] = "a mattock or an axe hits for d12 and more",
  ["dwarf king"] = "a mattock or an axe hits for d12 and more",
  ["werejackal"] = "lycanthropy, summons jackals",
  ["wererat"] = "lycanthropy, summons rats",
  ["werewolf"] = "lycanthropy, summons wolves",
  ["cockatrice"] = "its touch stones",
  ["chickatrice"] = "its touch stones",
  ["owlbear"] = "grabs and crushes, 2d8",
  ["leocrotta"] = "fast, three 2d6 attacks",
  ["soldier"] = "armed, comes in groups",
  ["sergeant"] = "armed, comes in groups",
  ["lieutenant"] = "armed, comes in groups",
  ["captain"] = "armed, comes in groups",
  ["Uruk-hai"] = "armed, comes in groups",
  ["water moccasin"] = "poison",
  ["snake"] = "poison",
  ["winter wolf cub"] = "frost breath",
  ["winter wolf"] = "frost breath",
  ["warg"] = "2d6 bite, fast",
  ["giant mimic"] = "3d6 sticky blows",
  ["large mimic"] = "3d4 sticky blows",
  ["ogre"] = "2d5 club and more",
  ["ogre lord"] = "2d6 club and more",
  ["troll"] = "three attacks, regenerates",
  ["ettin"] = "two 2d8 weapon attacks",
  ["minotaur"] = "3d10 butts",
  ["chameleon"] = "may turn into anything",
  ["quasit"] = "drains Dex",
  ["gnome king"] = "armed",
  ["hill giant"] = "2d8 weapon",
  ["stone giant"] = "2d10 weapon",
}

-- Monsters never worth a charge, however low our HP: they hit for 1d3 at most (seed 47 zapped
-- a wand of sleep four times at newts at XL 1).
local HARMLESS = {
  ["newt"] = true, ["lichen"] = true, ["grid bug"] = true, ["sewer rat"] = true,
  ["jackal"] = true, ["fox"] = true, ["gecko"] = true, ["kobold"] = true, ["yellow mold"] = true,
  ["green mold"] = true, ["brown mold"] = true, ["red mold"] = true, ["acid blob"] = true,
  ["cave spider"] = true, ["centipede"] = true, ["bat"] = true,
}

-- Whether `m` is too weak to spend a charge on (by farlook's name).
function M.harmless(m)
  return m.name ~= nil and HARMLESS[m.name] == true
end

-- Every dragon, lich, vampire, mind flayer is beyond an early character.
local KINDS = { "dragon", "lich", "vampire", "mind flayer", "troll", "naga" }
-- The kind of KINDS a name holds (false: none); asked about every hostile in view.
local kind_of = common.per_text(function(name)
  for _, k in ipairs(KINDS) do
    if name:find(k, 1, true) then return k end
  end
  return false
end)

-- Why `m` (a monster seen, named by farlook) is dangerous, or nil.
function M.why(m)
  if not m.name then return nil end
  local why = DANGEROUS[m.name]
  if why then return m.name .. ": " .. why end
  local kind = kind_of(m.name)
  if kind then return m.name .. ": a " .. kind end
  return nil
end

-- Monsters Elbereth does not scare (3.6 monmove.c onscary): humans and elves (`@`), minotaurs,
-- the Riders and Angels (`A`, taken as all of their class: unsure, a blow is allowed).
local FEARLESS = { minotaur = true, Death = true, Pestilence = true, Famine = true }

-- Whether `m` ignores an Elbereth: a blow, zap or throw at it from one costs nothing.
function M.ignores_elbereth(m)
  return m.glyph == "@" or m.glyph == "A" or (m.name ~= nil and FEARLESS[m.name] == true)
end

-- Why no zap or throw at `m` now, or nil: we stand on an Elbereth it respects, and an attack
-- from it wipes it and costs 5 alignment ("You feel like a hypocrite."; 50 in 400 games of
-- the b34 bench, 38 of them zaps).
function M.elbereth_spares(world, m)
  if world:on_elbereth() and not M.ignores_elbereth(m) then
    return "we stand on an Elbereth it respects (an attack from it is a hypocrite's)"
  end
  return nil
end

-- The foe the look-ahead fled from (or went to Elbereth against) at the previous decision, by
-- its reason ("... [look-ahead vs soldier ant: Flee, 0.31]"), or nil.
function M.look_ahead_fled(world)
  local d = world.last_decision
  if not d then return nil end
  -- The pattern only where its plain start is (it is tried at every position of the reason).
  local foe, choice
  if d.reason:find("[look-ahead vs ", 1, true) then
    foe, choice = d.reason:match("%[look%-ahead vs ([^:]+): (%a+),")
  end
  if foe and (choice == "Flee" or choice == "Elbereth") then return foe, choice end
  if d.path:find("retreat_if_losing", 1, true) then return "?", "retreat" end
  return nil
end

return M
