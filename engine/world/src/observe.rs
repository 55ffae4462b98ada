//! The update step: one observation of the game in, the world model brought up to date.

use crate::dungeon::Arrival;
use crate::learn::fell;
use crate::level::{index, Level, LevelStats};
use crate::monsters::{track, Monster};
use crate::tiles::Feature;
use crate::{Action, Condition, World};
use nhbot_screen::{Cell, Pos, Status, COLS, MAP_ROWS};
use serde::{Deserialize, Serialize};

/// What the agent saw at one game decision.
#[derive(Clone, Copy, Debug)]
pub struct Observation<'a> {
    /// `MAP_ROWS * COLS` cells: terminal rows 1..=21.
    pub map: &'a [Cell],
    pub player: Option<Pos>,
    pub status: Option<&'a Status>,
    /// Messages shown since the previous observation, in order.
    pub messages: &'a [String],
    /// The cursor sits on the player (no menu or prompt has it elsewhere).
    pub cursor_on_map: bool,
}

/// A monster we killed: where its corpse may lie and since when.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Kill {
    pub turn: i64,
    pub name: String,
    pub pos: Option<Pos>,
    /// Index of the level in [`crate::Dungeon::levels`].
    pub level: Option<usize>,
}

/// The tty draws an engulfer as `/-\` `| |` `\-/` around the player.
fn engulfed_view(map: &[Cell], p: Pos) -> bool {
    let at = |dx: i16, dy: i16| {
        let q = Pos::new(p.x + dx, p.y + dy);
        index(q).and_then(|i| map.get(i)).map_or(' ', |c| c.ch)
    };
    (at(-1, -1), at(1, -1), at(-1, 1), at(1, 1)) == ('/', '\\', '\\', '/')
}

impl World {
    /// Brings the world up to date with one observation.
    pub fn observe(&mut self, obs: &Observation) {
        let (prev_turn, prev_player) = (self.turn, self.player);
        let (prev_depth, prev_label) = (self.status.dlvl, self.status.level_name.clone());
        if let Some(status) = obs.status {
            self.status = status.clone();
            self.turn = status.turn.unwrap_or(self.turn);
        }
        let player = obs.player.filter(|p| obs.cursor_on_map && p.in_map());
        if let Some(p) = player {
            self.player = p;
        }
        self.messages = obs.messages.to_vec();
        // With a menu, prompt or --More-- up, text may cover the map: leave the map alone.
        let map_ok = obs.map.len() == COLS * MAP_ROWS && obs.cursor_on_map;
        if map_ok {
            self.view.cells = obs.map.to_vec();
        }

        let changed_level = self.enter_level(
            prev_depth,
            &prev_label,
            prev_player,
            obs.status.is_some(),
            player,
        );
        if let Some(at) = player {
            self.dungeon.arrived_at(at);
        }
        let blind = self.status.conditions.contains(&Condition::Blind);
        let hallucinating = self.status.conditions.contains(&Condition::Hallu);
        let turn = self.turn;
        let elapsed = (turn - prev_turn).max(0);
        let searching = matches!(
            self.last_action,
            None | Some(Action::Search { .. }) | Some(Action::Rest { .. })
        );
        let Some(level) = self.dungeon.current_mut() else {
            return;
        };
        if !changed_level {
            level.stats.turns_spent += elapsed;
            if searching && elapsed > 0 && player.is_some() && player == Some(prev_player) {
                level.record_search(prev_player, elapsed.min(200) as u32);
            }
        }
        // Engulfed or hallucinating, the map shows the inside of a monster or nonsense.
        let engulfed = player.is_some_and(|p| engulfed_view(obs.map, p));
        let readable = map_ok && !hallucinating && !engulfed;
        if readable {
            level.update(obs.map, player, turn, !blind);
        }
        let previous = std::mem::take(&mut self.monsters);
        if !readable && !changed_level {
            self.monsters = previous.clone();
        } else if readable {
            let known: &[Monster] = if changed_level { &[] } else { &previous };
            self.monsters = track(known, obs.map, player, turn);
            if let Some(level) = self.dungeon.current() {
                // A statue looks like its monster.
                self.monsters
                    .retain(|m| level.feature(m.pos) != Feature::Statue);
            }
        }
        self.read_messages(&previous);
        if readable && !changed_level && player.is_some() {
            self.learn_from_bump(prev_player, elapsed, &previous);
        }
        self.mark_shop_doors();
        let gnomes = self.monsters.iter().filter(|m| m.ch == 'G').count();
        self.dungeon.recognise(gnomes);
    }

