//! One dungeon level as the bot remembers it: per-square terrain, counts and objects, its stairs
//! links and statistics. Updated from the map glyphs; never from guesses about the future.

use crate::tiles::{color_of, Feature, Glyph};
use nhbot_screen::{Cell, Pos, COLS, MAP_ROWS};
use serde::{Deserialize, Serialize};

pub use crate::branch::Branch;

/// What the bot knows about one square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Square {
    pub feature: Feature,
    /// CLR_* colour of a trap's `^` (see [`crate::tiles::trap_kinds`]).
    pub trap_color: u8,
    /// Learnt from "This door is locked".
    pub locked: bool,
    /// A shop's door: never kicked.
    pub shop_door: bool,
    /// Observations in which the square showed something (or was blank next to us).
    pub seen: u32,
    /// Decisions taken standing here.
    pub walked: u32,
    /// Turns of searching done next to this square (it may hide a door or passage).
    pub searched: u32,
    /// Turns of searching done standing on this square.
    pub searched_from: u32,
    /// The top object seen here, if any.
    pub object: Option<Cell>,
    /// Game turn it was last seen.
    pub last_seen: i64,
    /// Plain moves into it that went nowhere (see `World::learn_from_bump`).
    pub bumps: u8,
    /// A statue stands here, drawn as a monster of this glyph and colour (3.6 draws statues
    /// as their monsters); `'\0'` until seen, when learnt standing on it. Farlook or a look
    /// tells; the square showing terrain or an object clears it.
    #[serde(default)]
    pub statue: Option<(char, u8)>,
    /// The trap's kind when a message named it: an index into [`crate::tiles::TRAP_NAMES`]
    /// (see [`Level::trap_kind`], which also knows the colours that name one kind).
    #[serde(default)]
    pub trap_kind: Option<u8>,
    /// Rock the game proved (it refused a diagonal squeeze beside it, see
    /// [`crate::squeeze`]) though an object is drawn on it: gems, rocks and gold lie embedded in
    /// solid rock (mklev.c `mineralize`). The object's glyph leaves it rock; terrain drawn
    /// there, or standing on it, ends it.
    #[serde(default)]
    pub embedded: bool,
}

/// Per-level statistics for reports.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LevelStats {
    pub branch: Branch,
    pub depth: i32,
    pub squares_seen: u32,
    pub doors_found: u32,
    /// Doors that appeared where a wall or rock was, after searching there.
    pub hidden_doors_found: u32,
    /// Corridors that appeared where rock was, after searching there.
    pub hidden_corridors_found: u32,
    pub turns_spent: i64,
    pub turns_searching: u32,
}

/// A staircase (or ladder) whose other end is known.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct StairLink {
    pub from: Pos,
    /// Index into [`crate::dungeon::Dungeon::levels`].
    pub to_level: usize,
    pub to_pos: Pos,
}

/// What a look listed on one square.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pile {
    pub pos: Pos,
    /// The objects as the game named them, top first. Empty when the game only said there
    /// are several.
    pub items: Vec<String>,
    /// Game turn of the look.
    pub turn: i64,
    /// The glyph the square showed once we stepped off (its top object); a different one
    /// later means the pile changed, and it is forgotten.
    pub top: Option<Cell>,
}

