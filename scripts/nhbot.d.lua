---@meta
-- LuaLS annotations for nhbot Lua leaves (never executed; editors read it for completion and type
-- checks). Generated from the Lua API definition (luadef.rs): do not edit, regenerate with
-- `nhbot docs` or `cargo run -p nhbot-bt --example gen_lua_defs`.
--
-- A leaf script returns a `Leaf` function, or a table of them picked with `function:`. Return an
-- `act.*` action to act this decision, true/false to answer as a condition, nil to fail.
-- Sandbox: the globals are assert, error, ipairs, next, pairs, pcall, select, tonumber, tostring,
-- type, xpcall, rawequal, rawget, rawlen, rawset, setmetatable, getmetatable, string, table, math,
-- utf8, coroutine, _VERSION, and act, kb, blackboard, plan, require, log, print below; no io, os,
-- debug, load, loadfile, dofile.
-- Each script runs in a Lua state of its own (shared nothing: setting a global or a library field
-- changes it for that script only). Each call may run 1,000,000 instructions within 250 ms of CPU
-- time, each script's state may hold 16 MiB over its whole life, and string.rep and string.gsub
-- build strings of up to 1 MiB. Past a limit the leaf fails, the error (file, line and function) is
-- logged and the script is disabled until its file changes; the game goes on. setmetatable refuses
-- __gc; require loads only files inside scripts/.

---A direction for act.*: compass points, up/down (stairs, ladders), here (self). The long names
---("north", "southwest", ...) work too.
---@alias Direction "n"|"s"|"e"|"w"|"ne"|"nw"|"se"|"sw"|"up"|"down"|"here"

---Hunger status; "not_hungry" when the status line shows none.
---@alias Hunger "satiated"|"not_hungry"|"hungry"|"weak"|"fainting"|"fainted"

---Encumbrance status; "unencumbered" when the status line shows none.
---@alias Encumbrance "unencumbered"|"burdened"|"stressed"|"strained"|"overtaxed"|"overloaded"

---@alias Alignment "lawful"|"neutral"|"chaotic"

---A status-line condition.
---@alias Condition
---| "stone"
---| "slime"
---| "strangled"
---| "foodpois"
---| "ill"
---| "blind"
---| "deaf"
---| "stun"
---| "conf"
---| "hallu"
---| "lev"
---| "fly"
---| "ride"

---The terrain of a map square as the bot remembers it.
---@alias Feature
---| "unknown"
---| "rock"
---| "floor"
---| "corridor"
---| "wall"
---| "doorway"
---| "open_door"
---| "closed_door"
---| "stairs_up"
---| "stairs_down"
---| "ladder_up"
---| "ladder_down"
---| "fountain"
---| "altar"
---| "sink"
---| "throne"
---| "grave"
---| "trap"
---| "web"
---| "water"
---| "lava"
---| "ice"
---| "tree"
---| "iron_bars"
---| "boulder"
---| "statue"
---| "drawbridge_down"
---| "drawbridge_up"
---| "air"
---| "cloud"

---An intrinsic, learnt from the welcome message (the role's and race's starting ones) and from the
---game's gain and loss messages; `lycanthropy` is a were-creature's bite ("You feel feverish.")
---until cured ("You feel purified.").
---@alias Intrinsic
---| "fire_resistance"
---| "cold_resistance"
---| "sleep_resistance"
---| "shock_resistance"
---| "poison_resistance"
---| "disintegration_resistance"
---| "telepathy"
---| "teleportitis"
---| "teleport_control"
---| "speed"
---| "stealth"
---| "see_invisible"
---| "searching"
---| "warning"
---| "infravision"
---| "invisibility"
---| "lycanthropy"

---An item's curse status as its line shows it.
---@alias Buc "blessed"|"uncursed"|"cursed"

---A dungeon branch; "unknown" while a level's branch is not told yet.
---@alias Branch "unknown"|"dungeons"|"mines"|"sokoban"|"quest"|"ludios"|"gehennom"|"planes"