    /// Starts or switches levels when the status line says so. Returns whether the level changed.
    fn enter_level(
        &mut self,
        prev_depth: i32,
        prev_label: &str,
        prev_player: Pos,
        has_status: bool,
        at: Option<Pos>,
    ) -> bool {
        if !has_status {
            return false;
        }
        let (depth, label) = (self.status.dlvl, self.status.level_name.clone());
        if self.dungeon.current.is_none() {
            let id = self.dungeon.start(depth, &label);
            // A game starts on the up stairs of level 1, hidden under the `@`.
            if let (1, 0..=1, Some(at)) = (depth, self.turn, at) {
                if let Some(sq) = self.dungeon.levels[id].at_mut(at) {
                    sq.feature = Feature::StairsUp;
                }
            }
            return true;
        }
        if depth == prev_depth && label == prev_label {
            return false;
        }
        let how = if fell(&self.messages) {
            Arrival::Fell
        } else {
            let under = self
                .dungeon
                .current()
                .map_or(Feature::Unknown, |l| l.feature(prev_player));
            match under {
                Feature::StairsDown | Feature::LadderDown if depth == prev_depth + 1 => {
                    Arrival::Stairs {
                        from: prev_player,
                        up: false,
                        ladder: under == Feature::LadderDown,
                    }
                }
                Feature::StairsUp | Feature::LadderUp if depth == prev_depth - 1 => {
                    Arrival::Stairs {
                        from: prev_player,
                        up: true,
                        ladder: under == Feature::LadderUp,
                    }
                }
                _ => Arrival::Other,
            }
        };
        self.dungeon.arrive(depth, &label, how, at);
        true
    }

    /// Records the action the agent just sent, so the next observation can tell what it did.
    pub fn note_action(&mut self, action: &Action) {
        self.last_action = Some(action.clone());
    }

    /// What farlook taught about the monster at `pos`.
    pub fn set_monster_info(&mut self, pos: Pos, name: &str, peaceful: bool) {
        if let Some(m) = self.monsters.iter_mut().find(|m| m.pos == pos) {
            m.name = Some(name.to_string());
            m.peaceful = Some(peaceful);
        }
    }

    /// The current level, if one has been observed.
    pub fn level(&self) -> Option<&Level> {
        self.dungeon.current()
    }

    /// Statistics of every level visited (merged placeholders left out).
    pub fn level_stats(&self) -> Vec<LevelStats> {
        self.dungeon
            .levels
            .iter()
            .filter(|l| l.merged_into.is_none())
            .map(Level::stats)
            .collect()
    }

