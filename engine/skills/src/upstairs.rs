//! Flee upstairs: when the fight next to us is going badly and the up staircase is a few steps
//! away, walk to it and climb. Only monsters adjacent when we climb follow us (a group is cut
//! down to those next to us, a slow monster a step behind is left), and the level above was
//! explored already. Never on Dlvl 1 (its up stairs leave the dungeon: the game ends) nor in
//! Sokoban (its up stairs lead to the next puzzle).

use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, Branch, Feature, Pos, World};

/// Why the fight is going badly, if it is: the hostiles within two squares would take our HP
/// in `turns` turns at their expected damage, or the look-ahead against those next to us would
/// rather not fight.
pub fn losing(r: &Recall, w: &World, threats: &[Threat], turns: f64) -> Option<String> {
    let near: Vec<&Threat> = threats
        .iter()
        .filter(|t| t.hostile && t.distance <= 2)
        .collect();
    let worst = near.first()?;
    let pressure: f64 = near.iter().map(|t| t.expected_damage).sum();
    let hp = f64::from(w.status.hp);
    if pressure * turns >= hp {
        return Some(format!(
            "{} ({} hostile(s) within 2, {pressure:.1} dmg/turn) would take HP {}/{} in {turns} turns",
            worst.name,
            near.len(),
            w.status.hp,
            w.status.hp_max
        ));
    }
    let duel = crate::steps::duel_here(r, w, threats)?;
    let (choice, value) = duel.best(4);
    (choice != crate::Choice::Fight).then(|| {
        format!(
            "the look-ahead vs {} says {choice:?} ({value:.2}) at HP {}/{}",
            worst.name, w.status.hp, w.status.hp_max
        )
    })
}

/// One step of the escape up, below `below` of max HP: climb when on the up stairs, else step along the shortest path
/// to them (at most `reach` squares, around every monster). A foe faster than us within two
/// squares gets free blows while we walk: then only a walk of one or two steps. Never off a
/// verified Elbereth while it holds the hostiles next to us, nor to stairs a hostile stands next
/// to.
pub fn flee_upstairs_step(
    r: &Recall,
    w: &World,
    reach: usize,
    turns: f64,
    below: f64,
) -> Option<(Action, String)> {
    flee_upstairs_by(r, w, reach, turns, below, None)
}

/// The `ignorers` rule of `flee_upstairs` (off when `None`): below `below` of max HP, with a
/// hostile that ignores Elbereth in view or seen on this level within `memory` turns
/// ([`crate::ignorers::known`]), go up to rest though the fight is not lost yet, by a walk of at
/// most `reach` steps whose first step ends next to no hostile in view (an elf moves at our
/// speed: walking away from it costs no blow, a step beside it does).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IgnorerRule {
    pub below: f64,
    pub memory: i64,
    pub reach: usize,
    /// Not while a hostile in view is within this many squares (0: no such gate): in a fight
    /// the walk hands the elf the turn and brings it along (b30-elves: where it replaced a
    /// blow, 2 games better, 8 worse; where it replaced a rest, 7 better, 4 worse).
    pub calm: i16,
}

