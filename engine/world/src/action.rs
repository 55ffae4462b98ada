//! What a decision asks the game to do. Actions are plain data; the agent turns each into keys and
//! answers the prompts the action implies (BotHack's "actions bring their own prompt handlers").

use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// The 8 compass directions plus up/down/self, as NetHack's vi-keys name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    N,
    S,
    E,
    W,
    NE,
    NW,
    SE,
    SW,
    Up,
    Down,
    Here,
}

impl Dir {
    pub const COMPASS: [Dir; 8] = [
        Dir::N,
        Dir::S,
        Dir::E,
        Dir::W,
        Dir::NE,
        Dir::NW,
        Dir::SE,
        Dir::SW,
    ];

    /// The vi-key NetHack uses for this direction (number_pad off).
    pub fn key(self) -> char {
        match self {
            Dir::N => 'k',
            Dir::S => 'j',
            Dir::E => 'l',
            Dir::W => 'h',
            Dir::NE => 'u',
            Dir::NW => 'y',
            Dir::SE => 'n',
            Dir::SW => 'b',
            Dir::Up => '<',
            Dir::Down => '>',
            Dir::Here => '.',
        }
    }

    pub fn delta(self) -> (i16, i16) {
        match self {
            Dir::N => (0, -1),
            Dir::S => (0, 1),
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
            Dir::NE => (1, -1),
            Dir::NW => (-1, -1),
            Dir::SE => (1, 1),
            Dir::SW => (-1, 1),
            Dir::Up | Dir::Down | Dir::Here => (0, 0),
        }
    }

    pub fn from_delta(dx: i16, dy: i16) -> Option<Dir> {
        Dir::COMPASS
            .into_iter()
            .find(|d| d.delta() == (dx.signum(), dy.signum()) && (dx, dy) != (0, 0))
    }

    pub fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::NW | Dir::SE | Dir::SW)
    }

    pub fn step(self, p: Pos) -> Pos {
        let (dx, dy) = self.delta();
        Pos::new(p.x + dx, p.y + dy)
    }

    pub fn parse(s: &str) -> Option<Dir> {
        Some(match s.to_ascii_lowercase().as_str() {
            "n" | "north" | "k" => Dir::N,
            "s" | "south" | "j" => Dir::S,
            "e" | "east" | "l" => Dir::E,
            "w" | "west" | "h" => Dir::W,
            "ne" | "northeast" | "u" => Dir::NE,
            "nw" | "northwest" | "y" => Dir::NW,
            "se" | "southeast" | "n_" => Dir::SE,
            "sw" | "southwest" | "b" => Dir::SW,
            "up" | "<" => Dir::Up,
            "down" | ">" => Dir::Down,
            "here" | "self" | "." => Dir::Here,
            _ => return None,
        })
    }
}

