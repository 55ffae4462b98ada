//! `eat_fresh_corpse` as a leaf with its own memory: a second eat from the floor of the same
//! square in the same game turn means the first took no time (the corpse was gone, or a prompt
//! cut the meal short), so that square is given up instead of asked again and again (seeds 52
//! and 69 of the 200-game bench asked 500 and 700 times, the unstick guard passing one turn
//! every 20; a controlled teleport prompt mid-meal held the Sokoban test 5,000 decisions).

use super::poison::corpse_rule;
use super::{desperate, eat_corpse_step_opts, starving, CorpseOpts, NoFoodHere, PoisonParams};
use crate::recall::Recall;
use nhbot_bt::{LeafOutcome, Tick};
use nhbot_world::{Action, Hunger};

/// The squares given up are kept up to this many (older ones are forgotten first).
const MAX_GIVEN_UP: usize = 32;

/// `eat_fresh_corpse`: the node's parameters.
pub struct EatFreshCorpse {
    pub race: String,
    pub when_starving: bool,
    /// The oldest corpse eaten when not Weak (None: `MAX_CORPSE_AGE`).
    pub max_age: Option<i64>,
    /// Also kills seen made that the world could not place for certain ([`super::kill_pos`]).
    pub sighted_kills: bool,
    /// Poisonous corpses that may give poison resistance, with HP to spare; all poisonous
    /// corpses once resistant (None: refused as before).
    pub poison_resistance: Option<PoisonParams>,
    /// Once poison resistant, poisonous corpses are ordinary food (no seeking).
    pub eat_poisonous_when_resistant: bool,
    /// Fainting with no pack food: kills up to `FAINTING_CORPSE_AGE` and floor corpses of
    /// unknown age ([`super::desperate`]).
    pub unknown_when_fainting: bool,
    /// Below this fraction of max HP, only corpses within `hurt_reach` steps (0: off).
    pub hurt_below: f64,
    /// The farthest corpse walked to below `hurt_below`.
    pub hurt_reach: usize,
    /// No meal and no walk while a foe we would not fight is this near (0: off).
    pub foe_radius: i16,
}

/// Turns the fight look-ahead looks ahead when judging a foe near a meal.
const FOE_DEPTH: u32 = 4;

/// A hostile within `radius` squares that the look-ahead would not fight, or whose kind cannot
/// be told: a meal takes turns and a walk to it may lead towards it.
pub(crate) fn dangerous_foe_near(
    r: &Recall,
    w: &nhbot_world::World,
    radius: i16,
) -> Option<String> {
    crate::threat::threats(r, w)
        .into_iter()
        .filter(|t| t.hostile && t.distance <= radius && t.max_damage > 0)
        .find(|t| {
            t.unknown.is_some()
                || crate::monsters::by_name(&t.name)
                    .is_none_or(|foe| !crate::lookahead::would_fight(w, foe, FOE_DEPTH))
        })
        .map(|t| format!("{} {} squares off", t.kind(), t.distance))
}

/// What the node remembers: its last eat from the floor and the squares given up.
#[derive(Debug, Default)]
pub struct CorpseMeals {
    pub last_floor_eat: Option<NoFoodHere>,
    pub given_up: Vec<NoFoodHere>,
}

impl CorpseMeals {
    /// Records an eat from the floor about to be sent; false when the last one was at this
    /// square in this very turn (it took no game time): the square is given up instead.
    pub fn note_floor_eat(&mut self, here: NoFoodHere) -> bool {
        if self.last_floor_eat == Some(here) {
            self.last_floor_eat = None;
            self.given_up.push(here);
            if self.given_up.len() > MAX_GIVEN_UP {
                self.given_up.remove(0);
            }
            return false;
        }
        self.last_floor_eat = Some(here);
        true
    }
}

impl nhbot_bt::Leaf for EatFreshCorpse {
    type State = CorpseMeals;

    fn tick(&self, state: &mut CorpseMeals, t: &mut Tick<'_>) -> LeafOutcome {
        let (w, r) = (t.world, t.blackboard.entry::<Recall>());
        // Fresh kills are free food: eat them whenever there is room (never when Satiated:
        // choking).
        if w.status.hunger == Hunger::Satiated {
            return LeafOutcome::Failure;
        }
        if self.foe_radius > 0 {
            if let Some(foe) = dangerous_foe_near(r, w, self.foe_radius) {
                log::debug!("eat_fresh_corpse: no meal with {foe}");
                return LeafOutcome::Failure;
            }
        }
        let opts = CorpseOpts {
            starving: starving(w, self.when_starving),
            max_age: self.max_age,
            sighted: self.sighted_kills,
            poison: corpse_rule(self.poison_resistance, self.eat_poisonous_when_resistant, w),
            desperate: desperate(w, self.unknown_when_fainting),
            max_steps: (w.hp_fraction() < self.hurt_below).then_some(self.hurt_reach),
        };
        // Twice at most: a square given up leaves the other corpses of the level.
        for _ in 0..2 {
            let step = eat_corpse_step_opts(r, w, &self.race, opts, &state.given_up);
            match step {
                Some((Action::Eat { item: None }, why)) => {
                    if state.note_floor_eat(NoFoodHere::here(w)) {
                        return LeafOutcome::Act(Action::Eat { item: None }, why);
                    }
                    log::info!(
                        "eat_fresh_corpse: the last eat at ({}, {}) took no game time; giving the square up",
                        w.player.x,
                        w.player.y
                    );
                }
                Some((action, why)) => return LeafOutcome::Act(action, why),
                None => return LeafOutcome::Failure,
            }
        }
        LeafOutcome::Failure
    }

    /// The squares given up stay given up whatever ran in between.
    fn halted(&self, _state: &mut CorpseMeals) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::tiles::clr;
    use nhbot_world::{Pos, World};

    fn with(ch: char, color: u8, at: Pos) -> World {
        crate::seen::room_with(ch, color, at)
    }

    #[test]
    fn a_foe_we_would_not_fight_nearby_stops_a_meal_a_jackal_does_not() {
        let r = Recall::default();
        // A soldier ant: the look-ahead takes Elbereth or flight over a fight.
        let w = with('a', clr::BLUE, Pos::new(6, 2));
        assert!(dangerous_foe_near(&r, &w, 3).is_some());
        assert!(dangerous_foe_near(&r, &w, 2).is_none(), "3 squares off");
        // A newt is no reason to leave a corpse.
        let w = with(':', clr::YELLOW, Pos::new(4, 2));
        assert!(dangerous_foe_near(&r, &w, 3).is_none());
    }
}
