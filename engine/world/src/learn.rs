//! What messages and failed moves teach: prayers, kills, locked and shop doors, doors the map
//! hid, squares that turned out impassable.

use crate::kills::{Kill, Vanished};
use crate::level::neighbours;
use crate::monsters::Monster;
use crate::tiles::Feature;
use crate::{Action, World};
use nhbot_screen::Pos;

pub(crate) fn fell(messages: &[String]) -> bool {
    messages.iter().any(|m| {
        m.contains("trap door") || m.contains("hole under you") || m.contains("fall through")
    })
}

/// "You kill the newt!" → "newt"; also "You destroy the ..." for the undead.
fn killed_name(message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("You kill ")
        .or_else(|| message.strip_prefix("You destroy "))?;
    let rest = rest.trim_end_matches(['!', '.']);
    let rest = rest.strip_prefix("the ").unwrap_or(rest);
    let rest = rest.strip_prefix("poor ").unwrap_or(rest);
    Some(rest.to_string())
}

/// Whose kill a kill message tells.
#[derive(Clone, Copy)]
enum KilledBy {
    /// "You kill the newt!"; from afar (a missile, a zap), its square is a guess.
    Us { from_afar: bool },
    /// "The jackal is killed!": seen made by another (our pet, a trap...).
    Another,
}

/// "The jackal is killed!", "The kobold zombie is destroyed!": a monster we saw die by
/// something else's hand (mhitm.c `monkilled`, shown only when the square is in view).
fn seen_killed_name(message: &str) -> Option<String> {
    message.split("  ").find_map(|sentence| {
        let body = sentence.trim().trim_end_matches(['!', '.']);
        let rest = body.strip_prefix("The ")?;
        let name = rest
            .strip_suffix(" is killed")
            .or_else(|| rest.strip_suffix(" is destroyed"))?;
        (!name.is_empty()).then(|| name.to_string())
    })
}

impl World {
    /// Where the monster seen killed lay: the one monster of the last frame (not our pet) gone
    /// from its square, which now shows a `%`. Anything less certain gives no square: a kill
    /// dated to the wrong corpse would have us eat an old one.
    fn seen_killed_at(&self, previous: &[Monster]) -> Option<Pos> {
        let mut gone = previous
            .iter()
            .filter(|m| !m.tame && !self.monsters.iter().any(|now| now.pos == m.pos));
        let only = gone.next()?;
        if gone.next().is_some() {
            return None;
        }
        let level = self.dungeon.current()?;
        level
            .at(only.pos)
            .and_then(|sq| sq.object)
            .is_some_and(|c| c.ch == '%')
            .then_some(only.pos)
    }

    /// A kill made or seen now: with no certain square, and one made from afar or seen, the
    /// monsters that vanished onto a `%` are kept for the reader to tell which one died.
    fn record_kill(
        &mut self,
        name: String,
        pos: Option<Pos>,
        by: KilledBy,
        previous: &[Monster],
        level: Option<usize>,
        hallucinating: bool,
    ) {
        let (guess_square, by_us) = match by {
            KilledBy::Us { from_afar } => (from_afar, true),
            KilledBy::Another => (true, false),
        };
        let vanished = if guess_square && pos.is_none() {
            self.vanished_on_corpses(previous)
        } else {
            Vec::new()
        };
        self.kills.push(Kill {
            turn: self.turn,
            name,
            pos,
            level,
            in_pile: false,
            by_us,
            // Hallucinating, the message names a random monster: its corpse is not known for
            // what it is.
            no_corpse: hallucinating,
            vanished,
        });
    }

    /// The monsters of the last frame (not our pet) gone from their squares, which now show a
    /// `%`: where a monster seen killed may lie (see [`Kill::vanished`]).
    fn vanished_on_corpses(&self, previous: &[Monster]) -> Vec<Vanished> {
        let Some(level) = self.dungeon.current() else {
            return Vec::new();
        };
        previous
            .iter()
            .filter(|m| !m.tame && !self.monsters.iter().any(|now| now.pos == m.pos))
            .filter(|m| {
                level
                    .at(m.pos)
                    .and_then(|sq| sq.object)
                    .is_some_and(|c| c.ch == '%')
            })
            .map(|m| Vanished {
                pos: m.pos,
                ch: m.ch,
                color: m.color,
            })
            .collect()
    }

