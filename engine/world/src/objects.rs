//! Objects on the floor: the piles the game listed ("Things that are here:" and the lines of
//! its window, "You see here X."), remembered per square of a level, and what a pick-up, a
//! drop or a changed glyph does to them. A square showing an object that was never looked at
//! is remembered by its glyph alone ([`crate::Square::object`]).

use crate::level::{Level, Pile};
use crate::tiles::color_of;
use crate::{Action, World};
use nhbot_screen::{Cell, Pos};

/// One object on the floor as the bot remembers it.
#[derive(Clone, Debug, PartialEq)]
pub struct FloorObject {
    /// The game's name for it ("2 uncursed daggers"); None when only its glyph was seen.
    pub text: Option<String>,
    /// Its map glyph: known for the top object of a pile only.
    pub glyph: Option<char>,
    /// CLR_* colour of the glyph.
    pub color: Option<u8>,
    /// Game turn it was listed or seen.
    pub turn: i64,
}

/// What one message (or window line) says about the floor under the hero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloorNews {
    /// A look listed the whole pile, top first.
    Pile(Vec<String>),
    /// There are objects, uncounted ("There are several objects here.").
    Some,
    /// No objects here.
    Nothing,
    /// "f - a dagger.": an object went from here into the pack.
    PickedUp(String),
    /// "You drop a dagger.": onto the pile here.
    Dropped(String),
}

/// Heads the list of a pile in a text window ("Things that are here:", blind "Things that
/// you feel here:", after a pick-up "Other things that are here:").
fn is_pile_header(line: &str) -> bool {
    let line = line.trim();
    line.ends_with("that are here:") || line.ends_with("that you feel here:")
}

/// A line of a pile's window is an object's name, never a sentence: the game's messages end in
/// `.`, `!` or `?`, an object's name does not, except a cockatrice corpse felt (`...`), which
/// ends the list.
fn is_object_line(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty()
        && !is_pile_header(line)
        && (line.ends_with("...") || !line.ends_with(['.', '!', '?']))
}

/// "You see here a dagger." (or blind, "You feel here ...") → "a dagger"; the message may
/// follow another on the same line ("There is a doorway here.  You see here ...").
fn seen_here(message: &str) -> Option<String> {
    let (at, lead) = ["You see here ", "You feel here "]
        .iter()
        .find_map(|lead| message.find(lead).map(|at| (at, lead.len())))?;
    let rest = &message[at + lead..];
    let text = rest.split(". ").next().unwrap_or(rest).trim();
    let text = text.strip_suffix('.').unwrap_or(text);
    (!text.is_empty()).then(|| text.to_string())
}

/// "f - a dagger." / "$ - 15 gold pieces." → the object's name.
fn pack_line(message: &str) -> Option<String> {
    let mut chars = message.chars();
    let letter = chars.next()?;
    let rest = chars.as_str().strip_prefix(" - ")?;
    let text = rest.trim().strip_suffix('.')?;
    ((letter.is_ascii_alphabetic() || letter == '$' || letter == '#') && !text.is_empty())
        .then(|| text.to_string())
}

/// What the messages of one decision say about the floor under the hero, in order. `picking`:
/// the action was a pick-up, so pack lines ("f - a dagger.") came from the floor (after a wish
/// they did not).
pub fn floor_news(messages: &[String], picking: bool) -> Vec<FloorNews> {
    let mut news = Vec::new();
    let mut i = 0;
    while i < messages.len() {
        let m = &messages[i];
        i += 1;
        if is_pile_header(m) {
            let mut items = Vec::new();
            while let Some(line) = messages.get(i).filter(|l| is_object_line(l)) {
                i += 1;
                let felt_cockatrice = line.trim().ends_with("...");
                items.push(line.trim().trim_end_matches("...").to_string());
                if felt_cockatrice {
                    break;
                }
            }
            news.push(if items.is_empty() {
                FloorNews::Some
            } else {
                FloorNews::Pile(items)
            });
        } else if m.contains("no objects here") || m.contains("There is nothing here") {
            news.push(FloorNews::Nothing);
        } else if let Some(text) = seen_here(m) {
            news.push(FloorNews::Pile(vec![text]));
        } else if m.contains("objects here.")
            || m.contains("There is an object here")
            || m.contains("There is another object here")
        {
            news.push(FloorNews::Some);
        } else if let Some(text) = picking.then(|| pack_line(m)).flatten() {
            news.push(FloorNews::PickedUp(text));
        } else if let Some(rest) = m.strip_prefix("You drop ") {
            if !rest.contains(" into ") && !rest.contains("down the drain") {
                let text = rest.trim().trim_end_matches('.');
                news.push(FloorNews::Dropped(text.to_string()));
            }
        }
    }
    news
}

