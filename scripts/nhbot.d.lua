---@meta
-- LuaLS annotations for nhbot Lua leaves (never executed; editors read it for completion and
-- type checks). A leaf script returns `fun(world: World, state: table): Action|boolean|nil`.
-- Return an `act.*` action to act this decision, true/false to answer as a condition, nil to fail.
-- Sandbox: no io, os, debug, load, loadfile, dofile; `require "name"` loads scripts/name.lua.
-- Each call may run 1,000,000 instructions and allocate 32 MiB; past that the leaf fails and the
-- error (file:line) is logged, the game goes on.

---@class InventoryItem
---@field letter string  inventory letter, e.g. "f"
---@field text string    the line as shown, e.g. "2 food rations"
---@field class string   menu header, e.g. "Comestibles"

---@class MonsterSeen
---@field x integer
---@field y integer
---@field glyph string
---@field color integer CLR_* colour 0..15
---@field name string|nil from farlook, e.g. "newt"
---@field peaceful boolean|nil
---@field tame boolean
---@field hostile boolean neither our pet nor known peaceful

---@class World read-only view of the game at this decision
---@field hp integer
---@field hp_max integer
---@field pw integer
---@field pw_max integer
---@field ac integer
---@field xl integer experience level
---@field gold integer
---@field dlvl integer dungeon level
---@field level_name string "Dlvl:3", "Home 1", ...
---@field turn integer game turn
---@field decisions integer decisions taken so far
---@field x integer player column (0..79)
---@field y integer player map row (0..20)
---@field hunger "satiated"|"not_hungry"|"hungry"|"weak"|"fainting"|"fainted"
---@field encumbrance string "unencumbered", "burdened", ...
---@field alignment "lawful"|"neutral"|"chaotic"
---@field conditions string[] status conditions: "blind", "conf", "stun", "hallu", ...
---@field messages string[] messages shown since the previous decision
---@field inventory InventoryItem[]
---@field monsters MonsterSeen[] monsters in view
---@field feature_here string remembered terrain under the player: "stairs_down", "floor", ...
---@field last_prayer_turn integer|nil
local World = {}

---The glyph at a map position, or nil outside the map.
---@param x integer
---@param y integer
---@return string|nil
function World:cell(x, y) end

---@param name string e.g. "blind"
---@return boolean
function World:has_condition(name) end

---@param text string
---@return boolean
function World:message_contains(text) end

---@class Action an action built by act.*; opaque
---@field kind string
---@field reason string

---@alias Direction "n"|"s"|"e"|"w"|"ne"|"nw"|"se"|"sw"|"up"|"down"|"here"

---Action constructors. The last argument is always the reason shown in the decision log.
act = {}
---@param dir Direction
---@param reason? string
---@return Action
function act.move(dir, reason) end
---@param dir Direction
---@param reason? string
---@return Action
function act.fight(dir, reason) end
---@param dir Direction
---@param reason? string
---@return Action
function act.open(dir, reason) end
---@param dir Direction
---@param reason? string
---@return Action
function act.kick(dir, reason) end
--- Throws one of the stack `letter` (objects fly over boulders).
---@param letter string inventory letter
---@param dir Direction
---@param reason? string
---@return Action
function act.throw(letter, dir, reason) end
---@param count? integer turns (default 1)
---@param reason? string
---@return Action
function act.search(count, reason) end
---@param count? integer turns (default 1)
---@param reason? string
---@return Action
function act.rest(count, reason) end
---@param letter? string inventory letter; nil eats from the floor
---@param reason? string
---@return Action
function act.eat(letter, reason) end
---@param reason? string
---@return Action
function act.pray(reason) end
---@param text string
---@param reason? string
---@return Action
function act.engrave(text, reason) end
---@param reason? string
---@return Action
function act.descend(reason) end
---@param reason? string
---@return Action
function act.ascend(reason) end
---@param letters? string menu letters; nil picks up everything
---@param reason? string
---@return Action
function act.pickup(letters, reason) end
---@param x integer
---@param y integer
---@param reason? string
---@return Action
function act.travel(x, y, reason) end
---@param x integer
---@param y integer
---@param reason? string
---@return Action
function act.farlook(x, y, reason) end
---@param reason? string
---@return Action
function act.inventory(reason) end
---Raw keys; prompts that follow get the engine's default answers.
---@param keys string
---@param reason? string
---@return Action
function act.keys(keys, reason) end

---The item-identification knowledge base (empty answers until the engine installs one).
kb = {}
---@param appearance string e.g. "bubbly potion"
---@return string[] identities it may still be
function kb.candidates(appearance) end
---@param appearance string
---@return string|nil identity once known
function kb.identity(appearance) end
---@param appearance string
---@param identity string
---@return boolean
function kb.could_be(appearance, identity) end

---Loads scripts/<name>.lua (dots are folders) once per reload.
---@param name string
---@return any
function require(name) end