    pub(crate) fn read_messages(&mut self, previous: &[Monster]) {
        let level_id = self.dungeon.current;
        let hallucinating = self.hallucinating();
        let messages = std::mem::take(&mut self.messages);
        self.learn_hands(&messages);
        for message in &messages {
            if message.contains("You begin praying") {
                self.last_prayer_turn = Some(self.turn);
            }
            if let Some(prayed) = self.last_prayer_turn {
                // The answer comes when the prayer ends, three turns after it began.
                if crate::prayer::refusal(message)
                    && self.turn - prayed <= 10
                    && self.refused_prayers.last() != Some(&prayed)
                {
                    self.refused_prayers.push(prayed);
                }
            }
            if message.contains("You feel guilty about losing your pet like this.") {
                self.refused_prayers.push(self.turn);
            }
            if message.contains("You feel like a hypocrite.") {
                self.hypocrisies.push(self.turn);
            }
            self.learn_intrinsics(message);
            self.learn_shed_gear(message);
            self.learn_theft(message);
            self.learn_squeeze(message);
            // The answer to a farlook a leaf asked for (`act.farlook`): the monster is named.
            if let Some(Action::Farlook { at }) = self.last_action {
                if let Some(answer) = crate::parse_farlook(message) {
                    self.learn_monster(at, &answer);
                }
            }
            // "Wait!  That's a small mimic!": what we walked into posed as something else.
            if message.contains("Wait!") && message.contains("mimic") {
                if let Some(p) = self.target_square() {
                    for m in self.monsters.iter_mut().filter(|m| m.pos == p) {
                        m.mimic = true;
                    }
                }
            }
            if let Some(name) = killed_name(message) {
                // A kill from afar (a thrown dagger, a fired arrow, a wand) lies where the one
                // monster that vanished stood, when a `%` shows there.
                let from_afar = matches!(
                    self.last_action,
                    Some(Action::Throw { .. } | Action::Fire { .. } | Action::Zap { .. })
                );
                let pos = if from_afar {
                    self.seen_killed_at(previous)
                } else {
                    self.target_square()
                        .or_else(|| self.vanished_neighbour(previous))
                };
                if let Some(p) = pos {
                    self.forget_at(p);
                }
                // Our blow's square is certain; from afar, the vanished ones may tell it.
                let by = KilledBy::Us { from_afar };
                self.record_kill(name, pos, by, previous, level_id, hallucinating);
                self.learn_thief_death(message);
            }
            if let Some(name) = seen_killed_name(message) {
                let pos = self.seen_killed_at(previous);
                let by = KilledBy::Another;
                self.record_kill(name, pos, by, previous, level_id, hallucinating);
                self.learn_thief_death(message);
            }
            // A look, or the step here, listing several objects (the `:` look's wording, or
            // the step's when they do not fit a line).
            if message.contains("Things that are here")
                || message.contains("Things that you feel here")
                || message.contains("several objects here")
                || message.contains("many objects here")
            {
                let here = Some(self.player);
                for k in self.kills.iter_mut() {
                    if k.may_lie_at(here) && k.level == level_id {
                        k.in_pile = true;
                    }
                }
            }
            // "You finish eating the gecko corpse.": the kill's corpse here is gone (a pile's
            // listing from before still names it; eating from it again would only open the
            // pack's food menu).
            if let Some(eaten) = message
                .strip_prefix("You finish eating ")
                .and_then(|rest| rest.strip_suffix(" corpse."))
            {
                let eaten = eaten.strip_prefix("the ").unwrap_or(eaten);
                let here = Some(self.player);
                for k in self.kills.iter_mut() {
                    if k.may_lie_at(here) && k.level == level_id && eaten.ends_with(k.name.as_str())
                    {
                        k.no_corpse = true;
                    }
                }
            }
            // An eat from the floor met no floor food ("You don't have anything to eat.", the
            // pack holding none either): no corpse of ours lies here any more, whatever a pile's
            // listing from before says (a rotten corpse is eaten in one turn without "You finish
            // eating"; seeds 52 and 69 asked to eat it again 500 and 700 times).
            if message.contains("You don't have anything to eat")
                && matches!(self.last_action, Some(Action::Eat { item: None }))
            {
                let here = Some(self.player);
                for k in self.kills.iter_mut() {
                    if k.may_lie_at(here) && k.level == level_id {
                        k.no_corpse = true;
                    }
                }
            }
            // One object lying here ("You see here a homunculus corpse."): a kill of ours here
            // whose corpse it is not left none (the iguana killed on a homunculus's corpse).
            if let Some(text) = message
                .strip_prefix("You see here ")
                .or_else(|| message.strip_prefix("You feel here "))
            {
                let here = Some(self.player);
                for k in self.kills.iter_mut() {
                    if k.may_lie_at(here)
                        && k.level == level_id
                        && !(text.contains(" corpse") && text.contains(k.name.as_str()))
                    {
                        k.no_corpse = true;
                    }
                }
            }
            // No stairs under us after all: we arrived beside them (a monster stood on them),
            // so a link that starts here is false; routes look for the stairs again (seed 91
            // sent '>' from such a square until the stuck watch ended the game).
            if message.contains("You can't go down here")
                || message.contains("You can't go up here")
            {
                let here = self.player;
                let up = message.contains("You can't go up here");
                if let Some(level) = self.dungeon.current_mut() {
                    level.links.retain(|link| link.from != here);
                    // The square itself is no staircase of that way either (seed 227 of
                    // b31-int31-w took its arrival square for the up stairs and sent `<` from
                    // it until the stuck watch ended the game).
                    if let Some(sq) = level.at_mut(here) {
                        let stairs = if up {
                            [Feature::StairsUp, Feature::LadderUp]
                        } else {
                            [Feature::StairsDown, Feature::LadderDown]
                        };
                        if stairs.contains(&sq.feature) {
                            sq.feature = Feature::Floor;
                        }
                    }
                }
            }
            if message.contains("This door is locked") {
                if let Some(door) = self.door_in_question() {
                    if let Some(sq) = self.dungeon.current_mut().and_then(|l| l.at_mut(door)) {
                        sq.locked = true;
                    }
                }
            }
            if message.contains("diagonally out of an intact doorway") {
                self.mark_door(self.player);
            }
            if message.contains("diagonally into an intact doorway") {
                if let Some(p) = self.target_square() {
                    self.mark_door(p);
                }
            }
            // The boulder we pushed filled the hole or pit ahead: floor now, even while a
            // monster stands on it (the map would keep showing the trap remembered there).
            if message.contains("plugs a hole") || message.contains("fills a pit") {
                if let Some(p) = self.target_square() {
                    self.set_feature(p, Feature::Floor);
                }
            }
            if message.contains("This door is already open") {
                if let Some(p) = self.target_square() {
                    self.set_feature(p, Feature::OpenDoor);
                }
            }
            if message.contains("statue")
                && (message.contains("harmlessly attack") || message.contains("cannot move past"))
            {
                if let Some(p) = self.target_square() {
                    self.set_feature(p, Feature::Statue);
                    self.monsters.retain(|m| m.pos != p);
                }
            }
            // Standing on a statue: the monster glyph shown here once we step off is no monster.
            if message.contains("You see here a statue of")
                || message.contains("You see here a historic statue of")
            {
                if let Some(sq) = self
                    .dungeon
                    .current_mut()
                    .and_then(|l| l.at_mut(self.player))
                {
                    if sq.statue.is_none() {
                        sq.statue = Some(('\0', 0));
                    }
                }
            }
            if message.contains("You try to move the boulder, but in vain")
                || message.contains("Perhaps that's why you cannot move past it")
            {
                if let Some(p) = self.target_square() {
                    if let Some(sq) = self.dungeon.current_mut().and_then(|l| l.at_mut(p)) {
                        sq.bumps = sq.bumps.max(2);
                    }
                }
            }
            // Stairs hidden under an object or monster are named when stepped on.
            for (words, feature) in [
                ("There is a staircase down here", Feature::StairsDown),
                ("There is a staircase up here", Feature::StairsUp),
                ("There is a ladder down here", Feature::LadderDown),
                ("There is a ladder up here", Feature::LadderUp),
            ] {
                if message.contains(words) {
                    self.set_feature(self.player, feature);
                }
            }
            if closed_for_inventory(message) {
                self.mark_doors_near(self.player, 1);
            }
            if message.contains("welcome to") && message.contains("!") {
                self.mark_doors_near(self.player, 0);
            }
        }
        self.messages = messages;
    }