/// A shop of the level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Shop {
    /// The shopkeeper's name, e.g. "Asidonhopo" (None for an untended shop).
    pub owner: Option<String>,
    /// The shop type as the game names it, e.g. "general store".
    pub kind: Option<String>,
    /// The shop's door, where the keeper greeted us.
    pub door: Option<Pos>,
    /// A square inside the shop: its room is the shop.
    pub inside: Option<Pos>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Level {
    pub branch: Branch,
    pub depth: i32,
    pub squares: Vec<Square>,
    pub links: Vec<StairLink>,
    pub stats: LevelStats,
    /// Did we arrive here climbing up (Sokoban is entered going up)?
    pub entered_going_up: bool,
    /// Merged into another level: kept so indices stay valid; never current.
    pub merged_into: Option<usize>,
    /// Gnomes that came into view while the branch was unknown (the Mines are full of them).
    pub gnomes_seen: u32,
    /// The object piles looked at, one per square (see [`crate::objects`]).
    #[serde(default)]
    pub piles: Vec<Pile>,
    /// Room id per square, 0 outside rooms (see [`crate::rooms`]); empty until computed.
    #[serde(default)]
    pub rooms: Vec<u16>,
    /// The last room id given out: ids stay with their room as more of it is seen.
    #[serde(default)]
    pub last_room_id: u16,
    /// Shops entered (or seen selling), with their keepers' names and kinds.
    #[serde(default)]
    pub shops: Vec<Shop>,
    /// Targets a travel (`_`) to which left us no nearer by our own paths: the game's travel
    /// takes another way there (it avoids known traps, it guesses when it finds no route), so
    /// they are walked to instead (see `World::step_along`).
    #[serde(default)]
    pub travel_astray: Vec<Pos>,
    /// What the game's overview and the screen tell beyond the squares: features, the special
    /// level it is, branch stairs (see [`crate::dungeon::facts`]).
    #[serde(default)]
    pub facts: crate::dungeon::facts::LevelFacts,
    /// Altars the game told something of (see [`crate::temple`]).
    #[serde(default)]
    pub altars: Vec<crate::altar::Altar>,
    /// Temples entered, with their greetings (see [`crate::temple`]).
    #[serde(default)]
    pub temples: Vec<crate::altar::TempleVisit>,
}

impl Default for Level {
    fn default() -> Self {
        Level::new(Branch::Unknown, 0)
    }
}

pub fn index(p: Pos) -> Option<usize> {
    p.in_map().then(|| p.y as usize * COLS + p.x as usize)
}

pub fn pos_of(i: usize) -> Pos {
    Pos::new((i % COLS) as i16, (i / COLS) as i16)
}

/// The 8 neighbours of `p` inside the map.
pub fn neighbours(p: Pos) -> impl Iterator<Item = Pos> {
    crate::Dir::COMPASS
        .into_iter()
        .map(move |d| d.step(p))
        .filter(|q| q.in_map())
}

impl Level {
    pub fn new(branch: Branch, depth: i32) -> Self {
        Level {
            branch,
            depth,
            squares: vec![Square::default(); COLS * MAP_ROWS],
            links: Vec::new(),
            stats: LevelStats::default(),
            entered_going_up: false,
            merged_into: None,
            gnomes_seen: 0,
            piles: Vec::new(),
            rooms: Vec::new(),
            last_room_id: 0,
            shops: Vec::new(),
            travel_astray: Vec::new(),
            facts: Default::default(),
            altars: Vec::new(),
            temples: Vec::new(),
        }
    }

    pub fn at(&self, p: Pos) -> Option<&Square> {
        index(p).map(|i| &self.squares[i])
    }

    pub fn at_mut(&mut self, p: Pos) -> Option<&mut Square> {
        index(p).map(move |i| &mut self.squares[i])
    }

    pub fn feature(&self, p: Pos) -> Feature {
        self.at(p).map_or(Feature::Rock, |s| s.feature)
    }

    /// Whether `m` is a statue drawn as a monster: learnt from a message (the feature) or from
    /// farlook or a look (the glyph remembered on the square).
    pub fn statue_at(&self, m: &crate::Monster) -> bool {
        self.at(m.pos)
            .is_some_and(|s| s.feature == Feature::Statue || s.statue == Some((m.ch, m.color)))
    }

    /// Positions of every square with this feature.
    pub fn find(&self, feature: Feature) -> Vec<Pos> {
        (0..self.squares.len())
            .filter(|&i| self.squares[i].feature == feature)
            .map(pos_of)
            .collect()
    }

