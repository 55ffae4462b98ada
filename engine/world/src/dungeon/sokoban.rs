//! Sokoban progress as world facts, learnt frame by frame from what the screen shows: when the
//! hero first stood in Sokoban, which of its levels are solved, when the prize was picked up,
//! when the hero first went back down a Sokoban staircase (turned back: the prize taken, a level
//! given up, or a plan's choice) and when it first stood outside Sokoban again (left); also
//! when the way in was first located and when the hero arrived on the level it is on.
//!
//! A Sokoban level is solved once the game's overview says so, once every hole and pit the
//! premapped level showed is filled (none left on screen), or once the hero climbed its up
//! stairs (they lie past the holes). The prize is the amulet or bag picked up on the top level,
//! the one level of the branch with no up stairs (the premapped levels show theirs). Levels are
//! numbered from the bottom: level 1 is the one entered from the Dungeons.

use super::facts::Special;
use super::Dungeon;
use crate::level::{Branch, Level};
use crate::tiles::Feature;
use serde::{Deserialize, Serialize};

/// What the hero has done in Sokoban so far (game turns of each first time).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SokobanProgress {
    /// First frame on a Sokoban level.
    pub entered: Option<i64>,
    /// Every Sokoban level stood on, in the order first seen.
    pub levels: Vec<SokobanLevel>,
    /// An amulet or a bag picked up on the top level.
    pub prize_taken: Option<i64>,
    /// First arrival one level down from a Sokoban level.
    pub turned_back: Option<i64>,
    /// First arrival outside Sokoban, down its bottom stairs, after having entered it.
    pub left: Option<i64>,
    /// The first frame on which the way in was located (the entrance level known).
    pub located: Option<i64>,
    /// The turn the hero arrived on the level it is on.
    pub arrived: Option<i64>,
    /// The level (branch, depth) of the previous frame, to tell arrivals.
    #[serde(default)]
    was: Option<(Branch, i32)>,
    /// The dungeon's arrival count at the previous frame.
    #[serde(default)]
    arrivals: u64,
}

/// One Sokoban level as its frames showed it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SokobanLevel {
    pub depth: i32,
    /// The most holes and pits shown at once (the premapped level shows all of them).
    pub holes_seen: u16,
    /// Holes and pits shown at the last frame on it.
    pub holes_left: u16,
    /// The turn it was seen solved (no hole left, or its up stairs climbed).
    pub solved: Option<i64>,
}

/// Sokoban for a results line: what the hero did there, levels numbered from the bottom.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SokobanSummary {
    pub entered: Option<i64>,
    /// Levels solved, 1 (the bottom, entered first) to 4 (the top, the prize's).
    pub solved: Vec<u8>,
    pub prize: Option<i64>,
    pub left: Option<i64>,
}

/// Sokoban's levels: the branch is four deep.
pub const SOKOBAN_LEVELS: i32 = 4;

impl SokobanProgress {
    fn level_mut(&mut self, depth: i32) -> &mut SokobanLevel {
        if let Some(i) = self.levels.iter().position(|l| l.depth == depth) {
            return &mut self.levels[i];
        }
        self.levels.push(SokobanLevel {
            depth,
            ..SokobanLevel::default()
        });
        self.levels.last_mut().expect("just pushed")
    }