/// One game action. Each variant maps to a fixed key sequence plus the prompt answers it implies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// Step (or bump-attack) one square.
    Move {
        dir: Dir,
    },
    /// `F` + direction: fight even if nothing is seen there.
    Fight {
        dir: Dir,
    },
    /// `F` + direction, answering yes to "Really attack?": a peaceful struck on purpose (it
    /// costs alignment and maybe luck; every other action declines that question).
    FightPeaceful {
        dir: Dir,
    },
    /// `n<count>s`: search for hidden things.
    Search {
        count: u16,
    },
    /// `n<count>.` hmm: rest in place (search is used, it also finds things).
    Rest {
        count: u16,
    },
    /// `e`, then the item letter (None: eat from the floor, answering "y" to "There is ... here; eat it?").
    Eat {
        item: Option<char>,
    },
    /// `#pray`, confirming.
    Pray,
    /// `E`, then what to write with (`with`: an inventory letter, e.g. a wand to engrave-test it;
    /// `None`: fingers), then the text; declines to add to an existing engraving.
    Engrave {
        text: String,
        #[serde(default)]
        with: Option<char>,
    },
    /// `_` travel to a square.
    Travel {
        to: Pos,
    },
    Open {
        dir: Dir,
    },
    Kick {
        dir: Dir,
    },
    /// `t`, the item letter, the direction: throw one of that stack. Thrown objects fly over
    /// boulders (only a heavy iron ball stops at one), so this reaches a monster behind one.
    Throw {
        item: char,
        dir: Dir,
    },
    /// `>` / `<`.
    Descend,
    Ascend,
    /// `,`: pick up what `what` chooses among the objects here (a lone object is taken whatever
    /// `what` says, as the game does not ask). An object that would burden us is left (the
    /// game asks first, and the answer is no).
    Pickup {
        what: Pick,
    },
    /// `:`: look at what is here (lists a pile in a text window).
    Look,
    /// `z`, the wand, then the direction when the wand asks for one.
    Zap {
        item: char,
        dir: Dir,
    },
    /// `q`: drink a potion from the pack (`item`), or from a fountain or sink here (`None`).
    Quaff {
        item: Option<char>,
    },
    /// `r`: read a scroll or spellbook.
    Read {
        item: char,
    },
    /// `W`: wear armour.
    Wear {
        item: char,
    },
    /// `T`: take armour off.
    TakeOff {
        item: char,
    },
    /// `w`: wield a weapon (`None`: bare hands).
    Wield {
        item: Option<char>,
    },
    /// `P`: put on a ring, amulet or blindfold (a ring goes on the right hand when both are
    /// free).
    PutOn {
        item: char,
    },
    /// `R`: remove a ring, amulet or blindfold.
    Remove {
        item: char,
    },
    /// `a`: apply a tool; `dir` answers a direction question (a pick-axe digging, a whip...).
    Apply {
        item: char,
        dir: Option<Dir>,
    },
    /// `f`: fire the quivered stack, or `item`: that stack, readied (`Q`) first.
    Fire {
        dir: Dir,
        item: Option<char>,
    },
    /// `Q`: put a stack in the quiver (of the wielded stack, all but the one in hand).
    Quiver {
        item: char,
    },
    /// `d`: drop `count` of a stack (`None`: all of it).
    Drop {
        item: char,
        count: Option<u32>,
    },
    /// `#enhance`: advance the first skill the menu offers (none: the list is just closed).
    Enhance,
    /// `p`: pay the shopkeeper the bill (one item on it: the game asks "... Pay?").
    Pay,
    /// `#offer`: sacrifice the corpse here (or `item` from the pack) on this altar.
    Offer {
        item: Option<char>,
    },
    /// `#chat` in a direction; `offer`: the gold to give a temple priest who asks "How much
    /// will you offer?" (None: nothing is offered).
    Chat {
        dir: Dir,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        offer: Option<u32>,
    },
    /// `;` farlook at a square.
    Farlook {
        at: Pos,
    },
    /// `i`: refresh the inventory.
    Inventory,
    /// `^O`: the game's dungeon overview, read into the world's level graph (no game time).
    Overview,
    /// Raw keys, for Lua authors who know what they do. Prompts that follow are answered by the
    /// engine's default prompt policy.
    Keys {
        keys: String,
    },
}

/// Which objects of a pile a pick-up takes: matched against the game's pick-up menu by the
/// objects' text, never by guessed menu letters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", content = "value", rename_all = "snake_case")]
pub enum Pick {
    /// Everything here.
    All,
    /// Every object of these classes, by their symbols (`?` scrolls, `)` weapons, `"` amulets).
    Classes(String),
    /// The objects whose text contains this (case-insensitive), e.g. "dagger".
    Named(String),
    /// The n-th object (1-based) of the pile as the world lists it (the `:` order): the agent
    /// resolves it to that object's text.
    Index(u16),
}

/// An action with the reason chain that produced it: the tree path and the leaf's reason.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub action: Action,
    /// Node path from the root, e.g. `root/survive/eat`.
    pub path: String,
    /// The leaf's own words, e.g. "Hungry, eating food ration (f)".
    pub reason: String,
}

