//! Fainting with no food in the pack (the prayer, tried first in `survive`, failed or the god
//! is angry): most of the starved games of the bench (b27, 14 of 200) fainted for hundreds of
//! turns beside corpses they would not eat because their age was unknown. eat.c rots a corpse
//! by age / (10 + rn2(20)): above 5 it is tainted (deadly), so under 60 turns it never is, at
//! 89 one time in four; an unknown corpse is a gamble, but a fainting hero dies anyway.

use super::{
    corpse_age_limit_with, corpse_monster, corpse_refusal_with, may_be_food, pack_food,
    square_given_up, CorpseOpts, NoFoodHere,
};
use crate::look::{self, LookHere};
use crate::recall::Recall;
use nhbot_world::{Action, Hunger, Pos, World};

/// The oldest kill eaten when desperate: tainted one time in four at most (age / 6 - 9 of
/// rn2(20)'s 20 divisors).
pub const FAINTING_CORPSE_AGE: i64 = 89;

/// Longest walk to a corpse of unknown age, in squares.
const REACH: usize = 40;

/// How the reasons name a corpse of unknown age.
pub(super) const UNKNOWN_AGE: &str = "unknown age, eaten Fainting with no food";

/// Whether the node's `allowed` option applies now: Fainting (or fainted) with no food in the
/// pack.
pub fn desperate(w: &World, allowed: bool) -> bool {
    allowed
        && matches!(w.status.hunger, Hunger::Fainting | Hunger::Fainted)
        && pack_food(w).is_none()
}

/// The oldest kill eaten under `opts`.
pub(super) fn age_limit(w: &World, opts: CorpseOpts) -> i64 {
    let limit = corpse_age_limit_with(w, opts.max_age);
    if opts.desperate {
        limit.max(FAINTING_CORPSE_AGE)
    } else {
        limit
    }
}

/// The corpse text of a listing whose only food is one safe corpse (any age), if so.
fn only_safe_corpse(texts: &[&str], race: &str, opts: CorpseOpts) -> Option<String> {
    let food: Vec<&str> = texts.iter().copied().filter(|t| may_be_food(t)).collect();
    let [only] = food.as_slice() else {
        return None;
    };
    let m = corpse_monster(only)?;
    corpse_refusal_with(m, race, opts.starving, opts.poison)
        .is_none()
        .then(|| m.name.to_string())
}

/// The safe corpse listed alone among the food at `pos` (every object of the listing named).
fn listed_corpse(w: &World, pos: Pos, race: &str, opts: CorpseOpts) -> Option<String> {
    let listed = w.objects_at(pos);
    let texts: Vec<&str> = listed.iter().filter_map(|o| o.text.as_deref()).collect();
    if texts.is_empty() || texts.len() < listed.len() {
        return None;
    }
    only_safe_corpse(&texts, race, opts)
}

/// Squares of this level that may hold a corpse worth the gamble: a listing whose only food
/// is a safe corpse, or a `%` never listed. Shops, given-up squares and monsters' squares aside.
fn targets(w: &World, race: &str, opts: CorpseOpts, no_food: &[NoFoodHere]) -> Vec<Pos> {
    let Some(level) = w.level() else {
        return Vec::new();
    };
    // Our kills' squares are judged by their age (`edible_kills_opts`).
    let kill_squares: Vec<Pos> = w
        .kills
        .iter()
        .filter(|k| k.level.is_some() && k.level == w.dungeon.current)
        .filter_map(|k| super::kill_pos(k, opts.sighted))
        .collect();
    let mut out = Vec::new();
    for (i, sq) in level.squares.iter().enumerate() {
        let Some(cell) = sq.object else { continue };
        let p = nhbot_world::level::pos_of(i);
        if p == w.player
            || level.in_shop(p)
            || square_given_up(w, p, no_food, opts.sighted)
            || w.monsters.iter().any(|m| m.pos == p)
            || kill_squares.contains(&p)
        {
            continue;
        }
        let listed = level.objects_at(p);
        // A `%` stood on whose listing stayed unknown is not walked to again.
        let wanted = if listed.iter().all(|o| o.text.is_none()) {
            cell.ch == '%' && sq.walked == 0
        } else {
            listed_corpse(w, p, race, opts).is_some()
        };
        if wanted {
            out.push(p);
        }
    }
    out
}

