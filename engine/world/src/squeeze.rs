//! Diagonal squeezes refused for our load: the game refuses a diagonal step between two rock,
//! wall or boulder squares while the pack weighs more than 600 (hack.c `test_move` ->
//! `cant_squeeze_thru`: "You are carrying too much to get through."). Until the pack gets
//! lighter every path keeps off such squeezes ([`World::path_opts`] sets `no_squeeze`). Seed
//! 350 of b37-final2 (602 carried) took the refused step for a bumped square, counted the
//! region beyond cut off and searched walls for 10,800 turns; 10 games of 400 lost 67,000
//! turns so. A refusal also proves both corners of the step rock, one drawn as an object
//! included (`World::learn_squeeze_corners`).

use crate::inventory::Item;
use crate::tiles::Feature;
use crate::{Action, World};
use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// The game's refusal, word for word.
pub const TOO_MUCH_TO_SQUEEZE: &str = "You are carrying too much to get through.";

/// When the game refused a squeeze for our load, and the pack then.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SqueezeRefused {
    pub turn: i64,
    /// Each stack then: its letter and count (a letter names one stack until it is used up).
    pub pack: Vec<(char, u32)>,
}

fn stacks(inventory: &[Item]) -> Vec<(char, u32)> {
    inventory.iter().map(|i| (i.letter, i.count)).collect()
}

impl SqueezeRefused {
    /// Whether `inventory` holds everything the pack held at the refusal (the same stacks, none
    /// smaller): nothing dropped, thrown, eaten or used up since, so the pack weighs at least as
    /// much. Whatever is missing may have been the weight that tipped it: the squeeze is worth
    /// another try. A refusal with no pack known (never read) holds until the pack is read.
    pub fn still_holds(&self, inventory: &[Item]) -> bool {
        !self.pack.is_empty()
            && self.pack.iter().all(|&(letter, count)| {
                inventory
                    .iter()
                    .any(|i| i.letter == letter && i.count >= count)
            })
    }
}

impl World {
    /// Learns from a frame's messages that a squeeze was refused for our load.
    pub(crate) fn learn_squeeze(&mut self, message: &str) {
        if message.contains(TOO_MUCH_TO_SQUEEZE) {
            self.squeeze_refused = Some(SqueezeRefused {
                turn: self.turn,
                pack: stacks(&self.inventory),
            });
        }
    }

    /// Learns from a refused squeeze what the map may not show: the game refuses only a
    /// diagonal step between two rock or wall squares (`bad_rock`), so both corners of the
    /// refused step are solid. A corner we took for floor is an object embedded in the rock
    /// (a gem or rock drawn as `*` beside a corridor: mklev.c `mineralize`); counted walkable,
    /// no `no_squeeze` path kept off the squeeze (seed 58 of b41-combo stepped south-west into
    /// it 277 times from T14893 and ended stuck). Called once a frame, after its messages.
    pub(crate) fn learn_squeeze_corners(&mut self, prev_player: Pos) {
        let refused = self
            .messages
            .iter()
            .any(|m| m.contains(TOO_MUCH_TO_SQUEEZE));
        let Some(Action::Move { dir }) = self.last_action else {
            return;
        };
        let me = self.player;
        let to = dir.step(me);
        if !refused || me != prev_player || to.x == me.x || to.y == me.y {
            return;
        }
        let Some(level) = self.dungeon.current_mut() else {
            return;
        };
        for corner in [Pos::new(to.x, me.y), Pos::new(me.x, to.y)] {
            if let Some(sq) = level.at_mut(corner) {
                // Rock and walls block the squeeze already; what else is no floor (a tree, a
                // boulder, water) is known for what it is and left so.
                if sq.feature.walkable() || sq.feature == Feature::Unknown {
                    sq.feature = Feature::Rock;
                    sq.embedded = sq.object.is_some();
                }
            }
        }
    }

    /// Forgets the refusal once the pack is lighter than it was then (see
    /// [`SqueezeRefused::still_holds`]); called when the inventory is read again.
    pub(crate) fn recheck_squeeze(&mut self) {
        if self
            .squeeze_refused
            .as_ref()
            .is_some_and(|r| !r.still_holds(&self.inventory))
        {
            self.squeeze_refused = None;
        }
    }

    /// Whether diagonal squeezes are refused for our load now (see [`SqueezeRefused`]).
    pub fn squeeze_refused_for_load(&self) -> bool {
        self.squeeze_refused.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_inventory_line, Observation, Status};

    fn pack(lines: &[&str]) -> Vec<Item> {
        lines
            .iter()
            .filter_map(|l| parse_inventory_line(l))
            .collect()
    }

    fn frame(w: &mut World, rows: &[&str], turn: i64, at: Pos, messages: &[String]) {
        let status = Status {
            dlvl: 4,
            level_name: "Dlvl:4".into(),
            turn: Some(turn),
            ..Default::default()
        };
        let map = crate::testing::grid(rows, &[]);
        w.observe(Observation {
            map: &map,
            player: Some(at),
            status: Some(&status),
            messages,
            cursor_on_map: true,
        });
    }