    /// The square the last action aimed at (an attack, an open or kick).
    fn target_square(&self) -> Option<Pos> {
        match self.last_action {
            Some(
                Action::Move { dir }
                | Action::Fight { dir }
                | Action::FightPeaceful { dir }
                | Action::Open { dir }
                | Action::Kick { dir },
            ) if !matches!(dir, crate::Dir::Up | crate::Dir::Down | crate::Dir::Here) => {
                Some(dir.step(self.player))
            }
            _ => None,
        }
    }

    /// A monster that stood next to us before and is gone now (killed in melee).
    fn vanished_neighbour(&self, previous: &[Monster]) -> Option<Pos> {
        previous
            .iter()
            .filter(|m| {
                (m.pos.x - self.player.x).abs() <= 1 && (m.pos.y - self.player.y).abs() <= 1
            })
            .find(|m| !self.monsters.iter().any(|now| now.pos == m.pos))
            .map(|m| m.pos)
    }

    /// The closed door a "This door is locked" refers to.
    fn door_in_question(&self) -> Option<Pos> {
        let level = self.dungeon.current()?;
        if let Some(p) = self
            .target_square()
            .filter(|&p| level.feature(p) == Feature::ClosedDoor)
        {
            return Some(p);
        }
        let mut doors =
            neighbours(self.player).filter(|&p| level.feature(p) == Feature::ClosedDoor);
        let first = doors.next()?;
        doors.next().is_none().then_some(first)
    }