    /// How many squares have `feature` ([`Level::find`]'s length, without the list).
    pub fn count(&self, feature: Feature) -> usize {
        self.squares
            .iter()
            .filter(|sq| sq.feature == feature)
            .count()
    }

    /// Every square with one of `features`, with its feature, in the squares' order: one pass
    /// where [`Level::find`] per feature would make one each.
    pub fn find_any(&self, features: &[Feature]) -> Vec<(Feature, Pos)> {
        // A bit per feature: a route scans every level known, twice a decision on a trip, and
        // a look through `features` at each square was most of it.
        let wanted = features
            .iter()
            .fold(0u64, |bits, f| bits | 1 << (*f as u32));
        self.squares
            .iter()
            .enumerate()
            .filter(|(_, sq)| wanted >> (sq.feature as u32) & 1 != 0)
            .map(|(i, sq)| (sq.feature, pos_of(i)))
            .collect()
    }

    /// Whether at least `n` squares have this feature ([`Level::find`]`.len() >= n`, the scan
    /// stopped at the `n`th).
    pub fn has_at_least(&self, feature: Feature, n: usize) -> bool {
        self.squares
            .iter()
            .filter(|sq| sq.feature == feature)
            .take(n)
            .count()
            >= n
    }

    /// Updates the level from one map snapshot. `player` hides its square; `can_see_near`
    /// (not blind) lets blank neighbours of the player be learnt as rock.
    pub fn update(&mut self, map: &[Cell], player: Option<Pos>, turn: i64, can_see_near: bool) {
        if map.len() < COLS * MAP_ROWS {
            return;
        }
        let glyphs = crate::tiles::GlyphMemo::default()
            .classify_all(map)
            .to_vec();
        self.update_classified(map, &glyphs, player, turn, can_see_near);
    }

    /// [`Level::update`] with each cell's [`crate::tiles::classify`] glyph given (`glyphs`, as
    /// many as cells).
    pub fn update_classified(
        &mut self,
        map: &[Cell],
        glyphs: &[Glyph],
        player: Option<Pos>,
        turn: i64,
        can_see_near: bool,
    ) {
        if map.len() < COLS * MAP_ROWS || glyphs.len() < COLS * MAP_ROWS {
            return;
        }
        for y in 0..MAP_ROWS {
            for x in 0..COLS {
                let p = Pos::new(x as i16, y as i16);
                let glyph = if Some(p) == player {
                    Glyph::Monster
                } else {
                    glyphs[y * COLS + x]
                };
                // A blank square tells nothing (`update_square` leaves it alone): most of a
                // map is blank, so its colour is not worked out.
                if glyph == Glyph::Blank {
                    continue;
                }
                let color = color_of(&map[y * COLS + x]);
                self.update_square(p, glyph, color, map[y * COLS + x], turn);
            }
        }
        self.note_hero(map, player, turn, can_see_near);
    }

    /// The hero's square is walked, and (not blind) blank neighbours of it are rock.
    pub(crate) fn note_hero(
        &mut self,
        map: &[Cell],
        player: Option<Pos>,
        turn: i64,
        can_see_near: bool,
    ) {
        if let Some(me) = player {
            if let Some(sq) = self.at_mut(me) {
                sq.walked += 1;
                sq.bumps = 0;
                sq.embedded = false;
                if matches!(
                    sq.feature,
                    Feature::Unknown | Feature::Rock | Feature::Boulder
                ) {
                    sq.feature = Feature::Floor;
                }
            }
            if can_see_near {
                for q in neighbours(me) {
                    let sq = &mut self.squares[index(q).unwrap_or(0)];
                    if sq.feature == Feature::Unknown
                        && map[q.y as usize * COLS + q.x as usize].ch == ' '
                    {
                        sq.feature = Feature::Rock;
                        sq.seen += 1;
                        sq.last_seen = turn;
                    }
                }
            }
        }
    }