    /// Takes in one frame: `dungeon` as just updated, `messages` of the frame, `turn` now;
    /// `picking_up`: the action just sent was a pickup (an amulet wished for or stolen back is
    /// no prize).
    pub(crate) fn observe(
        &mut self,
        dungeon: &Dungeon,
        messages: &[String],
        turn: i64,
        picking_up: bool,
    ) {
        let Some(level) = dungeon.current() else {
            return;
        };
        let here = (level.branch, level.depth);
        if self.arrived.is_none() || self.arrivals != dungeon.arrivals {
            self.arrived = Some(turn);
            self.arrivals = dungeon.arrivals;
        }
        if self.located.is_none() && dungeon.place_of(Special::SokobanEntrance).is_some() {
            self.located = Some(turn);
        }
        if let Some((was_branch, was_depth)) = self.was.filter(|&w| w != here) {
            if was_branch == Branch::Sokoban {
                if here.1 < was_depth {
                    // Its up stairs lie past the holes: climbing them says it was solved.
                    self.level_mut(was_depth).solved.get_or_insert(turn);
                } else if here.1 > was_depth {
                    self.turned_back.get_or_insert(turn);
                    if out_of_sokoban(dungeon, here) {
                        self.left.get_or_insert(turn);
                    }
                }
            }
        }
        self.was = Some(here);
        if level.branch != Branch::Sokoban {
            return;
        }
        self.entered.get_or_insert(turn);
        let holes = level.count(Feature::Trap) as u16;
        let top = is_top(level);
        let entry = self.level_mut(level.depth);
        entry.holes_seen = entry.holes_seen.max(holes);
        entry.holes_left = holes;
        if entry.holes_seen > 0 && holes == 0 {
            entry.solved.get_or_insert(turn);
        }
        if top && picking_up && messages.iter().any(|m| picked_up_prize(m)) {
            self.prize_taken.get_or_insert(turn);
            // The closets lie past the holes: the level is solved too.
            self.level_mut(level.depth).solved.get_or_insert(turn);
        }
    }
}

/// A level reached down a Sokoban staircase lies outside Sokoban: a Dungeons level, or one
/// whose branch is not told yet below every Sokoban level known (stairs never taken before lead
/// to a placeholder level).
fn out_of_sokoban(dungeon: &Dungeon, (branch, depth): (Branch, i32)) -> bool {
    match branch {
        Branch::Sokoban => false,
        Branch::Unknown => dungeon
            .levels
            .iter()
            .filter(|l| l.merged_into.is_none() && l.branch == Branch::Sokoban)
            .all(|l| l.depth < depth),
        _ => true,
    }
}

/// The top Sokoban level: the one with no up stairs, seen premapped (boulders drawn).
fn is_top(level: &Level) -> bool {
    let up = [Feature::StairsUp, Feature::LadderUp];
    let boulders = level
        .squares
        .iter()
        .filter(|s| s.feature == Feature::Boulder)
        .count();
    boulders > 0 && up.iter().all(|&f| level.find(f).is_empty())
}

/// "t - a circular amulet.", "You have a little trouble lifting u - a bag.": an amulet or a
/// bag coming into the pack.
fn picked_up_prize(message: &str) -> bool {
    let b = message.as_bytes();
    (0..b.len().saturating_sub(3)).any(|i| {
        b[i].is_ascii_alphabetic()
            && (i == 0 || b[i - 1] == b' ')
            && &b[i + 1..i + 4] == b" - "
            && {
                let item = &message[i + 4..];
                item.contains("amulet") || item.contains("bag")
            }
    })
}

impl Dungeon {
    /// The depth of Sokoban's bottom level (its level 1): one above its entrance when that is
    /// located, else the deepest Sokoban level seen.
    pub fn sokoban_bottom(&self) -> Option<i32> {
        self.branch_entry(Branch::Sokoban).or_else(|| {
            self.levels
                .iter()
                .filter(|l| l.merged_into.is_none() && l.branch == Branch::Sokoban)
                .map(|l| l.depth)
                .max()
        })
    }

    /// Sokoban's level number (1 at the bottom .. 4 at the top) of a level at `depth`.
    pub fn sokoban_level_number(&self, depth: i32) -> Option<u8> {
        let n = self.sokoban_bottom()? - depth + 1;
        (1..=SOKOBAN_LEVELS).contains(&n).then_some(n as u8)
    }

    /// Whether the Sokoban level at `depth` is solved: seen so, climbed out of, or called so
    /// by the game's overview.
    pub fn sokoban_solved(&self, depth: i32) -> bool {
        let seen = self
            .sokoban
            .levels
            .iter()
            .any(|l| l.depth == depth && l.solved.is_some());
        let told = self
            .find(Branch::Sokoban, depth)
            .is_some_and(|id| self.levels[id].facts.solved == Some(true));
        seen || told
    }