/// A name with its count, article, parenthesised remarks and plural endings taken off, so a
/// floor line and the pack line of the same object compare equal ("2 daggers (for sale, 4
/// zorkmids)" and "f - 5 daggers (in quiver)").
pub fn object_key(text: &str) -> String {
    let mut t = text.trim().trim_end_matches("...").to_lowercase();
    while let Some(open) = t.rfind(" (") {
        if !t.ends_with(')') {
            break;
        }
        t.truncate(open);
    }
    let t = t.trim();
    let t = ["a ", "an ", "the "]
        .iter()
        .find_map(|a| t.strip_prefix(a))
        .unwrap_or(t);
    let t = t
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start();
    t.split_whitespace()
        .map(singular)
        .collect::<Vec<_>>()
        .join(" ")
}

fn singular(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ves") {
        format!("{stem}fe")
    } else if let Some(stem) = word.strip_suffix("ies") {
        format!("{stem}y")
    } else if ["xes", "ches", "shes", "sses"]
        .iter()
        .any(|end| word.ends_with(end))
    {
        word[..word.len() - 2].to_string()
    } else if word.ends_with('s') && !word.ends_with("ss") && word.len() > 2 {
        word[..word.len() - 1].to_string()
    } else {
        word.to_string()
    }
}

fn same_glyph(a: &Cell, b: &Cell) -> bool {
    a.ch == b.ch && color_of(a) == color_of(b)
}

impl Level {
    /// The pile looked at on `p`, if any.
    pub fn pile_at(&self, p: Pos) -> Option<&Pile> {
        self.piles.iter().find(|pile| pile.pos == p)
    }

    /// The objects remembered on `p`, top first: the whole pile when a look listed it, else
    /// the glyph the square showed (one entry without text), else none.
    pub fn objects_at(&self, p: Pos) -> Vec<FloorObject> {
        let Some(sq) = self.at(p) else {
            return Vec::new();
        };
        let glyph_of = |cell: Option<Cell>| (cell.map(|c| c.ch), cell.map(|c| color_of(&c)));
        if let Some(pile) = self.pile_at(p).filter(|pile| !pile.items.is_empty()) {
            let (glyph, color) = glyph_of(pile.top.or(sq.object));
            return pile
                .items
                .iter()
                .enumerate()
                .map(|(i, text)| FloorObject {
                    text: Some(text.clone()),
                    glyph: if i == 0 { glyph } else { None },
                    color: if i == 0 { color } else { None },
                    turn: pile.turn,
                })
                .collect();
        }
        match sq.object {
            Some(cell) => {
                let (glyph, color) = glyph_of(Some(cell));
                vec![FloorObject {
                    text: None,
                    glyph,
                    color,
                    turn: sq.last_seen,
                }]
            }
            None => Vec::new(),
        }
    }

    /// The squares within `reach` (Chebyshev) of `center` where objects are remembered, in
    /// reading order (row by row, left to right), each with its objects as
    /// [`Level::objects_at`] gives them: a scan for objects near the hero in one call.
    pub fn objects_near(&self, center: Pos, reach: i16) -> Vec<(Pos, Vec<FloorObject>)> {
        let reach = reach.max(0);
        // Only squares of the map: a huge reach costs no more than the whole level.
        let (cols, rows) = (nhbot_screen::COLS as i16, nhbot_screen::MAP_ROWS as i16);
        let xs =
            center.x.saturating_sub(reach).max(0)..=center.x.saturating_add(reach).min(cols - 1);
        let ys =
            center.y.saturating_sub(reach).max(0)..=center.y.saturating_add(reach).min(rows - 1);
        // The listed piles in reach, looked up per square below (not every pile per square).
        let listed: Vec<Pos> = self
            .piles
            .iter()
            .map(|pile| pile.pos)
            .filter(|p| xs.contains(&p.x) && ys.contains(&p.y))
            .collect();
        let mut squares: Vec<Pos> = Vec::new();
        if xs.is_empty() {
            return Vec::new();
        }
        // Each row of the box as a slice of the level's squares: the Lua leaves scan up to 30
        // squares around at every decision, and a lookup per square cost most of the scan.
        let (x0, x1) = (*xs.start() as usize, *xs.end() as usize);
        for y in ys {
            let row = y as usize * nhbot_screen::COLS;
            for (x, sq) in (x0..=x1).zip(&self.squares[row + x0..=row + x1]) {
                let p = Pos::new(x as i16, y);
                if sq.object.is_some() || listed.contains(&p) {
                    squares.push(p);
                }
            }
        }
        squares
            .into_iter()
            .map(|p| (p, self.objects_at(p)))
            .filter(|(_, objects)| !objects.is_empty())
            .collect()
    }