    fn mark_doors_near(&mut self, center: Pos, radius: i16) {
        let Some(level) = self.dungeon.current_mut() else {
            return;
        };
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let p = Pos::new(center.x + dx, center.y + dy);
                if let Some(sq) = level.at_mut(p).filter(|s| s.feature.is_door_square()) {
                    sq.shop_door = true;
                }
            }
        }
    }

    /// A shopkeeper waits next to the shop door: any `@` beside a door makes it a shop door.
    pub(crate) fn mark_shop_doors(&mut self) {
        let keepers: Vec<Pos> = self
            .monsters
            .iter()
            .filter(|m| (m.ch == '@' && !m.hallucinated) || m.is_shopkeeper())
            .map(|m| m.pos)
            .collect();
        for p in keepers {
            self.mark_doors_near(p, 1);
        }
    }

    fn set_feature(&mut self, p: Pos, feature: Feature) {
        if let Some(sq) = self.dungeon.current_mut().and_then(|l| l.at_mut(p)) {
            sq.feature = feature;
        }
    }

    /// The game says `p` holds a door the map showed as something else (a broken-looking `.`).
    /// The game said "diagonally ... an intact doorway": a door stands there (a doorway we
    /// took for broken or empty included).
    fn mark_door(&mut self, p: Pos) {
        if let Some(sq) = self.dungeon.current_mut().and_then(|l| l.at_mut(p)) {
            if !sq.feature.is_door() {
                sq.feature = Feature::OpenDoor;
            }
        }
    }

    /// A plain step that went nowhere, took no time and said nothing ran into something the
    /// map does not show (a wall corner, a dark boulder): count it, the path finder avoids
    /// squares bumped twice. Any directed action repeated `STUCK_REPEATS` times without a turn
    /// passing or the player moving (an "already open" door we see as closed) counts too.
    pub(crate) fn learn_from_bump(&mut self, prev_player: Pos, elapsed: i64, previous: &[Monster]) {
        let stayed = self.player == prev_player && elapsed == 0;
        let acted = matches!(
            self.last_action,
            Some(
                Action::Move { .. }
                    | Action::Travel { .. }
                    | Action::Open { .. }
                    | Action::Kick { .. }
                    | Action::Fight { .. }
                    | Action::FightPeaceful { .. }
            )
        );
        // Looking (reading an engraving, the inventory, farlook) takes no time and changes
        // nothing: between two refused moves it must not reset the count, or a leaf that
        // looks and then retries the same step loops forever.
        let looked = matches!(
            self.last_action,
            Some(
                Action::Keys { .. }
                    | Action::Inventory
                    | Action::Overview
                    | Action::Farlook { .. }
                    | Action::Look
            )
        ) && stayed;
        self.idle_repeats = if stayed && acted {
            self.idle_repeats + 1
        } else if looked {
            self.idle_repeats
        } else {
            0
        };
        let Some(target) = self.target_square() else {
            return;
        };
        let silent_bump = matches!(self.last_action, Some(Action::Move { .. }))
            && stayed
            && self.messages.is_empty();
        let occupied = |ms: &[Monster]| ms.iter().any(|m| m.pos == target);
        if occupied(previous) || occupied(&self.monsters) {
            // Walking into a monster again and again without a turn passing: the engine keeps
            // declining "Really attack?" (or it is a statue). Treat it as peaceful so paths go
            // around it instead of bumping forever.
            if self.idle_repeats >= STUCK_REPEATS
                && matches!(self.last_action, Some(Action::Move { .. }))
            {
                for m in self.monsters.iter_mut().filter(|m| m.pos == target) {
                    m.peaceful = Some(true);
                }
                self.idle_repeats = 0;
            }
            return;
        }
        // A squeeze refused for our load is no obstacle on the square: the paths keep off
        // squeezes instead (see `squeeze`).
        let squeeze = self
            .messages
            .iter()
            .any(|m| m.contains(crate::squeeze::TOO_MUCH_TO_SQUEEZE));
        if (silent_bump || self.idle_repeats >= STUCK_REPEATS) && !squeeze {
            if let Some(sq) = self.dungeon.current_mut().and_then(|l| l.at_mut(target)) {
                sq.bumps = sq.bumps.saturating_add(if silent_bump { 1 } else { 2 });
            }
            self.idle_repeats = 0;
        }
    }
}