impl std::fmt::Display for Action {
    /// Short human form for logs and the live view: `move W`, `search 5`, `eat f`, `travel 12,7`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Move { dir } => write!(f, "move {dir:?}"),
            Action::Fight { dir } => write!(f, "fight {dir:?}"),
            Action::FightPeaceful { dir } => write!(f, "fight the peaceful {dir:?}"),
            Action::Search { count } => write!(f, "search {count}"),
            Action::Rest { count } => write!(f, "rest {count}"),
            Action::Eat { item: Some(c) } => write!(f, "eat {c}"),
            Action::Eat { item: None } => write!(f, "eat"),
            Action::Pray => write!(f, "pray"),
            Action::Engrave { text, with: None } => write!(f, "engrave {text:?}"),
            Action::Engrave {
                text,
                with: Some(c),
            } => write!(f, "engrave {text:?} with {c}"),
            Action::Travel { to } => write!(f, "travel {},{}", to.x, to.y),
            Action::Open { dir } => write!(f, "open {dir:?}"),
            Action::Kick { dir } => write!(f, "kick {dir:?}"),
            Action::Throw { item, dir } => write!(f, "throw {item} {dir:?}"),
            Action::Descend => write!(f, "descend"),
            Action::Ascend => write!(f, "ascend"),
            Action::Pickup { what: Pick::All } => write!(f, "pick up"),
            Action::Pickup {
                what: Pick::Classes(c),
            } => write!(f, "pick up class {c}"),
            Action::Pickup {
                what: Pick::Named(n),
            } => write!(f, "pick up {n:?}"),
            Action::Pickup {
                what: Pick::Index(i),
            } => write!(f, "pick up #{i}"),
            Action::Look => write!(f, "look here"),
            Action::Zap { item, dir } => write!(f, "zap {item} {dir:?}"),
            Action::Quaff { item: Some(c) } => write!(f, "quaff {c}"),
            Action::Quaff { item: None } => write!(f, "quaff from here"),
            Action::Read { item } => write!(f, "read {item}"),
            Action::Wear { item } => write!(f, "wear {item}"),
            Action::TakeOff { item } => write!(f, "take off {item}"),
            Action::Wield { item: Some(c) } => write!(f, "wield {c}"),
            Action::Wield { item: None } => write!(f, "wield bare hands"),
            Action::PutOn { item } => write!(f, "put on {item}"),
            Action::Remove { item } => write!(f, "remove {item}"),
            Action::Apply { item, dir: None } => write!(f, "apply {item}"),
            Action::Apply { item, dir: Some(d) } => write!(f, "apply {item} {d:?}"),
            Action::Fire { dir, item: None } => write!(f, "fire {dir:?}"),
            Action::Fire { dir, item: Some(c) } => write!(f, "fire {c} {dir:?}"),
            Action::Quiver { item } => write!(f, "quiver {item}"),
            Action::Drop { item, count: None } => write!(f, "drop {item}"),
            Action::Drop {
                item,
                count: Some(n),
            } => write!(f, "drop {n} {item}"),
            Action::Enhance => write!(f, "enhance"),
            Action::Pay => write!(f, "pay"),
            Action::Offer { item: None } => write!(f, "offer"),
            Action::Offer { item: Some(c) } => write!(f, "offer {c}"),
            Action::Chat { dir, offer: None } => write!(f, "chat {dir:?}"),
            Action::Chat {
                dir,
                offer: Some(n),
            } => write!(f, "chat {dir:?} offering {n}"),
            Action::Farlook { at } => write!(f, "farlook {},{}", at.x, at.y),
            Action::Inventory => write!(f, "inventory"),
            Action::Overview => write!(f, "overview"),
            Action::Keys { keys } => write!(f, "keys {keys:?}"),
        }
    }
}