    /// Forgets the piles the map contradicts: the square now shows no object, or a top object
    /// other than the one seen after the look. The hero's own square shows the hero: kept.
    fn check_piles(&mut self, hero: Pos) {
        let squares = &self.squares;
        self.piles.retain_mut(|pile| {
            if pile.pos == hero {
                return true;
            }
            let shown = crate::level::index(pile.pos).and_then(|i| squares[i].object);
            match (shown, pile.top) {
                (None, _) => false,
                (Some(cell), None) => {
                    pile.top = Some(cell);
                    true
                }
                (Some(cell), Some(top)) => same_glyph(&cell, &top),
            }
        });
    }

    fn set_pile(&mut self, pos: Pos, items: Vec<String>, turn: i64) {
        self.piles.retain(|p| p.pos != pos);
        if items.is_empty() {
            if let Some(sq) = self.at_mut(pos) {
                sq.object = None;
            }
        } else {
            self.piles.push(Pile {
                pos,
                items,
                turn,
                top: None,
            });
        }
    }

    /// Applies one piece of news about the floor under the hero at `pos`.
    fn hear(&mut self, pos: Pos, news: FloorNews, turn: i64) {
        let listed = self
            .pile_at(pos)
            .filter(|p| !p.items.is_empty())
            .map(|p| p.items.clone());
        match news {
            FloorNews::Pile(items) => self.set_pile(pos, items, turn),
            FloorNews::Nothing => self.set_pile(pos, Vec::new(), turn),
            // Uncounted: a list already known may still be right; else only "something".
            FloorNews::Some => {
                if listed.is_none() {
                    self.piles.retain(|p| p.pos != pos);
                }
            }
            FloorNews::PickedUp(text) => {
                let Some(mut items) = listed else { return };
                let key = object_key(&text);
                match items.iter().position(|i| object_key(i) == key) {
                    Some(k) => {
                        items.remove(k);
                        self.set_pile(pos, items, turn);
                    }
                    None if items.len() == 1 => self.set_pile(pos, Vec::new(), turn),
                    // Which one left is unknown: the list is no longer the pile.
                    None => self.piles.retain(|p| p.pos != pos),
                }
            }
            FloorNews::Dropped(text) => {
                let known_empty = listed.is_none()
                    && self.pile_at(pos).is_none()
                    && self.at(pos).is_some_and(|s| s.object.is_none());
                if let Some(items) = listed.or_else(|| known_empty.then(Vec::new)) {
                    let mut items = items;
                    items.insert(0, text);
                    self.set_pile(pos, items, turn);
                }
            }
        }
    }
}

impl World {
    /// The objects remembered on `p` of the current level, top first (see
    /// [`Level::objects_at`]).
    pub fn objects_at(&self, p: Pos) -> Vec<FloorObject> {
        self.level().map(|l| l.objects_at(p)).unwrap_or_default()
    }

    /// The squares near `center` with remembered objects, and those (see
    /// [`Level::objects_near`]).
    pub fn objects_near(&self, center: Pos, reach: i16) -> Vec<(Pos, Vec<FloorObject>)> {
        self.level()
            .map(|l| l.objects_near(center, reach))
            .unwrap_or_default()
    }

    /// The objects remembered under the hero.
    pub fn objects_here(&self) -> Vec<FloorObject> {
        self.objects_at(self.player)
    }