/// One step toward a corpse of unknown age when `opts.desperate`: eat the one here (alone, or
/// the only food of a listed pile), list an unlisted pile, or walk to the nearest candidate.
pub(super) fn step(
    r: &mut Recall,
    w: &World,
    race: &str,
    opts: CorpseOpts,
    no_food: &[NoFoodHere],
) -> Option<(Action, String)> {
    if !opts.desperate || crate::signs::attacked(&w.messages) {
        return None;
    }
    let why = format!(
        "{:?} with no food in the pack, HP {}",
        w.status.hunger, w.status.hp
    );
    if !square_given_up(w, w.player, no_food, opts.sighted) {
        match look::look_here(&w.messages) {
            // A lone corpse here was judged by the kill step already.
            LookHere::One(_) | LookHere::Nothing => {}
            _ => {
                if let Some(name) = listed_corpse(w, w.player, race, opts) {
                    return Some((
                        Action::Eat { item: None },
                        format!("eating the {name} corpse in the pile here ({UNKNOWN_AGE}; {why})"),
                    ));
                }
                let unlisted = w.objects_here().iter().any(|o| o.text.is_none());
                if unlisted && !look::looked_at(r, w) {
                    return Some((
                        look::look_action_at(r, w),
                        format!("listing the pile here for a corpse ({why})"),
                    ));
                }
            }
        }
    }
    let to = targets(w, race, opts, no_food);
    let path = w.path_to(&to)?;
    (path.steps.len() <= REACH).then(|| {
        let at = path.target();
        (
            w.step_along(&path),
            format!(
                "walking to a corpse of unknown age at ({}, {}), {} steps ({why})",
                at.x,
                at.y,
                path.steps.len()
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::eat_corpse_step_opts;
    use nhbot_world::Kill;

    fn fainting_world() -> World {
        let rows = ["-------", "|.....|", "|.@.%.|", "|.....|", "-------"];
        let mut w = crate::seen::world(&rows);
        crate::seen::show(&mut w, &rows, 500);
        w.status.hunger = Hunger::Fainting;
        w.status.hp = 30;
        w
    }

    fn step_with(w: &World, desperate: bool) -> Option<(Action, String)> {
        let o = CorpseOpts {
            desperate,
            ..CorpseOpts::default()
        };
        eat_corpse_step_opts(&mut Recall::default(), w, "human", o, &[])
    }

    /// Fainting with no food: a lone safe corpse of unknown age here is eaten (never a
    /// cockatrice); without the option it is not.
    #[test]
    fn a_corpse_of_unknown_age_is_eaten_only_when_desperate() {
        let mut w = fainting_world();
        w.messages = vec!["You see here a jackal corpse.".into()];
        let (action, why) = step_with(&w, true).expect("eats");
        assert_eq!(action, Action::Eat { item: None });
        assert!(why.contains("unknown age"), "{why}");
        assert!(!matches!(
            step_with(&w, false),
            Some((Action::Eat { .. }, _))
        ));
        w.messages = vec!["You see here a cockatrice corpse.".into()];
        assert!(!matches!(
            step_with(&w, true),
            Some((Action::Eat { .. }, _))
        ));
    }

    /// Our kill 80 turns old: eaten when desperate (limit 89), not merely Weak (limit 59).
    #[test]
    fn desperate_raises_the_kill_age_limit_to_89() {
        let mut w = fainting_world();
        w.kills = vec![Kill {
            turn: w.turn - 80,
            name: "jackal".into(),
            pos: Some(w.player),
            level: w.dungeon.current,
            in_pile: false,
            by_us: true,
            no_corpse: false,
            vanished: Vec::new(),
        }];
        w.messages = vec!["You see here a jackal corpse.".into()];
        let (action, why) = step_with(&w, true).expect("eats");
        assert_eq!(action, Action::Eat { item: None });
        assert!(why.contains("80 turns old"), "{why}");
        assert!(step_with(&w, false).is_none());
        w.kills[0].turn = w.turn - 95;
        assert!(!matches!(
            step_with(&w, true),
            Some((Action::Eat { .. }, _))
        ));
    }

    /// A `%` never listed is walked to when desperate; not otherwise, not once stood on.
    #[test]
    fn an_unlisted_percent_is_walked_to() {
        let mut w = fainting_world();
        let (action, why) = step_with(&w, true).expect("walks");
        assert!(matches!(action, Action::Move { .. }), "{action:?}");
        assert!(why.contains("unknown age at (4, 2)"), "{why}");
        assert!(step_with(&w, false).is_none());
        let level = w.dungeon.current_mut().unwrap();
        level.at_mut(Pos::new(4, 2)).unwrap().walked = 1;
        assert!(step_with(&w, true).is_none());
    }

    #[test]
    fn desperate_means_fainting_with_no_pack_food() {
        let mut w = fainting_world();
        assert!(desperate(&w, true));
        assert!(!desperate(&w, false));
        w.status.hunger = Hunger::Weak;
        assert!(!desperate(&w, true));
    }

    fn opts() -> CorpseOpts {
        CorpseOpts {
            desperate: true,
            ..CorpseOpts::default()
        }
    }

    #[test]
    fn only_a_lone_safe_corpse_among_the_food_counts() {
        let o = opts();
        assert_eq!(
            only_safe_corpse(&["a jackal corpse", "a dagger"], "human", o).as_deref(),
            Some("jackal")
        );
        assert_eq!(
            only_safe_corpse(&["2 rothe corpses"], "human", o).as_deref(),
            Some("rothe")
        );
        assert!(only_safe_corpse(&["a jackal corpse", "a newt corpse"], "human", o).is_none());
        assert!(only_safe_corpse(&["a cockatrice corpse"], "human", o).is_none());
        assert!(only_safe_corpse(&["a human corpse"], "human", o).is_none());
        assert!(
            only_safe_corpse(&["a kobold corpse"], "human", o).is_none(),
            "poisonous"
        );
        assert!(only_safe_corpse(&["a dagger"], "human", o).is_none());
    }
}