    pub(crate) fn update_square(&mut self, p: Pos, glyph: Glyph, color: u8, cell: Cell, turn: i64) {
        let Some(i) = index(p) else { return };
        // In Sokoban a boulder that turns into an object or a monster with no push was a
        // mimic, and the terrain it hid was never seen: it may be a hole (the top level of
        // seed 10: the bot walked to the mimic's corpse and fell through). It stays a boulder
        // to paths until the floor shows, or we stand there.
        let sokoban = self.branch == Branch::Sokoban;
        let sq = &mut self.squares[i];
        match glyph {
            Glyph::Blank => return,
            Glyph::Feature(f) => {
                let old = sq.feature;
                if f.is_door_square() && !old.is_door_square() {
                    self.stats.doors_found += 1;
                }
                if sq.searched > 0 && old.is_solid() {
                    match f {
                        Feature::OpenDoor | Feature::ClosedDoor | Feature::Doorway => {
                            self.stats.hidden_doors_found += 1
                        }
                        Feature::Corridor => self.stats.hidden_corridors_found += 1,
                        _ => {}
                    }
                }
                if f != Feature::ClosedDoor {
                    sq.locked = false;
                }
                if f != old {
                    sq.bumps = 0;
                }
                sq.feature = f;
                sq.object = None;
                sq.statue = None;
                sq.embedded = false;
                if f == Feature::Trap {
                    sq.trap_color = color;
                }
            }
            Glyph::Object | Glyph::Monster if sq.feature == Feature::ClosedDoor => {
                sq.statue = None;
                // Nothing lies or stands in a closed door: it is open (or broken) now.
                sq.feature = Feature::OpenDoor;
                sq.locked = false;
                if glyph == Glyph::Object {
                    sq.object = Some(cell);
                }
            }
            Glyph::Object => {
                sq.object = Some(cell);
                sq.statue = None;
                if sq.feature == Feature::Unknown
                    || sq.feature == Feature::Rock && !sq.embedded
                    || sq.feature == Feature::Boulder && !sokoban
                {
                    sq.feature = Feature::Floor;
                }
            }
            Glyph::Monster => {
                // A statue learnt while we stood on it: its glyph is the first one seen there.
                if sq.statue.is_some_and(|(ch, _)| ch == '\0') && cell.ch != '@' {
                    sq.statue = Some((cell.ch, color));
                }
                if sq.feature == Feature::Unknown || sq.feature == Feature::Boulder && !sokoban {
                    sq.feature = Feature::Floor;
                }
            }
        }
        sq.seen += 1;
        sq.last_seen = turn;
    }

    /// Records `turns` of searching done standing at `at`.
    pub fn record_search(&mut self, at: Pos, turns: u32) {
        if let Some(sq) = self.at_mut(at) {
            sq.searched_from += turns;
        }
        for q in neighbours(at) {
            if let Some(sq) = self.at_mut(q) {
                sq.searched += turns;
            }
        }
        self.stats.turns_searching += turns;
    }

    /// Statistics with the seen count filled in.
    pub fn stats(&self) -> LevelStats {
        let seen = self
            .squares
            .iter()
            .filter(|s| s.seen > 0 && s.feature != Feature::Rock)
            .count();
        LevelStats {
            branch: self.branch,
            depth: self.depth,
            squares_seen: seen as u32,
            ..self.stats.clone()
        }
    }