---A special level the bot recognises (from the game's overview or the screen).
---@alias SpecialLevel
---| "oracle"
---| "sokoban_entrance"
---| "bigroom"
---| "rogue"
---| "quest_portal"
---| "quest_home"
---| "fort_ludios"
---| "medusa"
---| "castle"
---| "valley"
---| "sanctum"
---| "minetown"
---| "mines_end"

---An altar's alignment as the game names it ("unaligned": Moloch's).
---@alias AltarAlignment "lawful"|"neutral"|"chaotic"|"unaligned"

---What a leaf script returns (or names with `function:`): called with the world, the node's own
---state table, which survives between decisions and reloads, and the node's tree path (as in
---decisions.log and `world.last_decision.path`). Return an act.* action to act this decision,
---true/false to answer as a condition, nil to fail.
---@alias Leaf fun(world: World, state: table, path: string): Action|boolean|nil

---An item in the pack, as last listed.
---@class InventoryItem
---@field letter string inventory letter, e.g. "f"
---@field text string the line as shown, e.g. "2 food rations"
---@field class string menu header, e.g. "Comestibles"
---@field name string name or appearance without count and adjectives, e.g. "oak wand"
---@field count integer how many in the stack
---@field buc Buc|nil blessed/uncursed/cursed when the line says; nil: unknown
---@field enchantment integer|nil e.g. 1 for "+1 long sword"; nil: unknown
---@field charges integer|nil a wand's charges when known, e.g. 4 for "(0:4)"
---@field worn boolean armour being worn, or an accessory put on
---@field wielded boolean the weapon in hand (or wielded in the other hand)

---A monster in view, or remembered out of view.
---@class MonsterSeen
---@field x integer column (0..79)
---@field y integer map row (0..20)
---@field glyph string the letter shown, e.g. "d"
---@field color integer CLR_* colour 0..15
---@field name string|nil from farlook, e.g. "newt"
---@field peaceful boolean|nil nil until farlook tells
---@field tame boolean our pet
---@field hostile boolean neither our pet nor known peaceful
---@field first_seen integer turn this monster came into view
---@field last_seen integer turn it was last in view
---@field statue boolean suspected statue: the level remembers one on its square
---@field mimic boolean suspected mimic: drawn `m`, unmasked ("Wait!"), or an object just before
---@field remembered boolean not in view now: where it was last seen
---@field hallucinated boolean seen hallucinating: its glyph is random, its square real

---A map square.
---@class Position
---@field x integer column (0..79)
---@field y integer map row (0..20)

---An object remembered on the floor. A look (`:`, or stepping on the square) lists the whole pile,
---top first; a square whose object was never looked at is known by its glyph alone (text nil).
---@class FloorObject
---@field text string|nil the game's name for it, e.g. "2 uncursed daggers"; nil when only seen
---@field glyph string|nil its map glyph, e.g. ")"; known for the top object only
---@field color integer|nil CLR_* colour 0..15 of the glyph
---@field turn integer game turn it was listed or seen

---A square where objects are remembered, with them (`world:objects_near`).
---@class ObjectSquare
---@field x integer column (0..79)
---@field y integer map row (0..20)
---@field objects FloorObject[] the objects remembered there, top first (never empty)