    /// What this frame and its messages teach about objects on the floor.
    pub(crate) fn learn_objects(&mut self) {
        let picking = match &self.last_action {
            Some(Action::Pickup { .. }) => true,
            Some(Action::Keys { keys }) => keys.starts_with(','),
            _ => false,
        };
        // A drop without a message (`!verbose`) leaves a pile we no longer know.
        let dropping = match &self.last_action {
            Some(Action::Drop { .. }) => true,
            Some(Action::Keys { keys }) => keys.starts_with(['d', 'D']),
            _ => false,
        };
        let news = floor_news(&self.messages, picking);
        let (hero, turn) = (self.player, self.turn);
        let Some(level) = self.dungeon.current_mut() else {
            return;
        };
        level.check_piles(hero);
        if dropping && !news.iter().any(|n| matches!(n, FloorNews::Dropped(_))) {
            level.piles.retain(|p| p.pos != hero);
        }
        for n in news {
            level.hear(hero, n, turn);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `objects_near` is the scan of `objects_at` over the squares around, in reading order,
    /// keeping those with objects: glyphs only, listed piles (also an empty one the game only
    /// said is several objects), and nothing outside the reach or the map.
    #[test]
    fn objects_near_are_the_squares_around_with_objects_in_reading_order() {
        let mut level = Level::default();
        let glyph = |ch| Cell {
            ch,
            fg: 3,
            bold: false,
            inverse: false,
        };
        for (x, y, ch) in [
            (12, 5, ')'),
            (9, 4, '%'),
            (14, 6, '['),
            (30, 5, '/'),
            (0, 0, '$'),
        ] {
            level.at_mut(Pos::new(x, y)).unwrap().object = Some(glyph(ch));
        }
        level.piles.push(Pile {
            pos: Pos::new(10, 6),
            items: vec!["a dagger".into(), "an apple".into()],
            turn: 7,
            top: None,
        });
        level.piles.push(Pile {
            pos: Pos::new(11, 4),
            items: Vec::new(),
            turn: 7,
            top: None,
        });
        let center = Pos::new(11, 5);
        let near = level.objects_near(center, 3);
        let squares: Vec<Pos> = near.iter().map(|(p, _)| *p).collect();
        assert_eq!(
            squares,
            [
                Pos::new(9, 4),
                Pos::new(12, 5),
                Pos::new(10, 6),
                Pos::new(14, 6)
            ]
        );
        let mut scanned = Vec::new();
        for y in center.y - 3..=center.y + 3 {
            for x in center.x - 3..=center.x + 3 {
                let objects = level.objects_at(Pos::new(x, y));
                if !objects.is_empty() {
                    scanned.push((Pos::new(x, y), objects));
                }
            }
        }
        assert_eq!(near, scanned);
        assert_eq!(near[2].1.len(), 2, "the listed pile, whole");
        // The map's edge: the corner square, and a huge reach is the whole level.
        assert_eq!(level.objects_near(Pos::new(1, 1), 2)[0].0, Pos::new(0, 0));
        assert_eq!(level.objects_near(center, 1000).len(), 6);
        assert!(level.objects_near(center, 0).is_empty());
        // A center off the map: what its reach covers of the map, as a scan of every square.
        for (c, reach) in [
            ((-5, 3), 6),
            ((84, 3), 6),
            ((200, 3), 6),
            ((40, -30), 31),
            ((3, 25), 6),
        ] {
            let c = Pos::new(c.0, c.1);
            let mut scanned = Vec::new();
            for y in 0..nhbot_screen::MAP_ROWS as i16 {
                for x in 0..nhbot_screen::COLS as i16 {
                    let p = Pos::new(x, y);
                    let objects = level.objects_at(p);
                    if (p.x - c.x).abs() <= reach
                        && (p.y - c.y).abs() <= reach
                        && !objects.is_empty()
                    {
                        scanned.push((p, objects));
                    }
                }
            }
            assert_eq!(level.objects_near(c, reach), scanned, "{c:?} {reach}");
        }
    }

    fn msgs(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_window_list_ends_at_the_first_sentence() {
        let news = floor_news(
            &msgs(&[
                "There is a staircase up here.",
                "Things that are here:",
                "7 rocks",
                "a bow",
                "10 arrows (for sale, 2 zorkmids each)",
                "The jackal bites!",
                "You hear a door open.",
            ]),
            false,
        );
        assert_eq!(
            news,
            vec![FloorNews::Pile(msgs(&[
                "7 rocks",
                "a bow",
                "10 arrows (for sale, 2 zorkmids each)"
            ]))]
        );
        let felt = floor_news(
            &msgs(&[
                "Things that you feel here:",
                "a dagger",
                "a cockatrice corpse...",
                "Touching the cockatrice corpse is a fatal mistake.",
            ]),
            false,
        );
        assert_eq!(
            felt,
            vec![FloorNews::Pile(msgs(&["a dagger", "a cockatrice corpse"]))]
        );
    }

    #[test]
    fn one_object_several_nothing_and_pack_lines() {
        let news = floor_news(
            &msgs(&[
                "There is a doorway here.  You see here 2 daggers.  You hear a door open.",
                "There are several objects here.",
                "You see no objects here.",
                "f - a dagger.",
            ]),
            false,
        );
        assert_eq!(
            news,
            vec![
                FloorNews::Pile(msgs(&["2 daggers"])),
                FloorNews::Some,
                FloorNews::Nothing
            ],
            "a pack line without a pick-up (a wish) is no news of the floor"
        );
        assert_eq!(
            floor_news(&msgs(&["f - a dagger.", "$ - 12 gold pieces."]), true),
            vec![
                FloorNews::PickedUp("a dagger".into()),
                FloorNews::PickedUp("12 gold pieces".into())
            ]
        );
    }

    #[test]
    fn object_keys_ignore_count_article_remarks_and_plurals() {
        for (a, b) in [
            (
                "2 daggers (for sale, 4 zorkmids each)",
                "5 daggers (in quiver)",
            ),
            ("a food ration", "3 food rations"),
            ("an uncursed knife", "2 uncursed knives"),
            ("a box", "2 boxes"),
            ("a cockatrice corpse...", "a cockatrice corpse"),
        ] {
            assert_eq!(object_key(a), object_key(b), "{a} / {b}");
        }
        assert_ne!(object_key("a dagger"), object_key("an elven dagger"));
    }
}