    /// The level as text, one char per feature (for logs and debugging): `?` unknown, blank
    /// rock, `D` doorway, `o` open door, `+` closed door (`L` locked, `S` shop), `^` trap.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity((COLS + 1) * MAP_ROWS);
        for y in 0..MAP_ROWS {
            for x in 0..COLS {
                let sq = &self.squares[y * COLS + x];
                out.push(match sq.feature {
                    Feature::Unknown => {
                        if x == 0 {
                            ' '
                        } else {
                            '?'
                        }
                    }
                    Feature::Rock => ' ',
                    Feature::Floor => '.',
                    Feature::Corridor => '#',
                    Feature::Wall => '|',
                    Feature::Doorway => 'D',
                    Feature::OpenDoor => 'o',
                    Feature::ClosedDoor if sq.shop_door => 'S',
                    Feature::ClosedDoor if sq.locked => 'L',
                    Feature::ClosedDoor => '+',
                    Feature::StairsUp | Feature::LadderUp => '<',
                    Feature::StairsDown | Feature::LadderDown => '>',
                    Feature::Fountain => '{',
                    Feature::Altar => '_',
                    Feature::Sink => 'K',
                    Feature::Throne => '\\',
                    Feature::Grave => 'G',
                    Feature::Trap | Feature::Web => '^',
                    Feature::Water | Feature::Lava => '}',
                    Feature::Ice => 'I',
                    Feature::Tree => 'T',
                    Feature::IronBars => 'B',
                    Feature::Boulder => '0',
                    Feature::Statue => '\'',
                    Feature::DrawbridgeDown | Feature::DrawbridgeUp => '=',
                    Feature::Air | Feature::Cloud => '~',
                });
            }
            out.push('\n');
        }
        out
    }

    /// Copies what `other` knows that this level does not (or knows more recently).
    pub fn merge_from(&mut self, other: &Level) {
        for (mine, theirs) in self.squares.iter_mut().zip(&other.squares) {
            if theirs.last_seen > mine.last_seen || mine.feature == Feature::Unknown {
                let (walked, searched, searched_from) =
                    (mine.walked, mine.searched, mine.searched_from);
                *mine = *theirs;
                mine.walked += walked;
                mine.searched += searched;
                mine.searched_from += searched_from;
            }
        }
        self.links.extend(other.links.iter().copied());
        for pile in &other.piles {
            if !self.piles.iter().any(|p| p.pos == pile.pos) {
                self.piles.push(pile.clone());
            }
        }
        self.shops.extend(other.shops.iter().cloned());
        for altar in &other.altars {
            if !self.altars.iter().any(|a| a.pos == altar.pos) {
                self.altars.push(altar.clone());
            }
        }
        self.temples.extend(other.temples.iter().cloned());
        self.facts.merge_from(&other.facts);
        // Ids of the other level's rooms mean nothing here: recomputed from the merged map.
        self.rooms.clear();
        self.refresh_rooms();
        self.stats.turns_spent += other.stats.turns_spent;
        self.stats.turns_searching += other.stats.turns_searching;
        self.stats.doors_found = self.stats.doors_found.max(other.stats.doors_found);
        self.stats.hidden_doors_found += other.stats.hidden_doors_found;
        self.stats.hidden_corridors_found += other.stats.hidden_corridors_found;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::tests::grid;

    /// `find_any` finds what a look through the features at each square finds, in order, and
    /// `has_at_least` what counting `find` does, on a level holding every feature.
    #[test]
    fn find_any_and_has_at_least_agree_with_plain_scans() {
        let mut level = Level::new(Branch::Doom, 1);
        for (i, sq) in level.squares.iter_mut().enumerate() {
            sq.feature = Feature::ALL[(i * 7 + i / 13) % Feature::ALL.len()];
        }
        for (k, wanted) in [
            &[Feature::StairsUp, Feature::LadderUp, Feature::StairsDown][..],
            &[Feature::Cloud, Feature::Unknown],
            &[],
            &Feature::ALL[3..],
        ]
        .iter()
        .enumerate()
        {
            let plain: Vec<(Feature, Pos)> = (0..level.squares.len())
                .filter(|&i| wanted.contains(&level.squares[i].feature))
                .map(|i| (level.squares[i].feature, pos_of(i)))
                .collect();
            assert_eq!(level.find_any(wanted), plain, "set {k}");
        }
        for feature in Feature::ALL {
            let count = level.find(feature).len();
            for n in 0..=count + 1 {
                assert_eq!(
                    level.has_at_least(feature, n),
                    count >= n,
                    "{feature:?} {n}"
                );
            }
        }
    }

    #[test]
    fn monster_keeps_remembered_feature_and_objects_are_remembered() {
        let mut level = Level::new(Branch::Doom, 1);
        level.update(
            &grid(&["|....", "|.>..", "-----"], &[]),
            Some(Pos::new(1, 1)),
            10,
            true,
        );
        assert_eq!(level.feature(Pos::new(2, 1)), Feature::StairsDown);
        level.update(
            &grid(&["|....", "|.d[.", "-----"], &[]),
            Some(Pos::new(1, 0)),
            11,
            true,
        );
        assert_eq!(
            level.feature(Pos::new(2, 1)),
            Feature::StairsDown,
            "the jackal hides the stairs"
        );
        assert_eq!(
            level
                .at(Pos::new(3, 1))
                .and_then(|s| s.object)
                .map(|c| c.ch),
            Some('[')
        );
        assert_eq!(level.feature(Pos::new(3, 1)), Feature::Floor);
        assert_eq!(level.at(Pos::new(1, 1)).map(|s| s.walked), Some(1));
    }

    /// A "boulder" that turns into a corpse with no push was a mimic: in Sokoban what it hid
    /// stays unwalkable until seen (it may be a hole) or stood on; elsewhere it is floor.
    #[test]
    fn a_boulder_that_turns_into_a_corpse_hides_its_terrain_in_sokoban() {
        for (branch, after) in [
            (Branch::Sokoban, Feature::Boulder),
            (Branch::Doom, Feature::Floor),
        ] {
            let mut level = Level::new(branch, 2);
            let at = Pos::new(3, 1);
            level.update(&grid(&["-----", "|.@0.|"], &[]), None, 1, true);
            assert_eq!(level.feature(at), Feature::Boulder);
            level.update(&grid(&["-----", "|.@%.|"], &[]), None, 2, true);
            assert_eq!(level.feature(at), after, "{branch:?}");
            level.update(&grid(&["-----", "|..@.|"], &[]), Some(at), 3, true);
            assert_eq!(level.feature(at), Feature::Floor, "stood on, {branch:?}");
        }
    }

    #[test]
    fn blank_next_to_player_is_rock_far_blank_stays_unknown() {
        let mut level = Level::new(Branch::Doom, 1);
        level.update(
            &grid(&["      ", " ##   ", "      "], &[]),
            Some(Pos::new(1, 1)),
            5,
            true,
        );
        assert_eq!(level.feature(Pos::new(0, 0)), Feature::Rock);
        assert_eq!(level.feature(Pos::new(2, 1)), Feature::Corridor);
        assert_eq!(level.feature(Pos::new(4, 1)), Feature::Unknown);
        let mut blind = Level::new(Branch::Doom, 1);
        blind.update(
            &grid(&["      ", " #    "], &[]),
            Some(Pos::new(1, 1)),
            5,
            false,
        );
        assert_eq!(blind.feature(Pos::new(0, 0)), Feature::Unknown);
    }

    #[test]
    fn hidden_door_counted_only_after_searching() {
        let mut level = Level::new(Branch::Doom, 1);
        let before = grid(&["-----", "|...|", "|...|", "-----"], &[]);
        level.update(&before, Some(Pos::new(2, 2)), 1, true);
        let doors_before = level.stats().doors_found;
        level.record_search(Pos::new(3, 2), 10);
        let after = grid(&["-----", "|...+", "|...|", "-----"], &["", "    3"]);
        level.update(&after, Some(Pos::new(3, 2)), 12, true);
        let stats = level.stats();
        assert_eq!(stats.hidden_doors_found, 1);
        assert_eq!(stats.doors_found, doors_before + 1);
        assert_eq!(stats.turns_searching, 10);
        // A door first seen where nothing was known is not hidden.
        let mut fresh = Level::new(Branch::Doom, 1);
        fresh.update(&after, Some(Pos::new(3, 2)), 1, true);
        assert_eq!(fresh.stats().hidden_doors_found, 0);
    }
}
