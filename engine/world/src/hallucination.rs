//! Seeing while hallucinating (3.6.6 display.c): every monster in view is drawn as a random
//! monster and redrawn as another one every turn; every object as a random object (a boulder as
//! any object, any object as a boulder); traps as random traps. The terrain is drawn true, and
//! so is the `I` the game leaves where an unseen monster was. Farlook names a random monster
//! and never says "tame" or "peaceful" (pager.c `lookat`: only when `accurate`), and kill
//! messages name random monsters. So while hallucinating the world learns the terrain as usual,
//! follows monsters by their squares alone (their glyphs say nothing), marks them
//! [`Monster::hallucinated`], and learns no names.
//!
//! Every hallucination on the 200-game bench came from a black light's explosion (33 games,
//! 10d12 turns each; 10 of them died in it): the map and the monster list used to stay frozen
//! as they were before it, so a hero hallucinating alone in a room rested "with no hostile
//! within 6" while a monster it could not name beat it to death.

use crate::level::Level;
use crate::monsters::{sightings, Monster, Tracked};
use crate::tiles::{classify, color_of, Feature, Glyph};
use crate::World;
use nhbot_screen::{Cell, Condition, Pos, COLS, MAP_ROWS};

/// How far a monster may have moved between two frames and still be the same one.
const MAX_STEP: i16 = 3;