    /// The feature under the player, as remembered.
    pub fn feature_here(&self) -> Feature {
        self.level()
            .and_then(|l| index(self.player).map(|i| l.squares[i].feature))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Branch;
    use crate::tiles::tests::grid;

    fn status(dlvl: i32, turn: i64) -> Status {
        Status {
            dlvl,
            level_name: format!("Dlvl:{dlvl}"),
            turn: Some(turn),
            hp: 10,
            hp_max: 10,
            ..Default::default()
        }
    }

    fn see(world: &mut World, rows: &[&str], player: Pos, st: &Status, messages: &[&str]) {
        // Every `+` in these tests is a (brown) door.
        let colors: Vec<String> = rows
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| if c == '+' { '3' } else { ' ' })
                    .collect()
            })
            .collect();
        let colors: Vec<&str> = colors.iter().map(String::as_str).collect();
        let map = grid(rows, &colors);
        let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
        world.observe(&Observation {
            map: &map,
            player: Some(player),
            status: Some(st),
            messages: &messages,
            cursor_on_map: true,
        });
    }

    #[test]
    fn stairs_down_create_a_level_and_link_back() {
        let mut w = World::default();
        see(
            &mut w,
            &["|....|", "|.>..|", "------"],
            Pos::new(1, 1),
            &status(1, 1),
            &[],
        );
        see(
            &mut w,
            &["|....|", "|.@..|", "------"],
            Pos::new(2, 1),
            &status(1, 2),
            &[],
        );
        assert_eq!(w.feature_here(), Feature::StairsDown);
        see(&mut w, &["", "   ##"], Pos::new(2, 1), &status(2, 3), &[]);
        assert_eq!(w.dungeon.levels.len(), 2);
        assert_eq!(
            w.level().map(|l| (l.branch, l.depth)),
            Some((Branch::Doom, 2))
        );
        assert_eq!(w.feature_here(), Feature::StairsUp);
        assert_eq!(w.dungeon.route(1, 0), Some(vec![(1, Pos::new(2, 1))]));
    }

    #[test]
    fn stairs_arrival_behind_a_more_is_linked_on_the_next_screen() {
        let mut w = World::default();
        see(&mut w, &["|.>..|"], Pos::new(1, 0), &status(1, 1), &[]);
        see(&mut w, &["|.@..|"], Pos::new(2, 0), &status(1, 2), &[]);
        let blank = grid(&[""], &[]);
        w.observe(&Observation {
            map: &blank,
            player: None,
            status: Some(&status(2, 3)),
            messages: &[],
            cursor_on_map: false,
        });
        assert_eq!(w.dungeon.current, Some(1));
        see(&mut w, &["", " ### "], Pos::new(7, 3), &status(2, 3), &[]);
        assert_eq!(w.feature_here(), Feature::StairsUp);
        assert_eq!(w.dungeon.route(1, 0), Some(vec![(1, Pos::new(7, 3))]));
    }

    #[test]
    fn falling_through_a_trap_door_is_not_a_stairs_link() {
        let mut w = World::default();
        see(&mut w, &["|....|"], Pos::new(1, 0), &status(1, 1), &[]);
        see(
            &mut w,
            &["|....|"],
            Pos::new(3, 0),
            &status(2, 2),
            &["A trap door opens up under you!"],
        );
        assert_eq!(w.level().map(|l| l.depth), Some(2));
        assert!(w.dungeon.levels.iter().all(|l| l.links.is_empty()));
    }

    #[test]
    fn prayer_kills_locked_doors_and_searching() {
        let mut w = World::default();
        let room = ["|...|", "|...+", "-----"];
        see(
            &mut w,
            &room,
            Pos::new(3, 1),
            &status(1, 10),
            &["You begin praying to Odin."],
        );
        assert_eq!(w.last_prayer_turn, Some(10));
        w.note_action(&Action::Open { dir: crate::Dir::E });
        see(
            &mut w,
            &room,
            Pos::new(3, 1),
            &status(1, 11),
            &["This door is locked."],
        );
        assert_eq!(
            w.level()
                .and_then(|l| l.at(Pos::new(4, 1)))
                .map(|s| s.locked),
            Some(true)
        );
        see(
            &mut w,
            &["|.d.|", "|...+", "-----"],
            Pos::new(3, 1),
            &status(1, 12),
            &[],
        );
        w.note_action(&Action::Fight {
            dir: crate::Dir::NW,
        });
        see(
            &mut w,
            &room,
            Pos::new(3, 1),
            &status(1, 13),
            &["You kill the jackal!"],
        );
        assert_eq!(
            w.kills,
            vec![Kill {
                turn: 13,
                name: "jackal".into(),
                pos: Some(Pos::new(2, 0)),
                level: Some(0)
            }]
        );
        w.note_action(&Action::Search { count: 10 });
        see(&mut w, &room, Pos::new(3, 1), &status(1, 23), &[]);
        let searched = w
            .level()
            .and_then(|l| l.at(Pos::new(4, 2)))
            .map(|s| s.searched);
        assert_eq!(searched, Some(10));
        assert_eq!(w.level_stats()[0].turns_searching, 10);
        assert_eq!(w.level_stats()[0].turns_spent, 13);
    }

    #[test]
    fn shopkeeper_next_to_door_marks_it_and_monster_info_sticks() {
        let mut w = World::default();
        see(
            &mut w,
            &["|...|", "|..@+", "-----"],
            Pos::new(1, 1),
            &status(1, 1),
            &[],
        );
        assert_eq!(
            w.level()
                .and_then(|l| l.at(Pos::new(4, 1)))
                .map(|s| s.shop_door),
            Some(true)
        );
        w.set_monster_info(Pos::new(3, 1), "Asidonhopo, the shopkeeper", true);
        see(
            &mut w,
            &["|..@|", "|...+", "-----"],
            Pos::new(1, 1),
            &status(1, 2),
            &[],
        );
        assert_eq!(w.monsters[0].peaceful, Some(true));
        assert!(w.monsters[0].is_shopkeeper());
    }

    #[test]
    fn engulfing_does_not_overwrite_the_map() {
        let mut w = World::default();
        see(
            &mut w,
            &["|....|", "|....|", "------"],
            Pos::new(2, 1),
            &status(1, 1),
            &[],
        );
        see(
            &mut w,
            &["|/-\\.|", "||@|.|", "|\\-/.|"],
            Pos::new(2, 1),
            &status(1, 2),
            &["The fog cloud engulfs you!"],
        );
        let level = w.level().expect("level");
        assert_eq!(level.feature(Pos::new(1, 0)), Feature::Floor);
        assert_eq!(level.feature(Pos::new(3, 1)), Feature::Floor);
    }

    #[test]
    fn bumping_twice_into_an_unseen_obstacle_blocks_the_square() {
        let mut w = World::default();
        let room = ["|....|", "|....|", "------"];
        see(&mut w, &room, Pos::new(2, 1), &status(1, 1), &[]);
        for turn in [1, 1] {
            w.note_action(&Action::Move { dir: crate::Dir::E });
            see(&mut w, &room, Pos::new(2, 1), &status(1, turn), &[]);
        }
        assert_eq!(
            w.level()
                .and_then(|l| l.at(Pos::new(3, 1)))
                .map(|s| s.bumps),
            Some(2)
        );
        assert_eq!(w.path_to(&[Pos::new(3, 1)]), None);
        // A move that took time (held by a trap) or said something teaches nothing.
        w.note_action(&Action::Move { dir: crate::Dir::W });
        see(&mut w, &room, Pos::new(2, 1), &status(1, 2), &[]);
        see(
            &mut w,
            &room,
            Pos::new(2, 1),
            &status(1, 2),
            &["You are stuck to the web."],
        );
        assert_eq!(
            w.level()
                .and_then(|l| l.at(Pos::new(1, 1)))
                .map(|s| s.bumps),
            Some(0)
        );
    }

    #[test]
    fn diagonal_refusal_reveals_a_door() {
        let mut w = World::default();
        see(
            &mut w,
            &["|....|", "|....|", "--.---"],
            Pos::new(2, 2),
            &status(1, 1),
            &[],
        );
        w.note_action(&Action::Move {
            dir: crate::Dir::NE,
        });
        see(
            &mut w,
            &["|....|", "|....|", "--.---"],
            Pos::new(2, 2),
            &status(1, 1),
            &["You can't move diagonally out of an intact doorway."],
        );
        assert_eq!(w.feature_here(), Feature::OpenDoor);
    }

    #[test]
    fn statues_and_hidden_stairs_are_learnt_from_messages() {
        let mut w = World::default();
        let room = ["|....|", "|..x.|", "------"];
        see(&mut w, &room, Pos::new(2, 1), &status(1, 1), &[]);
        assert_eq!(w.monsters.len(), 1);
        w.note_action(&Action::Fight { dir: crate::Dir::E });
        see(
            &mut w,
            &room,
            Pos::new(2, 1),
            &status(1, 2),
            &["You harmlessly attack a statue."],
        );
        assert!(w.monsters.is_empty(), "{:?}", w.monsters);
        see(&mut w, &room, Pos::new(2, 1), &status(1, 3), &[]);
        assert!(w.monsters.is_empty(), "the statue stays a statue");
        assert_eq!(w.path_to(&[Pos::new(3, 1)]), None);
        let items = ["|....|", "|.[x.|", "------"];
        w.note_action(&Action::Move { dir: crate::Dir::N });
        see(&mut w, &items, Pos::new(2, 0), &status(1, 4), &[]);
        w.note_action(&Action::Move { dir: crate::Dir::S });
        see(
            &mut w,
            &["|....|", "|.@x.|", "------"],
            Pos::new(2, 1),
            &status(1, 5),
            &[
                "There is a staircase down here.",
                "You see here a ring mail.",
            ],
        );
        assert_eq!(w.feature_here(), Feature::StairsDown);
    }

    #[test]
    fn menus_over_the_map_are_not_read_as_terrain() {
        let mut w = World::default();
        let room = ["|....|", "|.d..|", "------"];
        see(&mut w, &room, Pos::new(1, 1), &status(1, 1), &[]);
        let menu = grid(&["|... Weapons", "|.d. a - a +1 long sword", "----"], &[]);
        w.observe(&Observation {
            map: &menu,
            player: Some(Pos::new(1, 1)),
            status: Some(&status(1, 1)),
            messages: &[],
            cursor_on_map: false,
        });
        let level = w.level().expect("level");
        assert_eq!(level.feature(Pos::new(4, 1)), Feature::Floor);
        assert_eq!(level.feature(Pos::new(9, 1)), Feature::Unknown);
        assert_eq!(
            w.monsters.len(),
            1,
            "the jackal is still remembered: {:?}",
            w.monsters
        );
        assert_eq!(
            w.view.get(Pos::new(5, 0)).map(|c| c.ch),
            Some('|'),
            "view keeps the map"
        );
    }

    #[test]
    fn stats_serialize() {
        let mut w = World::default();
        see(
            &mut w,
            &["|....|", "|....|", "--.---"],
            Pos::new(1, 1),
            &status(1, 1),
            &[],
        );
        let json = serde_json::to_string(&w.level_stats()).unwrap_or_default();
        assert!(json.contains("\"squares_seen\":"), "{json}");
        assert!(json.contains("\"doors_found\":1"), "{json}");
    }
}