/// [`flee_upstairs_step`] with the [`IgnorerRule`] when given.
pub fn flee_upstairs_by(
    r: &Recall,
    w: &World,
    reach: usize,
    turns: f64,
    below: f64,
    ignorers: Option<IgnorerRule>,
) -> Option<(Action, String)> {
    let level = w.level()?;
    if w.status.dlvl <= 1 || level.branch == Branch::Sokoban {
        return None;
    }
    // Healthy enough to go down again at once (`ready_to_descend` wants 0.8): no fleeing up
    // only to come straight back.
    let hurt = w.hp_fraction() < below;
    let rule = ignorers.filter(|i| w.hp_fraction() < i.below);
    if !hurt && rule.is_none() {
        return None;
    }
    let threats = threat::threats(r, w);
    let lost = if hurt {
        losing(r, w, &threats, turns)
    } else {
        None
    };
    let (why, reach, careful) = match lost {
        Some(why) => (why, reach, false),
        None => {
            let rule = rule?;
            if threats.iter().any(|t| t.hostile && t.distance <= rule.calm) {
                return None;
            }
            let who = crate::ignorers::known(r, w, rule.memory)?;
            let why = format!(
                "{} ignores Elbereth, HP {}/{}: resting on the level above",
                who.describe(),
                w.status.hp,
                w.status.hp_max
            );
            (why, rule.reach, true)
        }
    };
    // On a verified Elbereth with every hostile next to us respecting it, the walk is what
    // exposes us (seed 2 left one for stairs 3 steps away past two soldier ants, and died).
    if crate::elbereth::on_verified_elbereth(r, w) && crate::elbereth::near_threats(r, w).1 {
        return None;
    }
    if level.feature(w.player) == Feature::StairsUp {
        return Some((Action::Ascend, format!("fleeing up the stairs: {why}")));
    }
    let stairs = level.find(Feature::StairsUp);
    if stairs.is_empty() {
        return None;
    }
    let mut opts = w.path_opts();
    opts.monster_cost = None;
    opts.blocked
        .extend(w.monsters.iter().filter(|m| !m.tame).map(|m| m.pos));
    let path = level.path(w.player, &stairs, &opts)?;
    // A faster foe within two squares is next to us within a step and bites all the way.
    let faster_foe_near = threats
        .iter()
        .any(|t| t.hostile && t.distance <= 2 && t.speed > crate::threat::OUR_SPEED);
    let longest = if faster_foe_near { reach.min(2) } else { reach };
    if path.steps.len() > longest {
        return None;
    }
    // A hostile next to the stairs and not next to us now would greet us there and climb with us.
    let stairs_at: Pos = path.target();
    if threats
        .iter()
        .any(|t| t.hostile && t.distance > 1 && crate::threat::distance(t.pos, stairs_at) <= 1)
    {
        return None;
    }
    // Not lost yet: no step that ends next to a hostile (it strikes before we move again).
    if careful
        && threats
            .iter()
            .any(|t| t.hostile && crate::threat::distance(t.pos, path.steps[0]) <= 1)
    {
        return None;
    }
    let to: Pos = path.target();
    Some((
        w.step_along(&path),
        format!(
            "fleeing to the up stairs at ({}, {}), {} steps: {why}",
            to.x,
            to.y,
            path.steps.len()
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::{show_saying, world};
    use nhbot_world::Dir;

    /// `rows` with the hero standing on the up stairs (seen first, then stood on).
    fn on_stairs(rows: &[&str], hp: i32) -> World {
        let stairs: Vec<String> = rows.iter().map(|r| r.replace('@', "<")).collect();
        let stairs: Vec<&str> = stairs.iter().map(String::as_str).collect();
        let mut w = world(&stairs);
        show_saying(&mut w, rows, 2, &["There is a staircase up here."]);
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (hp, 60, 6, 4);
        w
    }

    fn hurt(rows: &[&str], hp: i32) -> World {
        let mut w = world(rows);
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (hp, 60, 6, 4);
        w
    }

    fn name_all(w: &mut World, name: &str) {
        for m in &mut w.monsters {
            m.name = Some(name.into());
        }
    }

    #[test]
    fn climbs_when_on_the_stairs_and_losing() {
        // The `<` under us is not drawn: tell the level it is there.
        let mut w = on_stairs(&["-----", "|.a.|", "|.@.|", "|...|", "-----"], 14);
        assert_eq!(w.feature_here(), Feature::StairsUp);
        name_all(&mut w, "soldier ant");
        let (action, why) = flee_upstairs_step(&Recall::default(), &w, 8, 4.0, 0.7)
            .expect("losing to a soldier ant");
        assert_eq!(action, Action::Ascend, "{why}");
        assert!(why.contains("soldier ant"), "{why}");
        w.status.hp = 45;
        assert_eq!(
            flee_upstairs_step(&Recall::default(), &w, 8, 4.0, 0.7),
            None,
            "at 75% HP the bot would come straight back down"
        );
        // Healthy against a newt: no reason to leave.
        let mut easy = on_stairs(&["-----", "|.:.|", "|.@.|", "|...|", "-----"], 60);
        name_all(&mut easy, "newt");
        assert_eq!(
            flee_upstairs_step(&Recall::default(), &easy, 8, 4.0, 0.7),
            None
        );
    }

    #[test]
    fn walks_to_near_stairs_around_the_monster_but_not_far_ones() {
        let rows = [
            "----------",
            "|<.......|",
            "|..@.....|",
            "|...C....|",
            "----------",
        ];
        let mut w = hurt(&rows, 20);
        name_all(&mut w, "plains centaur");
        let (action, why) = flee_upstairs_step(&Recall::default(), &w, 8, 4.0, 0.7)
            .expect("the stairs are 2 steps away");
        assert!(
            matches!(
                action,
                Action::Move {
                    dir: Dir::W | Dir::NW
                }
            ),
            "{action:?} {why}"
        );
        assert!(why.contains("up stairs at (1, 1)"), "{why}");
        // The same fight with the stairs 2 steps away but a reach of 1: no.
        assert_eq!(
            flee_upstairs_step(&Recall::default(), &w, 1, 4.0, 0.7),
            None
        );
        // Dlvl 1: the up stairs leave the dungeon.
        w.status.dlvl = 1;
        assert_eq!(
            flee_upstairs_step(&Recall::default(), &w, 8, 4.0, 0.7),
            None
        );
    }

    /// A soldier ant (speed 18) next to us bites as we walk: a long walk only feeds it.
    #[test]
    fn a_faster_foe_next_to_us_allows_only_a_short_walk() {
        let rows = [
            "----------",
            "|<.......|",
            "|........|",
            "|.....@a.|",
            "----------",
        ];
        let mut w = hurt(&rows, 14);
        name_all(&mut w, "soldier ant");
        assert_eq!(
            flee_upstairs_step(&Recall::default(), &w, 8, 4.0, 0.7),
            None
        );
    }

    /// Seed 2 of the 200-game bench: hurt on a verified Elbereth, soldier ants two squares away,
    /// the up stairs three steps off with an ant beside them. It walked and died.
    #[test]
    fn stays_on_a_verified_elbereth_and_away_from_guarded_stairs() {
        let rows = [
            "----------",
            "|.....<..|",
            "|........|",
            "|..@.a...|",
            "----------",
        ];
        let mut w = hurt(&rows, 18);
        name_all(&mut w, "soldier ant");
        assert_eq!(
            flee_upstairs_step(&Recall::default(), &w, 8, 4.0, 0.7),
            None,
            "a faster ant two squares away, three steps to walk (the old rule counted only one next to us)"
        );
        // Two steps to the stairs, losing to the orc next to us: it flees, unless another orc
        // stands beside the stairs.
        let clear = [
            "----------",
            "|...<....|",
            "|........|",
            "|..@o....|",
            "----------",
        ];
        let mut w = hurt(&clear, 10);
        name_all(&mut w, "hill orc");
        let r = Recall::default();
        assert!(flee_upstairs_step(&r, &w, 8, 4.0, 0.7).is_some());
        let guarded = [
            "----------",
            "|...<o...|",
            "|........|",
            "|..@o....|",
            "----------",
        ];
        let mut w = hurt(&guarded, 10);
        name_all(&mut w, "hill orc");
        assert_eq!(
            flee_upstairs_step(&r, &w, 8, 4.0, 0.7),
            None,
            "the orc beside the stairs would climb with us"
        );
        // A slow orc next to us, the stairs clear, read back on our Elbereth: stay.
        let near = [
            "----------",
            "|<.......|",
            "|..o.....|",
            "|..@.....|",
            "----------",
        ];
        let r = Recall::default();
        let mut w = hurt(&near, 10);
        name_all(&mut w, "hill orc");
        assert!(
            flee_upstairs_step(&r, &w, 8, 4.0, 0.7).is_some(),
            "off an ordinary square it flees"
        );
        show_saying(&mut w, &near, 2, &["You read: \"Elbereth\"."]);
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (10, 60, 6, 4);
        name_all(&mut w, "hill orc");
        assert_eq!(
            flee_upstairs_step(&r, &w, 8, 4.0, 0.7),
            None,
            "on our verified Elbereth the orc respects: stay"
        );
    }

    const ELVES: IgnorerRule = IgnorerRule {
        below: 0.6,
        memory: 50,
        reach: 20,
        calm: 0,
    };

    /// Seed 149 of b29: at HP 12/56 with a Woodland-elf about, it rested where it fought and
    /// the elf came back. With `ignorers_below` it walks to the up stairs, the fight not lost.
    #[test]
    fn an_elf_about_sends_a_hurt_hero_upstairs_before_the_fight_is_lost() {
        let rows = [
            "------------",
            "|<.........|",
            "|..........|",
            "|....@...x.|",
            "------------",
        ];
        let mut w = hurt(&rows, 30);
        name_all(&mut w, "Woodland-elf");
        let r = Recall::default();
        assert_eq!(
            flee_upstairs_step(&r, &w, 8, 4.0, 0.7),
            None,
            "off: an elf 4 squares away is no lost fight"
        );
        let (action, why) =
            flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(ELVES)).expect("on: up to rest");
        assert!(
            matches!(
                action,
                Action::Move {
                    dir: Dir::W | Dir::NW
                }
            ),
            "{action:?} {why}"
        );
        assert!(
            why.contains("Woodland-elf") && why.contains("ignores Elbereth"),
            "{why}"
        );
        w.status.hp = 40;
        assert_eq!(
            flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(ELVES)),
            None,
            "at 67% HP, above `below` 0.6"
        );
        // A jackal is no reason: it respects Elbereth.
        let mut jackal = hurt(&rows, 30);
        name_all(&mut jackal, "jackal");
        assert_eq!(
            flee_upstairs_by(&r, &jackal, 8, 4.0, 0.7, Some(ELVES)),
            None
        );
    }

    #[test]
    fn an_elf_out_of_view_counts_for_its_memory_and_never_past_reach() {
        let rows = [
            "------------",
            "|<.........|",
            "|..........|",
            "|....@.....|",
            "------------",
        ];
        let mut w = hurt(&rows, 20);
        w.turn = 200;
        w.remembered.push(nhbot_world::Monster {
            pos: Pos::new(9, 3),
            ch: '@',
            color: 2,
            last_seen: 170,
            name: Some("Green-elf".into()),
            ..nhbot_world::Monster::default()
        });
        let r = Recall::default();
        let (_, why) =
            flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(ELVES)).expect("seen 30 turns ago");
        assert!(why.contains("last seen 30 turn(s) ago"), "{why}");
        let short = IgnorerRule {
            memory: 20,
            ..ELVES
        };
        assert_eq!(
            flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(short)),
            None,
            "forgotten"
        );
        let near = IgnorerRule { reach: 3, ..ELVES };
        assert_eq!(
            flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(near)),
            None,
            "4 steps away"
        );
    }

    /// Walking past the elf would give it a blow: no step that ends next to a hostile.
    #[test]
    fn never_walks_past_the_elf_to_the_stairs() {
        let rows = [
            "------------",
            "|<.........|",
            "|..x.......|",
            "|....@.....|",
            "------------",
        ];
        let mut w = hurt(&rows, 30);
        name_all(&mut w, "Grey-elf");
        let r = Recall::default();
        assert_eq!(flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(ELVES)), None);
    }

    /// With `calm`, an elf within that many squares means a fight: left to the fight's nodes.
    #[test]
    fn calm_leaves_a_near_elf_to_the_fight() {
        let rows = [
            "------------",
            "|<.........|",
            "|..........|",
            "|....@x....|",
            "------------",
        ];
        let mut w = hurt(&rows, 30);
        name_all(&mut w, "Woodland-elf");
        let r = Recall::default();
        assert!(flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(ELVES)).is_some());
        let calm = IgnorerRule { calm: 2, ..ELVES };
        assert_eq!(flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(calm)), None);
        let far = [
            "------------",
            "|<.........|",
            "|..........|",
            "|....@...x.|",
            "------------",
        ];
        let mut w = hurt(&far, 30);
        name_all(&mut w, "Woodland-elf");
        assert!(
            flee_upstairs_by(&r, &w, 8, 4.0, 0.7, Some(calm)).is_some(),
            "4 squares off"
        );
    }
}