fn distance(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

impl World {
    /// Whether the status line shows `Hallu`: monsters and objects on the map are random.
    pub fn hallucinating(&self) -> bool {
        self.status.conditions.contains(&Condition::Hallu)
    }
}

impl Level {
    /// [`Level::update`] while hallucinating (see the module docs): terrain squares are learnt
    /// as usual; a square showing an object or a monster is only seen (walkable: something
    /// lies or stands there); boulders, traps and remembered objects are left as they were.
    /// `can_see_near` (not blind) lets blank neighbours of the hero be learnt as rock.
    pub fn update_hallucinating(
        &mut self,
        map: &[Cell],
        player: Option<Pos>,
        turn: i64,
        can_see_near: bool,
    ) {
        if map.len() < COLS * MAP_ROWS {
            return;
        }
        for y in 0..MAP_ROWS {
            for x in 0..COLS {
                let p = Pos::new(x as i16, y as i16);
                let cell = map[y * COLS + x];
                match classify(map, x, y) {
                    _ if Some(p) == player => {}
                    Glyph::Blank | Glyph::Feature(Feature::Boulder | Feature::Trap) => {}
                    glyph @ Glyph::Feature(_) => {
                        self.update_square(p, glyph, color_of(&cell), cell, turn)
                    }
                    Glyph::Object | Glyph::Monster => {
                        let Some(sq) = self.at_mut(p) else { continue };
                        if sq.feature == Feature::Unknown {
                            sq.feature = Feature::Floor;
                        }
                        sq.seen += 1;
                        sq.last_seen = turn;
                    }
                }
            }
        }
        self.note_hero(map, player, turn, can_see_near);
    }
}

impl Level {
    /// Squares next to `player` drawn blank that the level knows as walkable: hallucinating,
    /// a monster may be drawn as a ghost or a shade, whose symbol is a space (defsym.h
    /// `S_ghost`), and a square next to us is always drawn (not blind) as what is there.
    /// Seed 184 of the 200-game bench: a soldier ant so drawn beside the hero "was not there"
    /// and the hero searched 5 turns under its blows.
    pub fn blanks_next_to(&self, map: &[Cell], player: Option<Pos>) -> Vec<Pos> {
        let Some(me) = player else {
            return Vec::new();
        };
        if map.len() < COLS * MAP_ROWS {
            return Vec::new();
        }
        let mut out = Vec::new();
        for dy in -1..=1i16 {
            for dx in -1..=1i16 {
                let p = Pos::new(me.x + dx, me.y + dy);
                let on_map = (0..COLS as i16).contains(&p.x) && (0..MAP_ROWS as i16).contains(&p.y);
                if (dx, dy) == (0, 0) || !on_map {
                    continue;
                }
                let blank = map[p.y as usize * COLS + p.x as usize].ch == ' ';
                if blank && self.at(p).is_some_and(|sq| sq.feature.walkable()) {
                    out.push(p);
                }
            }
        }
        out
    }
}

/// The monsters on `map` while hallucinating, followed from `previous` by their squares alone:
/// each takes the nearest unclaimed monster of the last frame within [`MAX_STEP`] (those that
/// stayed put first), whatever either was drawn as, and keeps its first sighting. What the last
/// frame knew of it (name, tame, peaceful) stays only when the match is unambiguous: no other
/// monster now near its old square and none other then near its new one; else it is unknown.
/// The `I` marks are real and are followed as such. `gone`: the monsters of `previous` matched
/// to none. `drawn_blank`: squares whose blank is a monster drawn as a ghost (see
/// [`Level::blanks_next_to`]).
pub fn track_hallucinated(
    previous: &[Monster],
    map: &[Cell],
    player: Option<Pos>,
    turn: i64,
    drawn_blank: &[Pos],
) -> Tracked {
    let Some(seen) = sightings(map, player, turn, |x, y, _| {
        classify(map, x, y) == Glyph::Monster || drawn_blank.contains(&Pos::new(x as i16, y as i16))
    }) else {
        return Tracked::unread(previous);
    };
    let mut now: Vec<Monster> = seen
        .into_iter()
        .map(|m| Monster {
            hallucinated: m.ch != 'I',
            ..m
        })
        .collect();
    let mut claimed = vec![false; previous.len()];
    let mut matched = vec![false; now.len()];
    // An `I` is the same mark when it stays on its square.
    for (m, done) in now.iter_mut().zip(matched.iter_mut()) {
        if m.ch != 'I' {
            continue;
        }
        let found = previous
            .iter()
            .enumerate()
            .find(|(i, old)| !claimed[*i] && old.ch == 'I' && old.pos == m.pos);
        if let Some((i, old)) = found {
            claimed[i] = true;
            *done = true;
            m.first_seen = old.first_seen;
        }
    }
    let near = |list: &mut dyn Iterator<Item = Pos>, p: Pos| {
        list.filter(|&q| distance(q, p) <= MAX_STEP).count()
    };
    let now_positions: Vec<Pos> = now.iter().filter(|m| m.ch != 'I').map(|m| m.pos).collect();
    let old_positions: Vec<Pos> = previous
        .iter()
        .filter(|m| m.ch != 'I')
        .map(|m| m.pos)
        .collect();
    for pass in 0..=MAX_STEP {
        for (m, done) in now.iter_mut().zip(matched.iter_mut()) {
            if *done || m.ch == 'I' {
                continue;
            }
            let found = previous
                .iter()
                .enumerate()
                .find(|(i, old)| !claimed[*i] && old.ch != 'I' && distance(old.pos, m.pos) == pass);
            let Some((i, old)) = found else { continue };
            claimed[i] = true;
            *done = true;
            m.first_seen = old.first_seen;
            let alone = near(&mut now_positions.iter().copied(), old.pos) == 1
                && near(&mut old_positions.iter().copied(), m.pos) == 1;
            if alone {
                m.name = old.name.clone();
                m.tame = old.tame;
                m.peaceful = old.peaceful;
            }
        }
    }
    Tracked::settled(previous, &claimed, now, matched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monsters::track;
    use crate::testing::grid;

    /// Rows of a room with the hero at (4, 1).
    fn frame(rows: &[&str]) -> Vec<Cell> {
        grid(rows, &[])
    }

    const HERO: Option<Pos> = Some(Pos::new(4, 1));

    #[test]
    fn a_monster_redrawn_as_another_is_the_same_monster_on_its_square() {
        let sober = track(&[], &frame(&["......", ".d..@.", "......"]), HERO, 1);
        let mut known = sober.clone();
        known[0].name = Some("jackal".into());
        known[0].peaceful = Some(false);
        // Hallucinating: the jackal is drawn as a `Z`, then as a `q` a square closer.
        let first = track_hallucinated(
            &known,
            &frame(&["......", ".Z..@.", "......"]),
            HERO,
            2,
            &[],
        );
        assert_eq!(first.now.len(), 1);
        assert!(first.now[0].hallucinated);
        assert_eq!(first.now[0].first_seen, 1, "followed, not a new sighting");
        assert_eq!(
            first.now[0].name.as_deref(),
            Some("jackal"),
            "alone: still it"
        );
        let second = track_hallucinated(
            &first.now,
            &frame(&["......", "..q.@.", "......"]),
            HERO,
            3,
            &[],
        );
        assert_eq!(second.now[0].pos, Pos::new(2, 1));
        assert_eq!(second.now[0].first_seen, 1);
        assert!(second.gone.is_empty());
    }

    #[test]
    fn two_monsters_close_together_lose_what_was_known_of_them() {
        let mut known = track(&[], &frame(&["......", ".fd.@.", "......"]), HERO, 1);
        known[0].tame = true;
        known[0].peaceful = Some(true);
        let next = track_hallucinated(
            &known,
            &frame(&["......", ".AB.@.", "......"]),
            HERO,
            2,
            &[],
        );
        assert_eq!(next.now.len(), 2);
        assert!(
            next.now.iter().all(|m| !m.tame && m.peaceful.is_none()),
            "either may be the pet: neither is taken for it"
        );
        assert!(next.now.iter().all(|m| m.first_seen == 1));
    }

    #[test]
    fn the_pet_alone_stays_the_pet_and_an_i_mark_is_no_hallucination() {
        let mut known = track(&[], &frame(&["I.....", ".f..@.", "......"]), HERO, 1);
        let pet = known.iter_mut().find(|m| m.ch == 'f').unwrap();
        pet.tame = true;
        pet.peaceful = Some(true);
        let next = track_hallucinated(
            &known,
            &frame(&["I.....", "..&.@.", "......"]),
            HERO,
            2,
            &[],
        );
        let pet = next.now.iter().find(|m| m.ch == '&').unwrap();
        assert!(pet.tame && pet.hallucinated);
        let mark = next.now.iter().find(|m| m.ch == 'I').unwrap();
        assert!(!mark.hallucinated, "the game draws `I` true");
        assert_eq!(mark.first_seen, 1);
        // A new monster far from any known one is a new sighting, known to be nothing.
        let far = track_hallucinated(
            &next.now,
            &frame(&["I....Y", "..&.@.", "......"]),
            HERO,
            3,
            &[],
        );
        let y = far.now.iter().find(|m| m.ch == 'Y').unwrap();
        assert_eq!((y.first_seen, y.tame, y.peaceful), (3, false, None));
    }

    /// One frame of `rows` (the hero is the `@`) at `turn`, hallucinating or not.
    fn show(w: &mut World, rows: &[&str], turn: i64, hallu: bool, messages: &[&str]) {
        let map = frame(rows);
        let player = rows
            .iter()
            .enumerate()
            .find_map(|(y, r)| r.find('@').map(|x| Pos::new(x as i16, y as i16)));
        let status = nhbot_screen::Status {
            dlvl: 13,
            level_name: "Dlvl:13".into(),
            turn: Some(turn),
            hp: 71,
            hp_max: 71,
            conditions: if hallu {
                vec![Condition::Hallu]
            } else {
                vec![]
            },
            ..Default::default()
        };
        let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
        w.observe(crate::Observation {
            map: &map,
            player,
            status: Some(&status),
            messages: &messages,
            cursor_on_map: true,
        });
    }

    /// Seed 107 of the bench: a black light exploded in an empty room; the monster that came
    /// next to us while we hallucinated was not in the world's list (it stayed frozen, empty),
    /// so the bot rested "with no hostile within 6" under its kicks and died. Now the monster
    /// is there, unnamed, whatever farlook and the kill messages say of it.
    #[test]
    fn the_world_sees_monsters_it_cannot_name_while_hallucinating() {
        let mut w = World::default();
        let room = ["|......|", "|..@...|", "|......|"];
        show(&mut w, &room, 7912, false, &[]);
        assert!(w.monsters.is_empty());
        show(
            &mut w,
            &room,
            7915,
            true,
            &[
                "It explodes!",
                "You are caught in a blast of kaleidoscopic light!",
            ],
        );
        assert!(w.hallucinating());
        show(
            &mut w,
            &["|..Z...|", "|..@...|", "|......|"],
            7928,
            true,
            &["The gnome king kicks!"],
        );
        assert_eq!(w.monsters.len(), 1, "{:?}", w.monsters);
        let m = &w.monsters[0];
        assert!(m.hallucinated && m.maybe_hostile() && m.name.is_none());
        // It is redrawn as another monster next turn: still the same one, still unknown.
        show(
            &mut w,
            &["|...c..|", "|..@...|", "|......|"],
            7929,
            true,
            &[],
        );
        assert_eq!(w.monsters.len(), 1);
        assert_eq!(w.monsters[0].first_seen, 7928);
        // Farlook names a random monster and never says peaceful: nothing is learnt.
        let at = w.monsters[0].pos;
        w.observe(crate::Event::Farlook {
            at,
            answer: &crate::Farlook {
                name: "newt".into(),
                peaceful: false,
                tame: false,
                statue: false,
            },
        });
        assert_eq!(w.monsters[0].name, None);
        assert_eq!(w.monsters[0].peaceful, None);
        // Paths never walk into it (it may be a floating eye or a peaceful).
        assert!(w.path_opts().blocked.contains(&at));
        // A kill names a random monster: its corpse is not known for what it is.
        w.observe(crate::Event::Action(&crate::Action::Move {
            dir: crate::Dir::NE,
        }));
        show(
            &mut w,
            &["|...%..|", "|..@...|", "|......|"],
            7930,
            true,
            &["You kill the lichen!"],
        );
        let kill = w.kills.last().expect("the kill is recorded");
        assert!(kill.no_corpse, "{kill:?}");
        // Sober again: what was seen hallucinating is no known monster.
        show(
            &mut w,
            &["|...d..|", "|..@...|", "|......|"],
            8000,
            false,
            &[],
        );
        assert_eq!(w.monsters.len(), 1);
        assert!(!w.monsters[0].hallucinated);
        assert_eq!(w.monsters[0].first_seen, 8000);
        assert!(w.remembered.iter().all(|m| !m.hallucinated));
    }

    /// Seed 184 of the bench: hallucinating, the soldier ant beside the hero was drawn as a
    /// ghost (a blank) and the world lost it; the hero searched under its blows and died.
    #[test]
    fn a_monster_drawn_as_a_ghost_next_to_us_is_a_monster() {
        let mut w = World::default();
        show(
            &mut w,
            &["|......|", "|..@...|", "|......|"],
            100,
            false,
            &[],
        );
        show(
            &mut w,
            &["|..Z...|", "|..@...|", "|......|"],
            101,
            true,
            &[],
        );
        assert_eq!(w.monsters.len(), 1);
        // Redrawn as a ghost: a blank where the floor is known.
        show(
            &mut w,
            &["|.. ...|", "|..@...|", "|......|"],
            102,
            true,
            &["The gnome lord bites!"],
        );
        assert_eq!(w.monsters.len(), 1, "{:?}", w.monsters);
        assert_eq!(w.monsters[0].pos, Pos::new(3, 0));
        assert!(w.monsters[0].hallucinated && w.monsters[0].first_seen == 101);
        assert_eq!(w.level().unwrap().feature(Pos::new(3, 0)), Feature::Floor);
        // A blank two squares away, or on a square never seen, is no monster.
        show(
            &mut w,
            &["|.....  ", "|..@... ", "|......|"],
            103,
            true,
            &[],
        );
        assert!(w.monsters.is_empty(), "{:?}", w.monsters);
    }

    #[test]
    fn terrain_is_learnt_and_objects_and_boulders_are_not() {
        let mut level = Level::default();
        level.update(
            &frame(&["|.....", "|.)..@", "|....."]),
            Some(Pos::new(5, 1)),
            1,
            true,
        );
        let dagger = level.at(Pos::new(2, 1)).unwrap().object;
        assert!(dagger.is_some());
        // Hallucinating: the dagger is drawn as a boulder, a new corridor is seen, a monster
        // stands on a square never seen.
        level.update_hallucinating(
            &frame(&["|.....#", "|.0..@.", "|....Z."]),
            Some(Pos::new(5, 1)),
            2,
            true,
        );
        assert_eq!(level.feature(Pos::new(2, 1)), Feature::Floor, "no boulder");
        assert_eq!(
            level.at(Pos::new(2, 1)).unwrap().object,
            dagger,
            "the dagger stays"
        );
        assert_eq!(level.feature(Pos::new(6, 0)), Feature::Corridor);
        assert_eq!(level.feature(Pos::new(5, 2)), Feature::Floor);
        assert_eq!(level.at(Pos::new(5, 2)).unwrap().last_seen, 2);
    }
}