impl World {
    /// A travel (`_`) that left us no nearer its target by our own paths went another way than
    /// ours (the game's travel avoids known traps and guesses a direction when it finds no
    /// route): following it again only loops. The level remembers the target and
    /// `step_along` walks there; arriving forgets it.
    pub(crate) fn learn_from_travel(&mut self, prev_player: Pos) {
        let player = self.player;
        let opts = self.path_opts();
        let last = self.last_action.clone();
        let Some(level) = self.dungeon.current_mut() else {
            return;
        };
        level.travel_astray.retain(|&t| t != player);
        let Some(Action::Travel { to }) = last else {
            return;
        };
        if player == to || level.travel_astray.contains(&to) {
            return;
        }
        let from_target = level.distances(to, &opts);
        let nearer = match (from_target.cost(prev_player), from_target.cost(player)) {
            (Some(before), Some(after)) => after < before,
            // No path of ours either way: nothing to compare with.
            _ => true,
        };
        if !nearer {
            const REMEMBERED: usize = 32;
            if level.travel_astray.len() >= REMEMBERED {
                level.travel_astray.remove(0);
            }
            level.travel_astray.push(to);
        }
    }
}

/// Directed actions in a row that change nothing before their target is given up.
pub const STUCK_REPEATS: u32 = 5;

/// Whether `message` reads the sign a closed shop has before its door ("Closed for
/// inventory"), though worn: a dust engraving loses letters to '?', ' ' and look-alikes but
/// keeps its length (engrave.c `wipeout_text`), so "(|osed for inventory" is still the sign.
/// Kicking that door in breaks into a shop (seed 147 of session 22 died to its keeper).
pub(crate) fn closed_for_inventory(message: &str) -> bool {
    const SIGN: &str = "Closed for inventory";
    if message.contains(SIGN) {
        return true;
    }
    let Some(read) = message.strip_prefix("You read: \"") else {
        return false;
    };
    let text: Vec<char> = read.trim_end_matches(['.', '"']).chars().collect();
    let sign: Vec<char> = SIGN.chars().collect();
    text.len() == sign.len() && text.iter().zip(&sign).filter(|(a, b)| a == b).count() >= 14
}

#[cfg(test)]
mod tests {
    use super::closed_for_inventory;

    #[test]
    fn the_closed_shop_sign_is_read_though_worn() {
        assert!(closed_for_inventory("You read: \"Closed for inventory\"."));
        // Seed 147's, the sign read just before the kick that angered the keeper.
        assert!(closed_for_inventory("You read: \"(|osed for inventory\"."));
        assert!(closed_for_inventory("You read: \"C?os?d f?r inv?nt?ry\"."));
        assert!(!closed_for_inventory("You read: \"Elbereth\"."));
        assert!(!closed_for_inventory("You read: \"ad aerarium\"."));
        assert!(!closed_for_inventory("You read: \"??????????? ????????\"."));
    }
}