    /// Sokoban for the results line; None when the hero never entered it.
    pub fn sokoban_summary(&self) -> Option<SokobanSummary> {
        let p = &self.sokoban;
        p.entered?;
        let mut depths: Vec<i32> = p.levels.iter().map(|l| l.depth).collect();
        depths.extend(
            self.levels
                .iter()
                .filter(|l| l.merged_into.is_none() && l.branch == Branch::Sokoban)
                .map(|l| l.depth),
        );
        let mut solved: Vec<u8> = depths
            .into_iter()
            .filter(|&d| self.sokoban_solved(d))
            .filter_map(|d| self.sokoban_level_number(d))
            .collect();
        solved.sort_unstable();
        solved.dedup();
        Some(SokobanSummary {
            entered: p.entered,
            solved,
            prize: p.prize_taken,
            left: p.left,
        })
    }
}

impl crate::World {
    /// Brings the Sokoban progress up to date with the frame just seen (the update step's).
    pub(crate) fn note_sokoban(&mut self) {
        let mut progress = std::mem::take(&mut self.dungeon.sokoban);
        let picking_up = matches!(self.last_action, Some(crate::Action::Pickup { .. }));
        progress.observe(&self.dungeon, &self.messages, self.turn, picking_up);
        self.dungeon.sokoban = progress;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::Arrival;
    use crate::tiles::tests::grid;
    use nhbot_screen::Pos;

    /// Stairs taken at (x, y) of the current level.
    fn stairs(x: i16, y: i16, up: bool) -> Arrival {
        Arrival::Stairs {
            from: Pos::new(x, y),
            up,
            ladder: false,
        }
    }

    /// Draws `rows` (from map row 1) on the current level, then takes the frame in (after a
    /// pickup when it has messages).
    fn frame(d: &mut Dungeon, rows: &[&str], messages: &[&str], turn: i64) {
        let id = d.current.expect("a level");
        let mut all = vec![""];
        all.extend_from_slice(rows);
        d.levels[id].update(&grid(&all, &[]), None, turn, true);
        d.recognise(0);
        let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
        let mut p = std::mem::take(&mut d.sokoban);
        p.observe(d, &messages, turn, !messages.is_empty());
        d.sokoban = p;
    }

    #[test]
    fn holes_filled_climbs_and_the_prize_are_counted_per_level() {
        let mut d = Dungeon::default();
        d.start(9, "Dlvl:9");
        d.set_branch(0, Branch::Doom);
        d.levels[0].facts.mark(Special::SokobanEntrance);
        frame(&mut d, &["  <  <  >"], &[], 10);
        assert_eq!(d.sokoban_summary(), None, "not entered");
        assert_eq!((d.sokoban.located, d.sokoban.arrived), (Some(10), Some(10)));
        // Level 1 (depth 8): two holes, then one, then none.
        d.arrive(8, "Dlvl:8", stairs(5, 1, true), Some(Pos::new(7, 2)));
        let boulders = " 0 0 0 0 0 0 0 0 0 ";
        frame(&mut d, &[boulders, " ^^ <  > "], &[], 11);
        assert_eq!(d.levels[d.current.unwrap()].branch, Branch::Sokoban);
        assert_eq!(d.sokoban.entered, Some(11));
        frame(&mut d, &[boulders, " .^ <  > "], &[], 50);
        assert!(!d.sokoban_solved(8));
        assert_eq!((d.sokoban.located, d.sokoban.arrived), (Some(10), Some(11)));
        frame(&mut d, &[boulders, " .. <  > "], &[], 90);
        assert!(d.sokoban_solved(8));
        // Level 2 (depth 7): climbed out of without the holes ever seen filled.
        d.arrive(7, "Dlvl:7", stairs(4, 2, true), Some(Pos::new(7, 2)));
        frame(&mut d, &[boulders, " ^^ <  > "], &[], 100);
        assert!(!d.sokoban_solved(7));
        d.arrive(6, "Dlvl:6", stairs(4, 2, true), Some(Pos::new(7, 2)));
        frame(&mut d, &[boulders, " ^^ <  > "], &[], 200);
        assert!(d.sokoban_solved(7), "climbed out of it");
        // Level 4 (depth 5), the top: no up stairs. A bag picked up there is the prize; a
        // dagger is not.
        d.arrive(5, "Dlvl:5", stairs(4, 2, true), Some(Pos::new(7, 2)));
        frame(&mut d, &[boulders, " .. .  > "], &["f - a dagger."], 300);
        assert_eq!(d.sokoban.prize_taken, None);
        frame(
            &mut d,
            &[boulders, " .. .  > "],
            &["You have a little trouble lifting g - a bag."],
            301,
        );
        assert_eq!(d.sokoban.prize_taken, Some(301));
        let summary = d.sokoban_summary().expect("entered");
        assert_eq!(summary.solved, vec![1, 2, 3, 4]);
        assert_eq!((summary.prize, summary.left), (Some(301), None));
        // As the results line carries it (and the bench's Sokoban table reads it).
        assert_eq!(
            serde_json::to_value(&summary).unwrap(),
            serde_json::json!({"entered": 11, "solved": [1, 2, 3, 4], "prize": 301, "left": null})
        );
        assert_eq!(d.sokoban.turned_back, None);
        // Back down: turned back at once, left on reaching the Dungeons.
        d.arrive(6, "Dlvl:6", stairs(7, 2, false), Some(Pos::new(4, 2)));
        frame(&mut d, &[boulders, " ^^ <  > "], &[], 320);
        assert_eq!((d.sokoban.turned_back, d.sokoban.left), (Some(320), None));
        d.arrive(7, "Dlvl:7", stairs(7, 2, false), Some(Pos::new(4, 2)));
        frame(&mut d, &[boulders], &[], 330);
        d.arrive(8, "Dlvl:8", stairs(7, 2, false), Some(Pos::new(4, 2)));
        frame(&mut d, &[boulders], &[], 340);
        d.arrive(9, "Dlvl:9", stairs(7, 2, false), Some(Pos::new(5, 1)));
        frame(&mut d, &["  <  <  >"], &[], 350);
        assert_eq!(d.current, Some(0), "back on the entrance level");
        assert_eq!(d.sokoban.left, Some(350));
        assert_eq!(d.sokoban_summary().and_then(|s| s.left), Some(350));
    }

    #[test]
    fn an_amulet_below_the_top_is_no_prize_and_the_overview_can_call_a_level_solved() {
        let mut d = Dungeon::default();
        d.start(8, "Dlvl:8");
        d.set_branch(0, Branch::Sokoban);
        frame(
            &mut d,
            &[" 0 0 0 ", " ^ < > "],
            &["t - a circular amulet."],
            5,
        );
        assert_eq!(d.sokoban.prize_taken, None, "a level with up stairs");
        assert!(!d.sokoban_solved(8));
        d.levels[0].facts.solved = Some(true);
        assert!(d.sokoban_solved(8));
        assert_eq!(d.sokoban_summary().map(|s| s.solved), Some(vec![1]));
    }

    #[test]
    fn prize_messages() {
        assert!(picked_up_prize("t - a circular amulet."));
        assert!(picked_up_prize("u - an uncursed bag of holding."));
        assert!(picked_up_prize(
            "You have a little trouble lifting u - a bag."
        ));
        assert!(!picked_up_prize("You see here a bag."));
        assert!(!picked_up_prize("f - 2 daggers."));
        assert!(!picked_up_prize("Elbereth - amulet"));
    }

    #[test]
    fn two_up_staircases_below_the_oracles_depths_make_the_sokoban_entrance() {
        let mut d = Dungeon::default();
        d.start(9, "Dlvl:9");
        d.set_branch(0, Branch::Doom);
        frame(&mut d, &["  <     >"], &[], 1);
        assert_eq!(d.special_level(Special::SokobanEntrance), None);
        assert_eq!(d.oracle_depth(), None);
        frame(&mut d, &["  <  <  >"], &[], 2);
        d.recognise_specials(&[]);
        assert_eq!(d.special_level(Special::SokobanEntrance), Some(0));
        assert!(d.levels[0].facts.is(Special::SokobanEntrance));
        assert_eq!(d.oracle_depth(), Some(8));
        assert_eq!(d.sokoban_bottom(), Some(8));
        // Too shallow for the Oracle's level above: two up stairs there say nothing.
        let mut shallow = Dungeon::default();
        shallow.start(4, "Dlvl:4");
        shallow.set_branch(0, Branch::Doom);
        frame(&mut shallow, &["  <  <  >"], &[], 1);
        assert_eq!(shallow.special_level(Special::SokobanEntrance), None);
    }
}