---What the level memory holds about one square.
---@class Square
---@field feature Feature the remembered terrain
---@field glyph string what the screen shows there now (" " if nothing)
---@field color integer CLR_* colour 0..15 of the glyph
---@field room integer|nil room id (see World:room_of), nil in corridors and walls
---@field shop boolean a shop's door or inside a shop
---@field trap string|nil the trap's kind when known, e.g. "bear trap"
---@field trap_candidates string[] kinds the trap may be (its colour's), empty without a trap
---@field objects FloorObject[] objects remembered here, top first
---@field searched integer turns of searching done next to it (hidden doors and passages)
---@field locked boolean a door the game said is locked
---@field walked integer decisions taken standing here
---@field last_seen integer|nil turn it was last seen, nil if never

---A shop the hero entered (the keeper's greeting) or saw selling.
---@class Shop
---@field owner string|nil the shopkeeper, e.g. "Asidonhopo" (nil: not named)
---@field kind string|nil e.g. "general store"
---@field door_x integer|nil its door, where the keeper greeted us
---@field door_y integer|nil

---The way the engine's navigation would walk from the hero (doors opened, traps and peacefuls
---avoided, hostiles fought through).
---@class Path
---@field x integer where it ends
---@field y integer
---@field length integer squares walked
---@field cost integer the path finder's cost (doors, traps, fights cost more)
---@field first_dir Direction the first step, for act.move
---@field travel boolean whether the engine would travel (`_`) rather than step

---A message of the history, oldest first.
---@class Said
---@field turn integer game turn it was shown
---@field decision integer decisions taken when it was shown (it followed that decision)
---@field text string

---Something a nymph (or a monkey) stole from us, as the game told it; she keeps it until she dies,
---and it falls where she dies.
---@class Theft
---@field turn integer game turn of the theft
---@field thief string "water nymph", or "" when the game said "She" or "It"
---@field item string the item as the game named it, e.g. "a +1 long sword"
---@field gear boolean our wielded weapon or worn armour
---@field here boolean stolen on the current level

---The decision carried out last and the leaf that took it: compare `path` with the third argument
---of your leaf function to tell whether it was yours.
---@class LastDecision
---@field path string tree path of the acting leaf, e.g. "root/feed/eat"
---@field reason string its reason
---@field action string the action, e.g. "move W", "search 5"
---@field decision integer its number (world.decisions when it was taken)
---@field hp integer the hero's HP when it was taken
---@field turn integer the game turn when it was taken

---A level known to the bot, with what the game's overview (`act.overview`) and the screen told of
---it. Counts are the overview's: 1, 2 ("some") or 3 ("many").
---@class LevelInfo
---@field branch Branch
---@field depth integer its Dlvl
---@field current boolean the hero is on it
---@field specials SpecialLevel[] the special levels it is
---@field shops integer
---@field shop_kind string|nil e.g. "general store", when it has one shop
---@field temples integer
---@field altars integer
---@field fountains integer
---@field sinks integer
---@field thrones integer
---@field graves integer
---@field branch_to Branch|nil the branch its branch stairs or portal lead to, once taken
---@field in_overview boolean listed by the game's overview

---One leg of a route across levels: on level (branch, depth), take the stairs at (x, y).
---@class Leg
---@field branch Branch the level the stairs are on
---@field depth integer
---@field x integer the stairs
---@field y integer
---@field up boolean up stairs (act.ascend) rather than down
---@field to_branch Branch where they lead
---@field to_depth integer
---@field sure boolean taken before, or leading there with no doubt (false: one of a fork's two)

---An altar of the current level, with what the game told of it: a look ("There is an altar to Odin
---(neutral) here."), a farlook (`act.farlook`: "(neutral altar)"), or its temple priest's god.
---@class Altar
---@field x integer column (0..79)
---@field y integer map row (0..20)
---@field alignment AltarAlignment|nil nil until a look, farlook or its priest tells
---@field god string|nil the god a look named, e.g. "Odin"
---@field coaligned boolean|nil the hero's alignment (nil: not known)

---A temple of the current level: known by its priest's greeting ("Pilgrim, you enter a sacred
---place!") or by a priest farlooked in a room ("peaceful priestess of Odin").
---@class Temple
---@field room integer|nil its room id (see World:room_of); nil while unseen
---@field altar Altar|nil its altar, once seen
---@field priest MonsterSeen|nil its priest, in view or remembered (`remembered`)
---@field sacred boolean|nil the greeting said "sacred" (true) or "desecrated" (false)
---@field coaligned boolean|nil the altar is the hero's alignment (nil: unknown)
---@field inside boolean the hero is in it (or on its door)

---A monster the paths never enter (a floating eye: a blow at it paralyses; a peaceful) standing on
---the only known way to the unexplored squares and down stairs of the level.
---@class Blocker
---@field monster MonsterSeen the monster in the way
---@field goal_x integer the square the way leads to: column
---@field goal_y integer and map row
---@field goal_kind string "down stairs" or "the unexplored"
---@field steps integer squares from the hero to the goal through the monster

---Read-only view of the game at this decision (valid during the call only: do not keep it in
---`state`). Its tables (`inventory`, `monsters`, `messages`...) are built once per decision and
---shared by every read of the script in it (`inventory` also by later decisions while the pack is
---the same): read them, never change them.
---@class World
---@field hp integer hit points
---@field hp_max integer
---@field pw integer power (spell energy)
---@field pw_max integer
---@field ac integer armour class
---@field xl integer experience level
---@field strength integer as the game counts it: 18/50 is 68, 18/** 118
---@field gold integer
---@field dlvl integer dungeon level
---@field level_name string "Dlvl:3", "Home 1", ...
---@field turn integer game turn
---@field decisions integer decisions taken so far
---@field x integer player column (0..79)
---@field y integer player map row (0..20)
---@field hunger Hunger
---@field encumbrance Encumbrance
---@field alignment Alignment
---@field conditions Condition[] status conditions shown
---@field messages string[] messages shown since the previous decision
---@field inventory InventoryItem[]
---@field monsters MonsterSeen[] monsters in view
---@field feature_here Feature remembered terrain under the player
---@field handless boolean our form cannot throw (the game refused a throw: no hands)
---@field last_prayer_turn integer|nil turn of the last prayer
---@field refused_prayers integer[] turns of prayers the god refused ("... is displeased.")
---@field thefts Theft[] what nymphs and monkeys stole from us, oldest first
---@field intrinsics Intrinsic[] intrinsics the hero is believed to have
---@field turns_since_prayer integer|nil turns since the last prayer began; nil if none
---@field prayer_timeout_estimate integer high guess: 300 at first, 1000 after a prayer, -1 a turn
---@field last_decision LastDecision|nil the previous decision; nil before the first
---@field pet MonsterSeen|nil our pet, in view or remembered
---@field remembered_monsters MonsterSeen[] this level's monsters out of view, where last seen
---@field objects_here FloorObject[] objects remembered under the hero, top first
---@field stairs_down Position|nil the nearest known down stairs (or ladder)
---@field stairs_up Position|nil the nearest known up stairs (or ladder)
---@field branch Branch the current level's branch
---@field specials SpecialLevel[] the special levels the current level is
---@field overview_fresh boolean the game's overview was read since arriving on this level
---@field watched boolean the watch keeps this level (Minetown, or a watchman in view)
local World = {}

---The glyph at a map position, or nil outside the map.
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return string|nil
function World:cell(x, y) end

---Whether the status line shows a condition (case-insensitive).
---@param name Condition e.g. "blind"
---@return boolean
function World:has_condition(name) end

---Whether a message shown since the previous decision contains `text`.
---@param text string
---@return boolean
function World:message_contains(text) end

---The last `n` messages (up to 500 are kept), oldest first.
---@param n integer
---@return Said[]
function World:history(n) end

---Whether a nymph stole our wielded weapon or worn armour on this level at most `patience` turns
---ago and no monster of her kind has died here since (she still carries it here); with `any_item`,
---a nymph's theft of anything counts.
---@param patience integer turns
---@param any_item? boolean a nymph's theft of anything counts too (default false)
---@return boolean
function World:theft_pending(patience, any_item) end

---Whether a message containing `text` was shown at or after `turn`.
---@param turn integer
---@param text string
---@return boolean
function World:said_since(turn, text) end

---The turn of the latest message containing `text`, or nil.
---@param text string
---@return integer|nil
function World:message_turn(text) end

---Whether the hero is believed to have this intrinsic.
---@param name Intrinsic e.g. "cold_resistance"
---@return boolean
function World:has_intrinsic(name) end

---The major trouble a prayer fixes (HP at most 5 or a fifth to a ninth of max by level, as pray.c's
---critically_low_hp; Weak from hunger), described, or nil.
---@return string|nil
function World:prayer_trouble() end

---In major trouble and the timeout estimate below 100 (the `should_pray` node's defaults wait for
---it to reach 0).
---@return boolean
function World:can_pray_safely() end

---Standing on an Elbereth the game read back to us within 2 turns, with at most one decision since
---that neither moved us nor touched the engraving. A blow, zap or throw from it at a monster that
---respects it costs 5 alignment and wipes it ("You feel like a hypocrite.").
---@return boolean
function World:on_elbereth() end

---The remembered terrain of a square (nil outside the map).
---`if world:terrain(x, y) == "closed_door" then ... end`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return Feature|nil
function World:terrain(x, y) end

---Everything remembered about a square (nil outside the map).
---`local sq = world:square(x, y); if sq.trap then ... end`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return Square|nil
function World:square(x, y) end

---The objects remembered on a square, top first: the whole pile once a look listed it.
---`for _, o in ipairs(world:objects(x, y)) do ... o.text ... end`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return FloorObject[]
function World:objects(x, y) end

---The squares within `reach` squares (Chebyshev) of a square where objects are remembered, in
---reading order (row by row, left to right), each with its objects: one call instead of
---`world:objects` on every square around.
---`for _, sq in ipairs(world:objects_near(world.x, world.y, 8)) do ... end`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@param reach integer squares from (x, y) in every direction
---@return ObjectSquare[]
function World:objects_near(x, y, reach) end

---The id of the room a square is in: floor and what stands on it, bounded by walls and doors; a
---door belongs to the one room it opens into. Ids stay with their room as more of it is seen.
---`world:room_of(m.x, m.y) == world:room_of(world.x, world.y)`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return integer|nil # nil in corridors, walls, unknown squares
function World:room_of(x, y) end

---Whether a square is a shop's door or inside a shop (known from the keeper's greeting at the door,
---or objects for sale). `if world:in_shop(x, y) then return false end -- never throw into a shop`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return boolean
function World:in_shop(x, y) end

---The shop a square belongs to, with its keeper and kind.
---`local s = world:shop(world.x, world.y); if s then ... s.kind ... end`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return Shop|nil
function World:shop(x, y) end

---Whether an object thrown from (x1, y1) reaches (x2, y2): the squares are on one row, column or
---diagonal and nothing strictly between stops a missile (walls, rock, unknown squares, closed
---doors, trees, iron bars, sinks; boulders, water and open doors do not). Monsters and range are
---not considered. `world:line_clear(world.x, world.y, m.x, m.y)`
---@param x1 integer from
---@param y1 integer
---@param x2 integer to
---@param y2 integer
---@return boolean
function World:line_clear(x1, y1, x2, y2) end

---The direction to throw from the hero at a square: nil unless the line is clear, no monster in
---view stands between (it would be hit first) and the square is within `range` (a dagger flies
---about Str/2 squares).
---`local d = world:fire_dir(m.x, m.y, 8); if d then return act.throw("b", d) end`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@param range? integer squares; no limit if nil
---@return Direction|nil
function World:fire_dir(x, y, range) end

---NetHack's line of sight (vision.c `clear_path`) over the remembered terrain: nothing between
---blocks light (walls, rock, unknown squares, closed doors, boulders, trees). Lighting is not
---considered. `world:can_see(m.x, m.y, world.x, world.y)`
---@param x1 integer from
---@param y1 integer
---@param x2 integer to
---@param y2 integer
---@return boolean
function World:can_see(x1, y1, x2, y2) end

---The engine's path from the hero to a square, or nil when none is known.
---`local p = world:path(x, y); if p then return act.move(p.first_dir) end`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return Path|nil
function World:path(x, y) end

---Squares to walk from the hero to a square, or nil when unreachable.
---`(world:path_length(x, y) or math.huge) < 10`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return integer|nil
function World:path_length(x, y) end

---Moves from the hero to a square on an open floor (the larger of the column and row differences).
---`world:distance(m.x, m.y) <= 1` (adjacent)
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return integer
function World:distance(x, y) end

---Every square of the level with this terrain.
---`for _, p in ipairs(world:find("fountain")) do ... end`
---@param feature Feature e.g. "stairs_down"
---@return Position[]
function World:find(feature) end

---The path to the nearest reachable square with this terrain.
---`local p = world:nearest("altar"); if p then ... p.x, p.y ... end`
---@param feature Feature e.g. "stairs_down"
---@return Path|nil
function World:nearest(feature) end

---Known squares one can stand on that touch never-seen squares and were never stood on: where
---exploring goes next. `#world:frontier() == 0` (explored)
---@return Position[]
function World:frontier() end

---Whether a square is a corridor with a single way out (a hidden passage may go on).
---`world:dead_end(world.x, world.y)`
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@return boolean
function World:dead_end(x, y) end

---Every level known, in the order first seen.
---`for _, l in ipairs(world:levels()) do if l.temples > 0 then ... end end`
---@return LevelInfo[]
function World:levels() end

---The level known to be a special level, or nil.
---`local o = world:special_level("oracle"); if o then ... o.depth ... end`
---@param name SpecialLevel e.g. "minetown"
---@return LevelInfo|nil
function World:special_level(name) end

---The stairs to take, level by level, from here to (branch, depth) over the stairs taken before and
---the stairs seen; empty when here, nil when none lead there.
---`local r = world:route_to("dungeons", 9); if r and #r > 0 then ... r[1].x ... end`
---@param branch Branch
---@param depth? integer nil: the branch's entry level (the Mines' top, Sokoban's first)
---@return Leg[]|nil
function World:route_to(branch, depth) end

---The temple of the current level the hero is in, else the nearest known, or nil.
---`local t = world:temple(); if t and t.priest and t.priest.peaceful then ... end`
---@return Temple|nil
function World:temple() end

---Every altar of the current level seen, with what is known of it.
---`for _, a in ipairs(world:altars()) do if a.coaligned then ... end end`
---@return Altar[]
function World:altars() end

---The monster on the only way to every unexplored square and down stairs of the level, or nil when
---one of them is reachable around it.
---`local b = world:blocker(); if b and not b.monster.peaceful then ... end`
---@return Blocker|nil
function World:blocker() end

---An action built by act.*; return it from a leaf to act. Opaque.
---@class Action
---@field kind string the action's debug form, e.g. "Move { dir: E }"
---@field reason string the reason given ("" if none)

---Which objects `act.pickup` takes; set one field.
---@class PickChoice
---@field name string|nil objects whose text contains this (case-insensitive)
---@field class string|nil object class symbols, e.g. "?" for scrolls
---@field index integer|nil the n-th object (1-based) of the pile as the world lists it

---What a script observed about one appearance (`kb.observe`): set `identity`, `not_identity` or
---`one_of` (or several). Names are checked against the object table: a randomized appearance,
---identities of its class ("digging" or "wand of digging"). Each string is at most 300 bytes,
---`one_of` at most 64 names.
---@class KbObservation
---@field appearance string as the game shows it: "tin wand", "scroll labeled KIRJE"
---@field identity string|nil what it is
---@field not_identity string|nil what it is not
---@field one_of string[]|nil what it may be (all else is ruled out)
---@field reason string|nil the evidence, cited by `kb.why` and `nhbot kb`

---A phase a plan follows now (see the `plan` node).
---@class Phase
---@field name string the phase's name in the tree
---@field goal string its goal, as written in the tree
---@field plan string the tree path of the plan that follows it
---@field since integer the game turn it became active

---Action constructors. The last argument is always the reason shown in the decision log (pass nil
---for an optional argument before it). Item letters are inventory letters, one of a-z or A-Z (`$`
---for gold where a command takes it, `-` for bare hands or fingers); anything else is an error.
---Each action answers the questions its command asks.
act = {}

---Steps one square (or attacks what is there).
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.move(dir, reason) end

---Attacks in a direction (`F`), even if nothing is seen there.
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.fight(dir, reason) end

---Attacks a peaceful monster in a direction (`F`, answering yes to "Really attack?"): alignment -1
---for the blow, -5 and maybe luck -1 for the kill.
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.fight_peaceful(dir, reason) end

---Opens a door.
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.open(dir, reason) end

---Kicks in a direction.
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.kick(dir, reason) end

---Throws one of the stack `letter` (objects fly over boulders).
---@param letter string inventory letter, or `$` (gold)
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.throw(letter, dir, reason) end

---Searches for hidden things.
---@param count? integer turns (default 1)
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.search(count, reason) end

---Rests in place (by searching).
---@param count? integer turns (default 1)
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.rest(count, reason) end

---Eats from the pack or from the floor.
---@param letter? string inventory letter; nil eats from the floor
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.eat(letter, reason) end

---Prays (and confirms).
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.pray(reason) end

---Goes down the stairs or ladder here.
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.descend(reason) end

---Goes up the stairs or ladder here.
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.ascend(reason) end

---Lists the inventory again.
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.inventory(reason) end

---Reads the game's dungeon overview (`^O`, no game time) into the level graph.
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.overview(reason) end

---Engraves in the dust with a finger.
---@param text string at most 200 bytes
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.engrave(text, reason) end

---Raw keys; prompts that follow get the engine's default answers.
---@param keys string at most 200 bytes
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.keys(keys, reason) end

---Picks up objects here, chosen by their text in the game's menu (never by guessed letters). A lone
---object is taken whatever `what` says.
---@param what? string|PickChoice a name (matched in the text) or a choice; nil: all
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.pickup(what, reason) end

---Travels (`_`) to a map square.
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.travel(x, y, reason) end

---Looks at a map square (`;`).
---@param x integer column (0..79)
---@param y integer map row (0..20)
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.farlook(x, y, reason) end

---Looks at what is here (`:`): the objects ("Things that are here:" and one line each, or "You see
---here ...") and any engraving come as messages; `act.pickup{index=}` counts in this list.
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.look(reason) end

---Engraves with an item: a wand (the engrave test: its message says what it is), a dagger or a hard
---gem; an engraving here is not added to.
---@param letter string inventory letter; `-`: fingers
---@param text string at most 200 bytes
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.engrave_with(letter, text, reason) end

---Zaps a wand (`z`); the direction answers the wand that asks for one.
---@param letter string inventory letter
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.zap(letter, dir, reason) end

---Drinks (`q`) a potion from the pack, or from the fountain or sink here.
---@param letter? string inventory letter; nil: from the fountain or sink
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.quaff(letter, reason) end

---Reads (`r`) a scroll or spellbook; identify picks the first item it offers.
---@param letter string inventory letter
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.read(letter, reason) end

---Wears (`W`) a piece of armour.
---@param letter string inventory letter
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.wear(letter, reason) end

---Takes off (`T`) a piece of armour.
---@param letter string inventory letter
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.take_off(letter, reason) end

---Wields (`w`) a weapon or tool.
---@param letter? string inventory letter; nil or `-`: bare hands
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.wield(letter, reason) end

---Puts on (`P`) a ring (the right hand when both are free), an amulet or a blindfold.
---@param letter string inventory letter
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.put_on(letter, reason) end

---Removes (`R`) a ring, an amulet or a blindfold.
---@param letter string inventory letter
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.remove(letter, reason) end

---Applies (`a`) a tool; `dir` answers a direction question (a pick-axe digs that way, `down` digs
---down).
---@param letter string inventory letter
---@param dir? Direction when the tool asks
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.apply(letter, dir, reason) end

---Fires (`f`) the quivered stack, or the stack `letter` (readied with `Q` first).
---@param dir Direction
---@param letter? string inventory letter; nil: the quiver
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.fire(dir, letter, reason) end

---Readies (`Q`) a stack in the quiver (of the wielded stack, all but one).
---@param letter string inventory letter
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.quiver(letter, reason) end

---Drops (`d`) a stack, or `count` of it.
---@param letter string inventory letter, or `$` (gold)
---@param count? integer how many (at least 1); nil: all
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.drop(letter, count, reason) end

---Advances (`#enhance`) the first skill the game offers; nothing when none can be.
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.enhance(reason) end

---Sacrifices (`#offer`) on the altar here the corpse here, or the pack item.
---@param letter? string inventory letter; nil: the corpse here
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.offer(letter, reason) end

---Talks (`#chat`) to the monster in a direction. A temple priest asks a hero with gold "How much
---will you offer?": this answers nothing (no gift, and a co-aligned priest's god minds); see
---`act.donate`.
---@param dir Direction
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.chat(dir, reason) end

---Talks (`#chat`) to a temple priest in a direction and offers `amount` gold when asked "How much
---will you offer?": from 400 x XL to below 600 x XL buys protection (AC -2..-4 the first time, -1
---later), "Thy devotion has been rewarded."; less is "Cheapskate." or a thank-you.
---@param dir Direction
---@param amount integer gold pieces, at least 1
---@param reason? string shown in the decision log, cut at 300 bytes
---@return Action
function act.donate(dir, amount, reason) end

---The item-identification knowledge base (empty answers until the engine installs one). It learns
---from shop prices, engrave tests, the game's own names (identified by use, the `\` discoveries
---list) and `kb.observe`; every fact keeps its source and reason.
kb = {}

---Identities an unidentified appearance may still have.
---@param appearance string e.g. "bubbly potion"
---@return string[] # identities it may still be
function kb.candidates(appearance) end

---The identity of an appearance, once known.
---@param appearance string
---@return string|nil # identity once known
function kb.identity(appearance) end

---Whether an appearance may still be this identity.
---@param appearance string
---@param identity string
---@return boolean
function kb.could_be(appearance, identity) end

---The facts known about an appearance, each with its source and reason, e.g. tin wand
---engrave-tested: Digging → digging (engrave test: "Gravel flies up from the floor.").
---@param appearance string
---@return string[] # one line per fact
function kb.why(appearance) end

---Adds what the script observed to the game's facts (facts.jsonl, source `lua:<script>:<line>`),
---e.g. `kb.observe{appearance = "tin wand", identity = "digging", reason = "gravel"}`. Raises an
---error for what does not fit (unknown appearance, an identity of another class, an unknown field).
---@param observation KbObservation
---@return boolean # true when it is news, false for a repeat (or no knowledge base)
function kb.observe(observation) end

---Plain data shared by the Lua leaves of one tree (every script of the tree sees the same board),
---for the whole game and across hot reloads. Each script runs in a Lua state of its own, so values
---are copied: `set` stores a copy, `get` returns a fresh one. Values are strings (UTF-8), numbers,
---booleans and tables of them (keys all strings, or 1..n for a list; no cycles; at most 32 deep);
---functions and userdata are refused with an error. The board holds at most 1024 KiB (8 bytes per
---number, boolean or table, plus the length of each string and key). There while a leaf runs, not
---while a script loads. Rust leaves see it as the `LuaBoard` entry of the tree's blackboard.
blackboard = {}

---A copy of the value stored under `key` (change it, then `set` it, to store the change), or nil.
---@param key string
---@return boolean|number|string|table|nil
function blackboard.get(key) end

---Stores a copy of `value` under `key`; nil removes the key. An error when the value is not plain
---data or the board would pass its size.
---@param key string
---@param value? boolean|number|string|table
function blackboard.set(key, value) end

---The keys in use, sorted.
---@return string[]
function blackboard.keys() end

---What the tree's `plan` nodes follow and remember this game, as of this leaf call (a phase a plan
---picks during a decision is seen by the leaves ticked after it). Phases are named in the tree; a
---name is unique there.
plan = {}

---The phase being followed (the innermost one when plans nest), or nil when no plan follows one.
---@return Phase|nil
function plan.phase() end

---The game turn phase `name` first became active, or nil.
---@param name string
---@return integer|nil
function plan.reached(name) end

---The game turn phase `name` was completed (its `done` held), or nil.
---@param name string
---@return integer|nil
function plan.completed(name) end

---Loads scripts/<name>.lua (dots are folders) once per reload.
---@param name string
---@return any
function require(name) end

---Writes its arguments (through tostring, space-separated) as one line into the game's
---decisions.log, as `T<turn> LOG <decision> <leaf path>: <text>`, and to the log target nhbot::lua
---(info level). At most 20 lines and 2048 bytes per leaf call, log and print together: a longer
---line is cut, further lines are dropped with one line saying so.
---@param ... any
function log(...) end

---As `log`, with its arguments tab-separated.
---@param ... any
function print(...) end
