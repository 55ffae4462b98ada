-- NetHack 3.6.6 armour (objects.c) for the gear leaves (`require("gear.armour")`): the slot
-- and base AC of each piece, known by its name or its unidentified appearance, and the
-- identities never worth the risk of putting on unknown.
local common = require("gear.common")
local M = {}

-- name or appearance -> { slot, ac }; `pool` names a shuffled appearance (its identity is one of
-- the pool's, see POOLS).
local PIECES = {
  -- helmets
  ["elven leather helm"] = { "helmet", 1 }, ["leather hat"] = { "helmet", 1 },
  ["orcish helm"] = { "helmet", 1 }, ["iron skull cap"] = { "helmet", 1 },
  ["dwarvish iron helm"] = { "helmet", 2 }, ["hard hat"] = { "helmet", 2 },
  ["fedora"] = { "helmet", 0 }, ["dented pot"] = { "helmet", 1 },
  ["helmet"] = { "helmet", 1 }, ["helm of brilliance"] = { "helmet", 1 },
  ["helm of telepathy"] = { "helmet", 1 }, ["helm of opposite alignment"] = { "helmet", 1 },
  ["plumed helmet"] = { "helmet", 1, pool = "helmet" },
  ["etched helmet"] = { "helmet", 1, pool = "helmet" },
  ["crested helmet"] = { "helmet", 1, pool = "helmet" },
  ["visored helmet"] = { "helmet", 1, pool = "helmet" },
  ["cornuthaum"] = { "helmet", 0 }, ["dunce cap"] = { "helmet", 0 },
  ["conical hat"] = { "helmet", 0, pool = "conical" },
  -- body armour
  ["plate mail"] = { "suit", 7 }, ["crystal plate mail"] = { "suit", 7 },
  ["bronze plate mail"] = { "suit", 6 }, ["splint mail"] = { "suit", 6 },
  ["banded mail"] = { "suit", 5 }, ["elven mithril-coat"] = { "suit", 5 },
  ["dwarvish mithril-coat"] = { "suit", 4 }, ["chain mail"] = { "suit", 5 },
  ["orcish chain mail"] = { "suit", 4 }, ["crude chain mail"] = { "suit", 4 },
  ["scale mail"] = { "suit", 4 }, ["studded leather armor"] = { "suit", 3 },
  ["ring mail"] = { "suit", 3 }, ["orcish ring mail"] = { "suit", 2 },
  ["crude ring mail"] = { "suit", 2 }, ["leather armor"] = { "suit", 2 },
  ["leather jacket"] = { "suit", 1 }, ["dragon scale mail"] = { "suit", 9 },
  ["dragon scales"] = { "suit", 3 },
  -- cloaks
  ["mummy wrapping"] = { "cloak", 0 }, ["elven cloak"] = { "cloak", 1 },
  ["faded pall"] = { "cloak", 1 }, ["orcish cloak"] = { "cloak", 0 },
  ["coarse mantelet"] = { "cloak", 0 }, ["dwarvish cloak"] = { "cloak", 0 },
  ["hooded cloak"] = { "cloak", 0 }, ["oilskin cloak"] = { "cloak", 1 },
  ["slippery cloak"] = { "cloak", 1 }, ["robe"] = { "cloak", 2 },
  ["alchemy smock"] = { "cloak", 1 }, ["apron"] = { "cloak", 1 },
  ["leather cloak"] = { "cloak", 1 }, ["cloak of protection"] = { "cloak", 3 },
  ["cloak of invisibility"] = { "cloak", 1 }, ["cloak of magic resistance"] = { "cloak", 1 },
  ["cloak of displacement"] = { "cloak", 1 },
  ["tattered cape"] = { "cloak", 1, pool = "cloak" },
  ["opera cloak"] = { "cloak", 1, pool = "cloak" },
  ["ornamental cope"] = { "cloak", 1, pool = "cloak" },
  ["piece of cloth"] = { "cloak", 1, pool = "cloak" },
  -- shields
  ["small shield"] = { "shield", 1 }, ["elven shield"] = { "shield", 2 },
  ["blue and green shield"] = { "shield", 2 }, ["Uruk-hai shield"] = { "shield", 1 },
  ["white-handed shield"] = { "shield", 1 }, ["orcish shield"] = { "shield", 1 },
  ["red-eyed shield"] = { "shield", 1 }, ["large shield"] = { "shield", 2 },
  ["dwarvish roundshield"] = { "shield", 2 }, ["large round shield"] = { "shield", 2 },
  ["shield of reflection"] = { "shield", 2 }, ["polished silver shield"] = { "shield", 2 },
  -- gloves
  ["leather gloves"] = { "gloves", 1 }, ["gauntlets of fumbling"] = { "gloves", 1 },
  ["gauntlets of power"] = { "gloves", 1 }, ["gauntlets of dexterity"] = { "gloves", 1 },
  ["old gloves"] = { "gloves", 1, pool = "gloves" },
  ["padded gloves"] = { "gloves", 1, pool = "gloves" },
  ["riding gloves"] = { "gloves", 1, pool = "gloves" },
  ["fencing gloves"] = { "gloves", 1, pool = "gloves" },
  -- boots
  ["low boots"] = { "boots", 1 }, ["walking shoes"] = { "boots", 1 },
  ["iron shoes"] = { "boots", 2 }, ["hard shoes"] = { "boots", 2 },
  ["high boots"] = { "boots", 2 }, ["jackboots"] = { "boots", 2 },
  ["speed boots"] = { "boots", 1 }, ["water walking boots"] = { "boots", 1 },
  ["jumping boots"] = { "boots", 1 }, ["elven boots"] = { "boots", 1 },
  ["kicking boots"] = { "boots", 1 }, ["fumble boots"] = { "boots", 1 },
  ["levitation boots"] = { "boots", 1 },
  ["combat boots"] = { "boots", 1, pool = "boots" },
  ["jungle boots"] = { "boots", 1, pool = "boots" },
  ["hiking boots"] = { "boots", 1, pool = "boots" },
  ["mud boots"] = { "boots", 1, pool = "boots" },
  ["buckled boots"] = { "boots", 1, pool = "boots" },
  ["riding boots"] = { "boots", 1, pool = "boots" },
  ["snow boots"] = { "boots", 1, pool = "boots" },
}

-- What each shuffled (or shared) appearance may be.
local POOLS = {
  helmet = { "helmet", "helm of brilliance", "helm of opposite alignment", "helm of telepathy" },
  conical = { "cornuthaum", "dunce cap" },
  cloak = { "cloak of protection", "cloak of invisibility", "cloak of magic resistance",
    "cloak of displacement" },
  gloves = { "leather gloves", "gauntlets of fumbling", "gauntlets of power",
    "gauntlets of dexterity" },
  boots = { "speed boots", "water walking boots", "jumping boots", "elven boots",
    "kicking boots", "fumble boots", "levitation boots" },
}

-- Identities that hurt once on (they usually come cursed, so they stay on), and why.
M.BAD = {
  ["helm of opposite alignment"] = "converts our alignment and sticks",
  ["dunce cap"] = "sets Int and Wis to 6 and sticks",
  ["cornuthaum"] = "lowers Cha and blocks clairvoyance for a non-wizard",
  ["gauntlets of fumbling"] = "makes us fumble",
  ["fumble boots"] = "makes us fumble",
  ["levitation boots"] = "stuck floating: no stairs, no pick-up",
}

-- Two-handed weapons leave no hand for a shield.
-- (names and appearances of the bimanual ones of objects.c).
local TWO_HANDED = { "two-handed sword", "battle-axe", "double-headed axe", "dwarvish mattock",
  "broad pick", "quarterstaff", "staff", "tsurugi", "long samurai sword", "halberd", "bardiche",
  "glaive", "partisan", "spetum", "voulge", "ranseur", "guisarme", "fauchard", "lucern hammer",
  "bec de corbin", "polearm", "poleaxe", "pole cleaver", "pole sickle", "pruning hook" }

-- The piece `text` names ("a +0 leather armor", "a pair of hard shoes", "2 blessed crested
-- helmets"), longest name first so "dwarvish cloak" is not read as "cloak": its key and entry.
local names = {}
for k in pairs(PIECES) do names[#names + 1] = k end
table.sort(names, function(a, b) return #a > #b or (#a == #b and a < b) end)

-- The name each text was found to hold (false: none): the gear leaves ask about the same pack
-- and floor texts at every decision, and each search tries every name.
local found = {}
local found_count = 0

function M.piece(text)
  if not text then return nil end
  local n = found[text]
  if n == nil then
    n = false
    for _, name in ipairs(names) do
      -- "dragon scale mail" and "dragon scales" come with a colour in front: any match counts.
      if text:find(name, 1, true) then
        n = name
        break
      end
    end
    if found_count >= 4096 then found, found_count = {}, 0 end
    found[text], found_count = n, found_count + 1
  end
  if not n then return nil end
  local e = PIECES[n]
  return { key = n, slot = e[1], ac = e[2], pool = e.pool }
end

-- The identities a piece may be: the KB's candidates for a shuffled appearance (the pool's
-- when the KB says nothing), or the piece itself.
function M.identities(piece)
  if not piece.pool then return { piece.key } end
  local cands = kb.candidates(piece.key)
  if #cands == 0 then cands = POOLS[piece.pool] end
  return cands
end

-- Why putting on `piece` (seen as `text`) is not worth it, or nil: cursed by its name, or an
-- identity it may be is in BAD (the KB's evidence cited).
function M.refusal(piece, text)
  if common.says_cursed(text) then return "its name says cursed" end
  for _, id in ipairs(M.identities(piece)) do
    local bad = M.BAD[id]
    if bad then
      local why = piece.pool and (kb.why(piece.key)[1] or "its appearance is shuffled") or id
      return string.format("it may be a %s (%s; %s)", id, bad, why)
    end
  end
  return nil
end

-- Whether the weapon text names a two-handed weapon (asked about the wielded weapon for every
-- shield looked at).
M.two_handed = common.per_text(function(text)
  for _, w in ipairs(TWO_HANDED) do
    if text:find(w, 1, true) then return true end
  end
  return false
end)

return M