    /// Seed 58's squeeze at T14893 of b41-combo (Dlvl 7), drawn small: a corridor's dead end
    /// at (3, 1), blank rock west, gems (`*`) south and south-west. The south-west one lies
    /// on the floor beyond the corridor's end; the south one is embedded in the rock. Refused
    /// south-west, both corners are rock: no path squeezes through, however the gem is drawn.
    #[test]
    fn a_refused_squeeze_proves_a_corner_drawn_as_an_object_rock() {
        let rows = ["    #", "   @ ", "  ** "];
        let me = Pos::new(3, 1);
        let (beyond, embedded) = (Pos::new(2, 2), Pos::new(3, 2));
        let mut w = World::default();
        frame(&mut w, &rows, 14893, me, &[]);
        w.inventory = pack(&[
            "a - a +1 long sword (weapon in hand)",
            "g - a +0 splint mail (being worn)",
        ]);
        let feature = |w: &World, p: Pos| w.level().map(|l| l.feature(p));
        assert_eq!(feature(&w, Pos::new(2, 1)), Some(Feature::Rock));
        assert_eq!(
            feature(&w, embedded),
            Some(Feature::Floor),
            "a `*` reads as floor"
        );
        let path = w.path_to(&[beyond]).expect("the diagonal step");
        assert_eq!(path.steps, vec![beyond]);
        w.observe(&crate::Action::Move {
            dir: crate::Dir::SW,
        });
        frame(&mut w, &rows, 14893, me, &[TOO_MUCH_TO_SQUEEZE.to_string()]);
        assert!(w.path_opts().no_squeeze);
        // The next frames draw the gem again: the square stays rock.
        frame(&mut w, &rows, 14893, me, &[]);
        assert_eq!(feature(&w, embedded), Some(Feature::Rock));
        assert_eq!(
            w.path_to(&[beyond]),
            None,
            "only the refused squeeze leads there"
        );
        assert_eq!(w.path_to(&[embedded]), None);
    }

    #[test]
    fn a_refusal_with_no_pack_known_ends_at_the_first_listing() {
        let blind = SqueezeRefused {
            turn: 5,
            pack: Vec::new(),
        };
        assert!(!blind.still_holds(&pack(&["a - a +1 long sword (weapon in hand)"])));
    }

    /// Seed 350's squeeze at T10085 (Dlvl 4: south-east between two wall corners), drawn
    /// small: from (3, 1) to (4, 2) between the walls at (4, 1) and (3, 2), the only way into
    /// the east room. Refused, no path goes that way and the square is not marked bumped; the
    /// pack lighter, the squeeze is planned again.
    #[test]
    fn a_squeeze_refused_for_the_load_keeps_paths_off_squeezes_until_the_pack_is_lighter() {
        let rows = [
            "-----",
            "|..@|---",
            "----.....|",
            "    |....|",
            "    ------",
        ];
        let me = Pos::new(3, 1);
        let mut w = World::default();
        frame(&mut w, &rows, 10084, me, &[]);
        w.inventory = pack(&[
            "a - a +1 long sword (weapon in hand)",
            "o - 2 daggers",
            "g - a +0 splint mail (being worn)",
            "l - 2 food rations",
            "n - 2 slime molds",
        ]);
        let beyond = Pos::new(8, 3);
        let path = w.path_to(&[beyond]).expect("a path by the squeeze");
        assert_eq!(path.steps[0], Pos::new(4, 2), "{path:?}");
        assert!(!w.path_opts().no_squeeze);
        let step = crate::Action::Move {
            dir: crate::Dir::SE,
        };
        for turn in [10085, 10085, 10085, 10085, 10085, 10085] {
            w.observe(&step);
            frame(&mut w, &rows, turn, me, &[TOO_MUCH_TO_SQUEEZE.to_string()]);
        }
        assert!(w.squeeze_refused_for_load());
        assert!(w.path_opts().no_squeeze);
        assert!(
            w.path_to(&[beyond]).is_none(),
            "the squeeze is the only way"
        );
        let target = w
            .level()
            .and_then(|l| l.at(Pos::new(4, 2)))
            .map(|s| s.bumps);
        assert_eq!(target, Some(0), "the square beyond is no obstacle");
        // Picking something up leaves it refused; eating a slime mold lightens the pack.
        let heavier = pack(&[
            "a - a +1 long sword (weapon in hand)",
            "o - 3 daggers",
            "g - a +0 splint mail (being worn)",
            "l - 2 food rations",
            "n - 2 slime molds",
            "p - a rock",
        ]);
        let menu = |items: &[Item]| -> Vec<nhbot_screen::MenuItem> {
            items
                .iter()
                .map(|i| nhbot_screen::MenuItem {
                    letter: Some(i.letter),
                    text: format!("{} - {}", i.letter, i.text),
                    ..Default::default()
                })
                .collect()
        };
        w.observe(crate::Event::Inventory(&menu(&heavier)));
        assert!(w.squeeze_refused_for_load(), "heavier still");
        let lighter = pack(&[
            "a - a +1 long sword (weapon in hand)",
            "o - 3 daggers",
            "g - a +0 splint mail (being worn)",
            "l - 2 food rations",
            "n - a slime mold",
        ]);
        w.observe(crate::Event::Inventory(&menu(&lighter)));
        assert!(!w.squeeze_refused_for_load());
        assert!(!w.path_opts().no_squeeze);
    }
}
