//! The update step: one event of the game in (a screen frame, the action sent, an inventory
//! listing, a farlook answer), the world model brought up to date. [`World::observe`] is the
//! only way the world changes.

use crate::dungeon::Arrival;
use crate::farlook::Farlook;
use crate::hallucination::track_hallucinated;
use crate::history::DecisionTaken;
use crate::inventory::parse_inventory_menu;
use crate::learn::fell;
use crate::level::{index, Level, LevelStats};
use crate::monsters::{track_all, Monster};
use crate::tiles::Feature;
use crate::{Action, Condition, Decision, World};
use nhbot_screen::{Cell, MenuItem, Pos, Status, COLS, MAP_ROWS};

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

/// Everything that updates the world: what [`World::observe`], the one entry point, takes in.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// A screen frame, with the messages shown since the previous one.
    Frame(Observation<'a>),
    /// An action sent to the game, so the next frame can tell what it did (which door was
    /// locked, which square a kill left its corpse on, which moves bumped into something).
    Action(&'a Action),
    /// The decision about to be carried out: its action is noted as by [`Event::Action`], and
    /// the decision counted in [`World::decisions`].
    Decision(&'a Decision),
    /// The `i` menu as the game listed it: the pack.
    Inventory(&'a [MenuItem]),
    /// What farlook (`;`) said about the monster at `at`.
    Farlook { at: Pos, answer: &'a Farlook },
    /// The game's dungeon overview (`^O`): its lines, trimmed, in order (see
    /// [`crate::dungeon::overview`]).
    Overview(&'a [String]),
}

impl<'a> From<Observation<'a>> for Event<'a> {
    fn from(obs: Observation<'a>) -> Event<'a> {
        Event::Frame(obs)
    }
}

impl<'a> From<&'a Action> for Event<'a> {
    fn from(action: &'a Action) -> Event<'a> {
        Event::Action(action)
    }
}

impl<'a> From<&Observation<'a>> for Event<'a> {
    fn from(obs: &Observation<'a>) -> Event<'a> {
        Event::Frame(*obs)
    }
}

/// The tty draws an engulfer as `/-\` `| |` `\-/` around the player.
fn engulfed_view(map: &[Cell], p: Pos) -> bool {
    let at = |dx: i16, dy: i16| {
        let q = Pos::new(p.x + dx, p.y + dy);
        index(q).and_then(|i| map.get(i)).map_or(' ', |c| c.ch)
    };
    (at(-1, -1), at(1, -1), at(-1, 1), at(1, 1)) == ('/', '\\', '\\', '/')
}

/// The cursor should sit on the hero's `@`; if it is one off (seen in live games), the single
/// `@` next to it is the hero. Polymorphed heroes are not `@`, so the cursor is trusted then.
fn hero_near_cursor(map: &[Cell], cursor: Pos, polymorphed: bool) -> Pos {
    let ch = |p: Pos| index(p).and_then(|i| map.get(i)).map(|c| c.ch);
    if polymorphed || ch(cursor) == Some('@') || map.len() != COLS * MAP_ROWS {
        return cursor;
    }
    let mut heroes = crate::level::neighbours(cursor).filter(|&q| ch(q) == Some('@'));
    match (heroes.next(), heroes.next()) {
        (Some(hero), None) => hero,
        _ => cursor,
    }
}

impl World {
    /// Brings the world up to date with one event: the only way the world changes. A frame can
    /// be passed as `&Observation` directly.
    pub fn observe<'a>(&mut self, event: impl Into<Event<'a>>) {
        match event.into() {
            Event::Frame(obs) => self.see(&obs),
            Event::Action(action) => self.last_action = Some(action.clone()),
            Event::Decision(decision) => {
                self.last_action = Some(decision.action.clone());
                self.decisions += 1;
                let hp = self.status.hp;
                self.own_run = match self.own_run.take() {
                    Some((path, most)) if path == decision.path => Some((path, most.max(hp))),
                    _ => Some((decision.path.clone(), hp)),
                };
                self.last_decision = Some(DecisionTaken::new(
                    self.decisions,
                    decision,
                    self.status.hp,
                    self.turn,
                ));
            }
            Event::Inventory(items) => {
                self.inventory = parse_inventory_menu(items);
                self.apply_altar_tests();
                self.recheck_squeeze();
            }
            Event::Farlook { at, answer } => self.learn_monster(at, answer),
            Event::Overview(lines) => self.read_overview(lines),
        }
    }

    /// Brings the world up to date with one screen frame.
    fn see(&mut self, obs: &Observation) {
        let (prev_turn, prev_player) = (self.turn, self.player);
        let (prev_depth, prev_label) = (self.status.dlvl, self.status.level_name.clone());
        if let Some(status) = obs.status {
            self.status = status.clone();
            if !status.polymorphed {
                self.experience_level = status.xl;
            }
            self.turn = status.turn.unwrap_or(self.turn);
            self.note_hp();
        }
        let player = obs
            .player
            .filter(|p| obs.cursor_on_map && p.in_map())
            .map(|p| hero_near_cursor(obs.map, p, self.status.polymorphed));
        if let Some(p) = player {
            self.player = p;
        }
        self.messages = obs.messages.to_vec();
        self.remember_messages(obs.messages);
        // With a menu, prompt or --More-- up, text may cover the map: leave the map alone.
        let map_ok = obs.map.len() == COLS * MAP_ROWS && obs.cursor_on_map;
        let before = map_ok.then(|| std::mem::replace(&mut self.view.cells, obs.map.to_vec()));

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
        let glyphs = &mut self.glyphs;
        if !changed_level {
            level.stats.turns_spent += elapsed;
            if searching && elapsed > 0 && player.is_some() && player == Some(prev_player) {
                level.record_search(prev_player, elapsed.min(200) as u32);
            }
        }
        // Engulfed, the map shows the inside of a monster; hallucinating, random monsters
        // and objects on the true terrain (see `hallucination`).
        let engulfed = player.is_some_and(|p| engulfed_view(obs.map, p));
        if map_ok && player.is_some() {
            // A prompt over the map tells nothing either way.
            self.engulfed = engulfed;
        }
        let readable = map_ok && !hallucinating && !engulfed;
        let hallucinated_view = map_ok && hallucinating && !engulfed;
        let mut drawn_blank = Vec::new();
        if readable {
            level.update_classified(obs.map, glyphs.classify_all(obs.map), player, turn, !blind);
        } else if hallucinated_view {
            level.update_hallucinating(obs.map, player, turn, !blind);
            if !blind {
                drawn_blank = level.blanks_next_to(obs.map, player);
            }
        }
        let previous = std::mem::take(&mut self.monsters);
        if changed_level {
            // Memories of monsters are of the level we left.
            self.remembered.clear();
            self.zaps.clear();
        }
        if hallucinated_view {
            let known: &[Monster] = if changed_level { &[] } else { &previous };
            let tracked = track_hallucinated(known, obs.map, player, turn, &drawn_blank);
            self.monsters = tracked.now;
            self.update_memory(&tracked.matched, tracked.gone, None);
        } else if !readable && !changed_level {
            self.monsters = previous.clone();
        } else if readable {
            // What was seen hallucinating is nothing to follow: its glyph was random.
            let sober: Vec<Monster> = previous
                .iter()
                .filter(|m| !m.hallucinated && !changed_level)
                .cloned()
                .collect();
            let tracked = track_all(&sober, obs.map, player, turn);
            // A statue looks like its monster.
            let (monsters, matched): (Vec<Monster>, Vec<bool>) = tracked
                .now
                .into_iter()
                .zip(tracked.matched)
                .filter(|(m, _)| !self.dungeon.current().is_some_and(|l| l.statue_at(m)))
                .unzip();
            self.monsters = monsters;
            // A frame read after a level change has nothing of the old level to compare with.
            let before = before.as_deref().filter(|_| !changed_level);
            self.update_memory(&matched, tracked.gone, before);
        }
        if readable {
            self.recognise_pet(&previous, changed_level);
        }
        self.read_messages(&previous);
        self.note_blows();
        crate::zaps::note(&mut self.zaps, &self.messages, turn, self.player);
        self.learn_map(prev_player);
        self.learn_temples(prev_player);
        if readable && !changed_level && player.is_some() {
            self.learn_from_bump(prev_player, elapsed, &previous);
            self.learn_squeeze_corners(prev_player);
            self.learn_from_travel(prev_player);
        }
        self.mark_shop_doors();
        let gnomes = self
            .monsters
            .iter()
            .filter(|m| m.ch == 'G' && m.first_seen == turn && !m.hallucinated)
            .count();
        self.dungeon.recognise(gnomes);
        self.dungeon.recognise_specials(&self.messages);
        self.recognise_mines_end();
        self.note_mines_end_explored();
        self.note_sokoban();
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
        let came_up = matches!(how, Arrival::Stairs { up: true, .. });
        self.dungeon.came_up_on_turn = came_up.then_some(self.turn);
        // The monsters are still those of the level left.
        self.dungeon.came_up_fleeing = came_up
            && self.monsters.iter().any(|m| {
                !m.tame
                    && m.peaceful != Some(true)
                    && (m.pos.x - prev_player.x)
                        .abs()
                        .max((m.pos.y - prev_player.y).abs())
                        <= crate::dungeon::FLIGHT_RADIUS
            });
        self.dungeon.arrive(depth, &label, how, at);
        true
    }

    /// What farlook taught about the monster at `pos`.
    pub(crate) fn learn_monster(&mut self, pos: Pos, answer: &Farlook) {
        // Hallucinating, farlook names a random monster and never says tame nor peaceful.
        if self.hallucinating() {
            return;
        }
        if answer.statue {
            // No monster there: a statue drawn as one. Remember it, so it is not listed (nor
            // asked about) again.
            let glyph = self
                .monsters
                .iter()
                .find(|m| m.pos == pos)
                .map(|m| (m.ch, m.color));
            let glyph = glyph.or_else(|| {
                self.view
                    .get(pos)
                    .map(|c| (c.ch, crate::tiles::color_of(c)))
            });
            if let Some(sq) = self.dungeon.current_mut().and_then(|l| l.at_mut(pos)) {
                sq.statue = glyph;
            }
            self.monsters.retain(|m| m.pos != pos);
            return;
        }
        if let Some(m) = self.monsters.iter_mut().find(|m| m.pos == pos) {
            m.tame = answer.tame;
            m.name = Some(answer.name.clone());
            m.peaceful = Some(answer.peaceful || m.tame);
        }
    }

    /// The starting pet is the kitten, little dog or pony next to us on turn 1; a pet that was
    /// next to us when we changed level arrives next to us.
    fn recognise_pet(&mut self, previous: &[Monster], changed_level: bool) {
        let me = self.player;
        let adjacent = |m: &Monster| (m.pos.x - me.x).abs() <= 1 && (m.pos.y - me.y).abs() <= 1;
        let candidates: Vec<(char, u8)> = if self.turn <= 1 && !self.monsters.iter().any(|m| m.tame)
        {
            vec![
                ('f', crate::tiles::clr::WHITE),
                ('d', crate::tiles::clr::WHITE),
                ('u', crate::tiles::clr::BROWN),
            ]
        } else if changed_level {
            previous
                .iter()
                .filter(|m| m.tame)
                .map(|m| (m.ch, m.color))
                .collect()
        } else {
            return;
        };
        if let Some(pet) = self
            .monsters
            .iter_mut()
            .find(|m| adjacent(m) && candidates.contains(&(m.ch, m.color)))
        {
            pet.tame = true;
            pet.peaceful = Some(true);
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
#[path = "observe_tests.rs"]
mod tests;
